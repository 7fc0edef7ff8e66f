/// Writes ``JSONValue``s as JSON text: sorted keys, no escaped slashes, optional indentation.
public enum JSONWriter {
    /// The value as JSON text.
    /// - Parameters:
    ///   - value: The value to write.
    ///   - pretty: Whether to indent with two spaces and put each member on its own line.
    public static func write(_ value: JSONValue, pretty: Bool = false) -> String {
        var output = ""
        write(value, pretty: pretty, indent: 0, into: &output)
        return output
    }

    /// A string as a JSON string literal, with quotes.
    /// - Parameter string: The string to quote.
    package static func quoted(_ string: String) -> String {
        var output = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }

    private static func write(_ value: JSONValue, pretty: Bool, indent: Int, into output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let bool): output += bool ? "true" : "false"
        case .number(let number): output += format(number)
        case .string(let string): output += quoted(string)
        case .array(let elements):
            writeContainer(open: "[", close: "]", items: elements, pretty: pretty, indent: indent, into: &output) {
                element, output in write(element, pretty: pretty, indent: indent + 1, into: &output)
            }
        case .object(let members):
            let sorted = members.sorted { $0.key < $1.key }
            writeContainer(open: "{", close: "}", items: sorted, pretty: pretty, indent: indent, into: &output) {
                member, output in
                output += quoted(member.key) + (pretty ? ": " : ":")
                write(member.value, pretty: pretty, indent: indent + 1, into: &output)
            }
        }
    }

    private static func writeContainer<Item>(
        open: String, close: String, items: [Item], pretty: Bool, indent: Int, into output: inout String,
        writeItem: (Item, inout String) -> Void
    ) {
        guard !items.isEmpty else {
            output += open + close
            return
        }
        output += open
        for (offset, item) in items.enumerated() {
            if offset > 0 { output += "," }
            if pretty { output += "\n" + String(repeating: "  ", count: indent + 1) }
            writeItem(item, &output)
        }
        if pretty { output += "\n" + String(repeating: "  ", count: indent) }
        output += close
    }

    private static func format(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(), abs(number) < 1e15 {
            return String(Int64(number))
        }
        return String(number)
    }
}
