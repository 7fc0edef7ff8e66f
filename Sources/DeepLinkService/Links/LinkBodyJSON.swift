import DeepLinkCore

/// The admin API's rule for JSON bodies beyond their syntax, shared by the API and the
/// command line's `--from-json`: no object may repeat a key, since which of the values counts
/// would be up to the parser.
package enum LinkBodyJSON {
    /// The error for the first key an object of the document repeats, or `nil` when none does.
    /// - Parameter root: The parsed document.
    /// - Returns: An `invalid-json` error whose field is the repeated key's JSON path and whose
    ///   message gives both positions.
    package static func repeatedKeyError(in root: JSONNode) -> LinkServerError? {
        guard let (first, repeated) = firstRepeatedKey(in: root) else { return nil }
        return LinkServerError(
            code: .invalidJSON,
            message: "the key \(JSONWriter.quoted(repeated.key)) appears twice (at \(first.keyLocation) and \(repeated.keyLocation)); send each key once",
            field: "\(repeated.value.path)")
    }

    /// The first member of an object in the document whose key an earlier member of the same object has, with that earlier member.
    private static func firstRepeatedKey(in node: JSONNode) -> (first: JSONMember, repeated: JSONMember)? {
        switch node.value {
        case .object(let members):
            var seen: [String: JSONMember] = [:]
            for member in members {
                if let first = seen[member.key] { return (first, member) }
                seen[member.key] = member
                if let repeated = firstRepeatedKey(in: member.value) { return repeated }
            }
            return nil
        case .array(let elements):
            for element in elements {
                if let repeated = firstRepeatedKey(in: element) { return repeated }
            }
            return nil
        default:
            return nil
        }
    }
}
