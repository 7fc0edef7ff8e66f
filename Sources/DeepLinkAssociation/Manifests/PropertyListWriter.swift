import DeepLinkCore

/// Writes XML property lists with a fixed layout, so generated files are identical on every
/// platform (Foundation's serializer indents differently on Linux and Apple systems).
enum PropertyListWriter {
    indirect enum Value {
        case string(String)
        case array([Value])
        /// Keys in the order given.
        case dictionary([(String, Value)])
    }

    static func document(_ members: [(String, Value)]) -> String {
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">",
            "<plist version=\"1.0\">",
        ]
        write(.dictionary(members), indent: 0, into: &lines)
        lines.append("</plist>")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func write(_ value: Value, indent: Int, into lines: inout [String]) {
        let pad = String(repeating: "\t", count: indent)
        switch value {
        case .string(let string):
            lines.append("\(pad)<string>\(MarkupText.escaped(string))</string>")
        case .array(let elements):
            lines.append("\(pad)<array>")
            for element in elements { write(element, indent: indent + 1, into: &lines) }
            lines.append("\(pad)</array>")
        case .dictionary(let members):
            lines.append("\(pad)<dict>")
            for (key, member) in members {
                lines.append("\(pad)\t<key>\(MarkupText.escaped(key))</key>")
                write(member, indent: indent + 1, into: &lines)
            }
            lines.append("\(pad)</dict>")
        }
    }
}
