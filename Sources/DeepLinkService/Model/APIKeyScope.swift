import Foundation

/// What an API key may do. A key holds one or more scopes; `admin`, which every key created
/// before scopes existed holds, allows everything. A `Sendable` value.
///
/// | Scope | Allows |
/// |---|---|
/// | `links:read` | reading links and their numbers |
/// | `links:write` | creating, changing and deleting links, and reading them |
/// | `webhooks` | managing webhook endpoints and reading their deliveries |
/// | `admin` | everything, the dashboard's keys and users included |
package enum APIKeyScope: String, Sendable, Hashable, CaseIterable, Comparable {
    case linksRead = "links:read"
    case linksWrite = "links:write"
    case webhooks
    case admin

    /// Whether a key holding `held` may do what needs this scope: `admin` allows everything and
    /// `links:write` allows reading too.
    package func isGranted(by held: Set<APIKeyScope>) -> Bool {
        held.contains(.admin) || held.contains(self) || (self == .linksRead && held.contains(.linksWrite))
    }

    package static func < (lhs: APIKeyScope, rhs: APIKeyScope) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The scope as one bit of a ``mask(_:)``.
    private var bit: UInt8 { 1 << UInt8(Self.allCases.firstIndex(of: self)!) }

    /// Scopes as a bitmask: a request context carries its key's scopes this way, a plain value
    /// that costs nothing to copy on every request, unlike a set.
    package static func mask(_ scopes: Set<APIKeyScope>) -> UInt8 {
        scopes.reduce(0) { $0 | $1.bit }
    }

    /// The scopes of a ``mask(_:)``.
    package static func scopes(inMask mask: UInt8) -> Set<APIKeyScope> {
        Set(allCases.filter { mask & $0.bit != 0 })
    }

    /// Whether a key whose scopes are `mask` may do what needs this scope; see ``isGranted(by:)``.
    package func isGranted(byMask mask: UInt8) -> Bool {
        mask & (Self.admin.bit | bit) != 0 || (self == .linksRead && mask & Self.linksWrite.bit != 0)
    }

    /// Every scope's name, for messages: `links:read, links:write, webhooks, admin`.
    package static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// Reads a scope's name.
    /// - Throws: ``LinkServerError`` with code `invalid-field` for field `scopes`, listing the scopes.
    package static func named(_ name: String) throws(LinkServerError) -> APIKeyScope {
        guard let scope = APIKeyScope(rawValue: name.trimmingCharacters(in: .whitespaces).lowercased()) else {
            throw LinkServerError(code: .invalidField, message: "unknown scope \"\(name)\"; a key's scopes are \(names)", field: "scopes")
        }
        return scope
    }

    /// Scopes as the stores keep them: their names, sorted, separated by spaces.
    package static func stored(_ scopes: Set<APIKeyScope>) -> String {
        scopes.sorted().map(\.rawValue).joined(separator: " ")
    }

    /// Scopes as the stores keep them, or `nil` when the text names none or an unknown one.
    package static func parse(stored text: String) -> Set<APIKeyScope>? {
        var scopes: Set<APIKeyScope> = []
        for name in text.split(separator: " ") {
            guard let scope = APIKeyScope(rawValue: String(name)) else { return nil }
            scopes.insert(scope)
        }
        return scopes.isEmpty ? nil : scopes
    }

    /// The scopes as a person reads them: `links:read, links:write`.
    package static func list(_ scopes: Set<APIKeyScope>) -> String {
        scopes.sorted().map(\.rawValue).joined(separator: ", ")
    }
}
