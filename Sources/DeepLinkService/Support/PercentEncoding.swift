/// The percent-encoding `URLComponents` applies to a path and to query items, written directly:
/// building a `URLComponents` for each store hop was a twentieth of an uncached landing page's
/// time. `PercentEncodingTests` checks every ASCII character and random Unicode against
/// `URLComponents` itself.
package enum PercentEncoding {
    /// What `URLComponents.path` leaves as it is: RFC 3986's `pchar` and `/`.
    static let pathAllowed = allowedTable("!$&'()*+,-./0123456789:;=@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~")
    /// What `URLComponents.queryItems` leaves as it is in a name or a value, less `+`: long links
    /// are read as forms, where `+` is a space, so a literal plus is sent encoded.
    static let queryItemAllowed = allowedTable("!$'()*,-./0123456789:;?@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~")

    private static func allowedTable(_ characters: String) -> [Bool] {
        var table = [Bool](repeating: false, count: 128)
        for byte in characters.utf8 { table[Int(byte)] = true }
        return table
    }

    /// Appends `text` to `output`, every byte outside `allowed` written as `%XX`.
    static func append(_ text: String, to output: inout String, allowed: [Bool]) {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if byte < 128, allowed[Int(byte)] {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            }
        }
        output += String(decoding: bytes, as: UTF8.self)
    }

    /// A path and query as `URLComponents` writes them, `+` in the query encoded: `path?n=v&n=v`.
    /// - Parameters:
    ///   - path: The path, not yet encoded.
    ///   - query: The query items in order; a `nil` value is written as the name alone.
    package static func pathAndQuery(_ path: String, query: [(name: String, value: String?)]) -> String {
        var output = ""
        append(path, to: &output, allowed: pathAllowed)
        for (index, item) in query.enumerated() {
            output += index == 0 ? "?" : "&"
            append(item.name, to: &output, allowed: queryItemAllowed)
            if let value = item.value {
                output += "="
                append(value, to: &output, allowed: queryItemAllowed)
            }
        }
        return output
    }
}
