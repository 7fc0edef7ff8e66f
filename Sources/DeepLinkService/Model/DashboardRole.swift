import Foundation

/// What a dashboard user may do, and so which keys they may create. A `Sendable` value.
///
/// | Role | May | Keys within |
/// |---|---|---|
/// | `viewer` | see links and numbers | `links:read` |
/// | `editor` | also create, change and delete links | `links:read`, `links:write` |
/// | `admin` | everything: every key, revoking others' keys | every scope |
///
/// A session signed in with an API key has the role its scopes give (``init(scopes:)``).
package enum DashboardRole: String, Sendable, Hashable, CaseIterable, Comparable {
    case viewer
    case editor
    case admin

    /// The role with its article, for sentences: "a viewer", "an editor", "an admin".
    package var withArticle: String {
        switch self {
        case .viewer: "a viewer"
        case .editor: "an editor"
        case .admin: "an admin"
        }
    }

    /// The scopes a user with this role may give the keys they create.
    package var grantableScopes: Set<APIKeyScope> {
        switch self {
        case .viewer: [.linksRead]
        case .editor: [.linksRead, .linksWrite]
        case .admin: Set(APIKeyScope.allCases)
        }
    }

    /// The role of a dashboard session signed in with a key: `admin` for an `admin` key,
    /// `editor` for one that may write links, `viewer` for one that may read them; `nil` for a
    /// key with none of these (`webhooks` alone), which cannot sign in.
    package init?(scopes: Set<APIKeyScope>) {
        if scopes.contains(.admin) {
            self = .admin
        } else if scopes.contains(.linksWrite) {
            self = .editor
        } else if scopes.contains(.linksRead) {
            self = .viewer
        } else {
            return nil
        }
    }

    package static func < (lhs: DashboardRole, rhs: DashboardRole) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// Every role's name, for messages.
    package static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// Reads a role's name.
    /// - Throws: ``LinkServerError`` with code `invalid-field` for field `role`, listing the roles.
    package static func named(_ name: String) throws(LinkServerError) -> DashboardRole {
        guard let role = DashboardRole(rawValue: name.trimmingCharacters(in: .whitespaces).lowercased()) else {
            throw LinkServerError(code: .invalidField, message: "unknown role \"\(name)\"; a user's role is one of \(names)", field: "role")
        }
        return role
    }
}
