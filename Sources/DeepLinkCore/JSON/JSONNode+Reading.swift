extension JSONNode {
    /// The string, or an error naming this value's path and location.
    /// - Throws: ``ConfigError`` with code `wrong-type` when the value is not a string.
    package func readString() throws(ConfigError) -> String {
        guard case .string(let string) = value else { throw wrongType(expected: "a string") }
        return string
    }

    /// The string, which must not be empty or only white space.
    /// - Throws: ``ConfigError`` when the value is not a string (`wrong-type`) or is blank (`invalid-value`).
    package func readNonEmptyString() throws(ConfigError) -> String {
        let string = try readString()
        guard !Self.isBlank(string) else {
            throw ConfigError(code: .invalidValue, message: "must not be empty", at: self)
        }
        return string
    }

    /// Whether a string is empty or only white space, as ``readNonEmptyString()`` refuses.
    static func isBlank(_ string: String) -> Bool {
        // A visible ASCII first byte starts a character that is not white space; most strings start with one.
        let startsVisible = string.utf8.first.map { (0x21...0x7E).contains($0) } ?? false
        return !startsVisible && !string.contains(where: { !$0.isWhitespace })
    }

    /// A boolean written as a JSON boolean or as the string `"true"` or `"false"`, as the
    /// MobileDeepLinking libraries accepted.
    /// - Throws: ``ConfigError`` with code `wrong-type` for anything else.
    package func readBool() throws(ConfigError) -> Bool {
        switch value {
        case .bool(let bool): return bool
        case .string("true"): return true
        case .string("false"): return false
        case .string(let string):
            throw ConfigError(
                code: .wrongType, message: "expected a boolean (true or false), found the string \(JSONWriter.quoted(string))",
                at: self)
        default: throw wrongType(expected: "a boolean (true or false)")
        }
    }

    /// A number.
    /// - Throws: ``ConfigError`` with code `wrong-type` when the value is not a number.
    package func readNumber() throws(ConfigError) -> Double {
        guard case .number(let number) = value else { throw wrongType(expected: "a number") }
        return number
    }

    /// A string that names one case of an enumeration, such as a ``LinkOrigin``.
    /// - Parameter type: The enumeration.
    /// - Throws: ``ConfigError`` with code `wrong-type` for a non-string, or `invalid-value`
    ///   listing the allowed names.
    package func readCase<Value: RawRepresentable & CaseIterable>(of type: Value.Type) throws(ConfigError) -> Value
    where Value.RawValue == String {
        let text = try readString()
        guard let value = Value(rawValue: text) else {
            let known = Value.allCases.map(\.rawValue).joined(separator: ", ")
            throw ConfigError(code: .invalidValue, message: "\(JSONWriter.quoted(text)) is not one of \(known)", at: self)
        }
        return value
    }

    /// The elements of an array.
    /// - Throws: ``ConfigError`` with code `wrong-type` when the value is not an array.
    package func readArray() throws(ConfigError) -> [JSONNode] {
        guard case .array(let elements) = value else { throw wrongType(expected: "an array") }
        return elements
    }

    /// An array of non-empty strings.
    /// - Throws: ``ConfigError`` at the first element that is not a non-empty string.
    package func readStringArray() throws(ConfigError) -> [String] {
        var strings: [String] = []
        for element in try readArray() {
            strings.append(try element.readNonEmptyString())
        }
        return strings
    }

    /// An object, checked for duplicate member names.
    /// - Throws: ``ConfigError`` with code `wrong-type` when the value is not an object, or
    ///   `duplicate-key` at the second occurrence of a member name.
    package func readObject() throws(ConfigError) -> JSONObjectReader {
        let object = try readObjectKeepingFirstOfEachKey()
        if let duplicate = object.duplicateKeys.first { throw duplicate }
        return object
    }

    /// An object whose repeated member names are listed in ``JSONObjectReader/duplicateKeys``
    /// rather than thrown, the first member of each name read, so the rest can still be checked.
    /// - Throws: ``ConfigError`` with code `wrong-type` when the value is not an object.
    package func readObjectKeepingFirstOfEachKey() throws(ConfigError) -> JSONObjectReader {
        guard case .object(let members) = value else { throw wrongType(expected: "an object") }
        return JSONObjectReader(node: self, members: members)
    }

    /// An error saying the value should have been of another type.
    /// - Parameter expected: What was expected, e.g. `an object`.
    package func wrongType(expected: String) -> ConfigError {
        ConfigError(code: .wrongType, message: "expected \(expected), found \(kindDescription)", at: self)
    }
}

/// The members of a JSON object, read by name, with unknown names collected as warnings.
package struct JSONObjectReader: Sendable {
    /// The object itself.
    package let node: JSONNode
    /// The first member of each name, in document order.
    package let members: [JSONMember]
    /// A `duplicate-key` error at each repeated member name.
    package let duplicateKeys: [ConfigError]
    /// Member positions by name, for objects with more members than ``linearSearchLimit``.
    private let positions: [String: Int]
    /// Config objects have a handful of members: comparing names one by one costs less than
    /// hashing them (reading the objects of a 10,000-route config: 430 M instructions before, 25 M after).
    private static let linearSearchLimit = 8

    fileprivate init(node: JSONNode, members: [JSONMember]) {
        self.node = node
        let hashed = members.count > Self.linearSearchLimit
        var positions: [String: Int] = [:]
        if hashed { positions.reserveCapacity(members.count) }
        var repeated: Set<Int> = []
        var duplicateKeys: [ConfigError] = []
        for (position, member) in members.enumerated() {
            let earlier = hashed ? positions[member.key] : members[..<position].firstIndex { $0.key == member.key }
            guard let earlier else {
                if hashed { positions[member.key] = position }
                continue
            }
            repeated.insert(position)
            duplicateKeys.append(
                ConfigError(
                    code: .duplicateKey,
                    message: "duplicate key \(JSONWriter.quoted(member.key)) (first at \(members[earlier].keyLocation)); each key may appear once",
                    path: member.value.path, location: member.keyLocation))
        }
        self.duplicateKeys = duplicateKeys
        guard !repeated.isEmpty else {
            self.members = members
            self.positions = positions
            return
        }
        let unique = members.indices.filter { !repeated.contains($0) }.map { members[$0] }
        self.members = unique
        self.positions = unique.count > Self.linearSearchLimit ? Dictionary(uniqueKeysWithValues: unique.enumerated().map { ($1.key, $0) }) : [:]
    }

    /// The member's value, or `nil` when the member is absent or `null`.
    /// - Parameter key: The member's name.
    package func optional(_ key: String) -> JSONNode? {
        let position = members.count > Self.linearSearchLimit ? positions[key] : members.firstIndex { $0.key == key }
        guard let value = position.map({ members[$0].value }) else { return nil }
        if value.isNull { return nil }
        return value
    }

    /// The member's value.
    /// - Parameter key: The member's name.
    /// - Throws: ``ConfigError`` with code `missing-value` when the member is absent or `null`.
    package func required(_ key: String) throws(ConfigError) -> JSONNode {
        guard let value = optional(key) else {
            throw ConfigError(
                code: .missingValue, message: "missing required key \(JSONWriter.quoted(key))", path: node.path,
                location: node.location)
        }
        return value
    }

    /// Warnings for members whose names are not among the known ones; unknown keys are allowed
    /// so that newer files still load, but a typo (`"regx"`) should not pass unnoticed.
    /// - Parameters:
    ///   - known: The member names this object may have.
    ///   - guarded: Names whose near misses ``unknownKeyErrors(known:nearMissesOf:)`` reports instead.
    package func unknownKeyWarnings(known: Set<String>, exceptNearMissesOf guarded: Set<String> = []) -> [Diagnostic] {
        unknownMembers(known: known).filter { !guarded.contains($0.closest ?? "") }.map { member, closest in
            Diagnostic(
                severity: .warning, code: "unknown-key",
                message: "unknown key \(JSONWriter.quoted(member.key)) is ignored\(Self.suggestion(closest))",
                path: member.value.path, location: member.keyLocation)
        }
    }

    /// Errors for members whose names are not among the known ones, where a typo would
    /// silently change what the file means: every unknown member, or those that look like a
    /// misspelling of one of `guarded`.
    /// - Parameters:
    ///   - known: The member names this object may have.
    ///   - guarded: When given, only near misses of these names are errors.
    package func unknownKeyErrors(known: Set<String>, nearMissesOf guarded: Set<String>? = nil) -> [ConfigError] {
        unknownMembers(known: known).filter { guarded?.contains($0.closest ?? "") ?? true }.map { member, closest in
            ConfigError(
                code: .unknownKey, message: "unknown key \(JSONWriter.quoted(member.key))\(Self.suggestion(closest))",
                path: member.value.path, location: member.keyLocation)
        }
    }

    private func unknownMembers(known: Set<String>) -> [(member: JSONMember, closest: String?)] {
        members.filter { !known.contains($0.key) }.map { ($0, known.closest(to: $0.key)) }
    }

    private static func suggestion(_ closest: String?) -> String {
        closest.map { "; did you mean \(JSONWriter.quoted($0))?" } ?? ""
    }
}

extension Set<String> {
    /// The member closest to `word` by edit distance, when it is close enough to be a typo.
    fileprivate func closest(to word: String) -> String? {
        let candidates = map { ($0, editDistance(Array(word.lowercased()), Array($0.lowercased()))) }
        guard let best = candidates.min(by: { ($0.1, $0.0) < ($1.1, $1.0) }), best.1 <= Swift.max(1, word.count / 3) else {
            return nil
        }
        return best.0
    }
}

private func editDistance(_ lhs: [Character], _ rhs: [Character]) -> Int {
    var previous = Array(0...rhs.count)
    for (i, left) in lhs.enumerated() {
        var current = [i + 1] + Array(repeating: 0, count: rhs.count)
        for (j, right) in rhs.enumerated() {
            current[j + 1] = Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
        }
        previous = current
    }
    return previous[rhs.count]
}
