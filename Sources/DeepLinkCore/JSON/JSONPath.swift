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

    /// The last step, linked to the path before it. Paths that extend the same path share it, so
    /// giving every value of a document its path costs one small allocation per value instead of
    /// two and a copy of the whole path.
    private let last: Step?

    private final class Step: Sendable {
        let parent: Step?
        let component: Component

        init(parent: Step?, component: Component) {
            self.parent = parent
            self.component = component
        }
    }

    /// The path of the document's root value.
    public static let root = JSONPath(last: nil)

    private init(last: Step?) {
        self.last = last
    }

    /// Creates a path from its steps.
    /// - Parameter components: The steps from the document's root.
    public init(components: [Component]) {
        last = components.reduce(nil) { Step(parent: $0, component: $1) }
    }

    /// The steps from the document's root.
    public var components: [Component] {
        var components: [Component] = []
        var step = last
        while let current = step {
            components.append(current.component)
            step = current.parent
        }
        return components.reversed()
    }

    /// The path of a member of the object at this path.
    /// - Parameter key: The member's name.
    public func appending(key: String) -> JSONPath {
        JSONPath(last: Step(parent: last, component: .key(key)))
    }

    /// The path of an element of the array at this path.
    /// - Parameter index: The element's position, counted from 0.
    public func appending(index: Int) -> JSONPath {
        JSONPath(last: Step(parent: last, component: .index(index)))
    }

    /// Paths are equal when their steps are.
    public static func == (lhs: JSONPath, rhs: JSONPath) -> Bool {
        lhs.last === rhs.last || lhs.components == rhs.components
    }

    /// Hashes the steps.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(components)
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
