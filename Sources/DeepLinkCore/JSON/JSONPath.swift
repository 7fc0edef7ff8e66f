/// The path to a value inside a JSON document, written the way users read it:
/// `routes["sales/:saleId"].routeParameters.saleId.regex` or `routes["a"].handlers[2]`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// One step of a path.
    public enum Component: Sendable, Hashable {
        /// A member of an object.
        case key(String)
        /// An element of an array, counted from 0.
        case index(Int)
    }

    /// The steps from the document's root.
    public let components: [Component]

    /// The path of the document's root value.
    public static let root = JSONPath(components: [])

    /// Creates a path from its steps.
    /// - Parameter components: The steps from the document's root.
    public init(components: [Component]) {
        self.components = components
    }

    /// The path of a member of the object at this path.
    /// - Parameter key: The member's name.
    public func appending(key: String) -> JSONPath {
        JSONPath(components: components + [.key(key)])
    }

    /// The path of an element of the array at this path.
    /// - Parameter index: The element's position, counted from 0.
    public func appending(index: Int) -> JSONPath {
        JSONPath(components: components + [.index(index)])
    }

    /// The path written as in the issue tracker and the docs; `(root)` for the root.
    public var description: String {
        guard !components.isEmpty else { return "(root)" }
        var text = ""
        for component in components {
            switch component {
            case .key(let key) where Self.isPlainIdentifier(key):
                text += text.isEmpty ? key : ".\(key)"
            case .key(let key):
                text += "[\(JSONWriter.quoted(key))]"
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }

    private static func isPlainIdentifier(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else {
            return false
        }
        return key.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }
}
