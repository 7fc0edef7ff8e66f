/// A JSON value as it was read from a document, with where it stood.
///
/// Objects keep every member in document order, duplicates included, so that readers can
/// report a duplicate key with both of its lines instead of silently keeping the last one.
package struct JSONNode: Sendable, Hashable {
    /// The kinds of JSON values.
    package enum Value: Sendable, Hashable {
        /// `null`.
        case null
        /// `true` or `false`.
        case bool(Bool)
        /// A number.
        case number(Double)
        /// A string, unescaped.
        case string(String)
        /// An array.
        case array([JSONNode])
        /// An object, its members in document order.
        case object([JSONMember])
    }

    /// The value.
    package let value: Value
    /// Where the value starts in the document.
    package let location: SourceLocation
    /// The value's path from the document's root.
    package let path: JSONPath

    /// Creates a node.
    /// - Parameters:
    ///   - value: The value.
    ///   - location: Where the value starts in the document.
    ///   - path: The value's path from the document's root.
    package init(value: Value, location: SourceLocation, path: JSONPath) {
        self.value = value
        self.location = location
        self.path = path
    }

    /// The name of the value's JSON type, as used in error messages: `an object`, `a string`, ...
    package var kindDescription: String {
        switch value {
        case .null: JSONKind.null.rawValue
        case .bool: JSONKind.bool.rawValue
        case .number: JSONKind.number.rawValue
        case .string: JSONKind.string.rawValue
        case .array: JSONKind.array.rawValue
        case .object: JSONKind.object.rawValue
        }
    }

    /// The value without locations, with objects as dictionaries (the last of duplicate keys wins).
    package var plainValue: JSONValue {
        switch value {
        case .null: .null
        case .bool(let bool): .bool(bool)
        case .number(let number): .number(number)
        case .string(let string): .string(string)
        case .array(let elements): .array(elements.map(\.plainValue))
        case .object(let members):
            .object(Dictionary(members.map { ($0.key, $0.value.plainValue) }, uniquingKeysWith: { _, last in last }))
        }
    }
}

/// One `"key": value` member of a JSON object.
package struct JSONMember: Sendable, Hashable {
    /// The member's name, unescaped.
    package let key: String
    /// Where the member's name starts.
    package let keyLocation: SourceLocation
    /// The member's value.
    package let value: JSONNode

    /// Creates a member.
    /// - Parameters:
    ///   - key: The member's name.
    ///   - keyLocation: Where the member's name starts.
    ///   - value: The member's value.
    package init(key: String, keyLocation: SourceLocation, value: JSONNode) {
        self.key = key
        self.keyLocation = keyLocation
        self.value = value
    }
}
