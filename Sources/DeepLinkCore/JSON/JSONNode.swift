/// A JSON value as it was read from a document, with where it stood.
///
/// Objects keep every member in document order, duplicates included, so that readers can
/// report a duplicate key with both of its lines instead of silently keeping the last one.
///
/// A node is a position in its ``JSONDocument``, which holds every value of the document in flat
/// arrays: reading a document allocates a few arrays instead of an object per value, and a
/// value's ``path`` is worked out only when asked for (an error message, mostly).
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

    /// The document the value belongs to.
    let document: JSONDocument
    /// The value's position among the document's values, in document order.
    let index: Int32

    /// The value. Arrays and objects list their elements and members anew on each call.
    package var value: Value { document.value(at: index) }
    /// Where the value starts in the document.
    package var location: SourceLocation { document.location(at: index) }
    /// The value's path from the document's root.
    package var path: JSONPath { document.path(at: index) }

    /// Whether the value is `null`, answered without listing an array's or object's contents.
    package var isNull: Bool { document.kind(at: index) == .null }

    /// The name of the value's JSON type, as used in error messages: `an object`, `a string`, ...
    package var kindDescription: String { document.kind(at: index).rawValue }

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

    /// The same value in a document of its own, with the same locations and paths: what a reader
    /// keeps beyond the reading, so it holds its own values and not the whole document's.
    package func detached() -> JSONNode {
        JSONNode(document: document.subtree(at: index), index: 0)
    }

    /// Nodes are equal when their values, locations and paths are, whichever document holds them.
    package static func == (lhs: JSONNode, rhs: JSONNode) -> Bool {
        (lhs.document === rhs.document && lhs.index == rhs.index)
            || (lhs.location == rhs.location && lhs.path == rhs.path && lhs.value == rhs.value)
    }

    /// Hashes the location and the value.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(location)
        hasher.combine(value)
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

/// Every value of one JSON document, in document order, as ``JSONParser`` read them.
///
/// Values are records in one array (their kind, position, parent and payload), strings and keys
/// in another, and the elements of each array and object a range of a third. The earlier tree of
/// nodes, each with its own arrays and path object, spent a third of the time of loading a large
/// config in freeing itself (callgrind, 10,000 routes).
final class JSONDocument: Sendable {
    /// One value.
    struct Record: Sendable {
        var kind: JSONKind
        var line: Int32
        var column: Int32
        /// The array or object holding the value; -1 for the root.
        var parent: Int32
        /// In an object, the member name's position in ``strings``; in an array, the element's index.
        var step: Int32
        /// In an object, where the member's name starts.
        var keyLine: Int32
        var keyColumn: Int32
        /// The string's position in ``strings``, the number's bits, the boolean, or for an array
        /// or object the start of its children in ``children``.
        var payload: UInt64
        /// How many elements or members an array or object has.
        var count: Int32
    }

    let records: [Record]
    let strings: [String]
    let children: [Int32]
    /// The path of the first record's value: the root's for a whole document, a value's for a
    /// document holding one value of another (``subtree(at:)``).
    let basePath: [JSONPath.Component]

    init(records: [Record], strings: [String], children: [Int32], basePath: [JSONPath.Component] = []) {
        self.records = records
        self.strings = strings
        self.children = children
        self.basePath = basePath
    }

    /// A document of the value at `index` and everything inside it.
    ///
    /// Values are recorded in document order and each container's children, strings and
    /// descendants are recorded while it is read, so a value's subtree is one run of each array.
    func subtree(at index: Int32) -> JSONDocument {
        let start = Int(index)
        var last = start
        while records[last].kind == .array || records[last].kind == .object, records[last].count > 0 {
            let record = records[last]
            last = Int(children[Int(record.payload) + Int(record.count) - 1])
        }
        let range = start...last
        var childrenStart = children.count
        var childrenEnd = 0
        var stringsStart = strings.count
        var stringsEnd = 0
        for position in range {
            let record = records[position]
            switch record.kind {
            case .array, .object:
                guard record.count > 0 else { break }
                childrenStart = min(childrenStart, Int(record.payload))
                childrenEnd = max(childrenEnd, Int(record.payload) + Int(record.count))
            case .string:
                stringsStart = min(stringsStart, Int(record.payload))
                stringsEnd = max(stringsEnd, Int(record.payload) + 1)
            default: break
            }
            if position != start, let key = keyIndex(of: record) {
                stringsStart = min(stringsStart, key)
                stringsEnd = max(stringsEnd, key + 1)
            }
        }
        let stringShift = UInt64(min(stringsStart, stringsEnd))
        let childShift = UInt64(min(childrenStart, childrenEnd))
        let records = records[range].enumerated().map { offset, record in
            var copy = record
            copy.parent = offset == 0 ? -1 : record.parent - Int32(start)
            if offset != 0, keyIndex(of: record) != nil { copy.step = record.step - Int32(stringShift) }
            switch record.kind {
            case .string: copy.payload = record.payload - stringShift
            case .array, .object: copy.payload = record.count > 0 ? record.payload - childShift : 0
            default: break
            }
            return copy
        }
        return JSONDocument(
            records: records, strings: stringsStart < stringsEnd ? Array(strings[stringsStart..<stringsEnd]) : [],
            children: childrenStart < childrenEnd ? children[childrenStart..<childrenEnd].map { $0 - Int32(start) } : [],
            basePath: path(at: index).components)
    }

    func kind(at index: Int32) -> JSONKind { records[Int(index)].kind }

    func location(at index: Int32) -> SourceLocation {
        let record = records[Int(index)]
        return SourceLocation(line: Int(record.line), column: Int(record.column))
    }

    func value(at index: Int32) -> JSONNode.Value {
        let record = records[Int(index)]
        switch record.kind {
        case .null: return .null
        case .bool: return .bool(record.payload != 0)
        case .number: return .number(Double(bitPattern: record.payload))
        case .string: return .string(strings[Int(record.payload)])
        case .array:
            let start = Int(record.payload)
            return .array(children[start..<(start + Int(record.count))].map { JSONNode(document: self, index: $0) })
        case .object:
            let start = Int(record.payload)
            return .object(
                children[start..<(start + Int(record.count))].map { child in
                    let member = records[Int(child)]
                    return JSONMember(
                        key: strings[Int(member.step)], keyLocation: SourceLocation(line: Int(member.keyLine), column: Int(member.keyColumn)),
                        value: JSONNode(document: self, index: child))
                })
        }
    }

    /// Where the value's member name is in ``strings``, when the value is an object's member;
    /// `nil` for an array's element and for the root.
    private func keyIndex(of record: Record) -> Int? {
        record.parent >= 0 && records[Int(record.parent)].kind == .object ? Int(record.step) : nil
    }

    func path(at index: Int32) -> JSONPath {
        var components: [JSONPath.Component] = []
        var current = records[Int(index)]
        while current.parent >= 0 {
            let parent = records[Int(current.parent)]
            components.append(keyIndex(of: current).map { .key(strings[$0]) } ?? .index(Int(current.step)))
            current = parent
        }
        return JSONPath(components: basePath + components.reversed())
    }
}
