extension HTMLMetaTag {
    /// The `<meta>` tags of an HTML page that have both a property and a content, in page order.
    ///
    /// The scanner is tolerant the way browsers are: tags and attribute names in any case,
    /// attributes in any order, values in double quotes, single quotes or none, tags anywhere in
    /// the document. It skips comments, `<!...>` and `<?...>` declarations, end tags, and the
    /// contents of `<script>`, `<style>`, `<textarea>` and `<title>`, so that markup quoted there
    /// is not mistaken for tags. A tag cut off by the end of the text is dropped.
    /// - Parameter html: The page's text.
    /// - Returns: The tags; a tag without `property` falls back to its `name` attribute.
    public static func scan(_ html: String) -> [HTMLMetaTag] {
        var scanner = MetaTagScanner(bytes: Array(html.utf8))
        return scanner.scan()
    }
}

/// Walks UTF-8 bytes: every delimiter of HTML's tag syntax is ASCII, so multi-byte characters
/// only ever appear inside names and values, which are decoded whole.
private struct MetaTagScanner {
    let bytes: [UInt8]
    var offset = 0

    static let rawTextElements: Set<String> = ["script", "style", "textarea", "title"]

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func scan() -> [HTMLMetaTag] {
        var tags: [HTMLMetaTag] = []
        while let open = bytes[offset...].firstIndex(of: ascii("<")) {
            offset = open + 1
            if starts(with: "!--") {
                skip(past: "-->", from: offset + 3)
            } else if starts(with: "!") || starts(with: "?") || starts(with: "/") {
                skip(past: ">", from: offset)
            } else if offset < bytes.count, isASCIILetter(bytes[offset]) {
                let name = readTagName()
                guard let attributes = readAttributes() else { break }
                if name == "meta", let tag = metaTag(from: attributes) {
                    tags.append(tag)
                } else if Self.rawTextElements.contains(name) {
                    skip(past: "</" + name, from: offset, caseInsensitive: true)
                }
            }
        }
        return tags
    }

    func metaTag(from attributes: [String: String]) -> HTMLMetaTag? {
        guard let property = attributes["property"] ?? attributes["name"], let content = attributes["content"] else {
            return nil
        }
        return HTMLMetaTag(
            property: HTMLCharacterReference.decode(property).trimmingHTMLWhitespace().lowercased(),
            content: HTMLCharacterReference.decode(content).trimmingHTMLWhitespace())
    }

    mutating func readTagName() -> String {
        let start = offset
        while offset < bytes.count, !isWhitespace(bytes[offset]), bytes[offset] != ascii("/"), bytes[offset] != ascii(">") {
            offset += 1
        }
        return String(decoding: bytes[start..<offset], as: UTF8.self).lowercased()
    }

    /// Reads attributes up to and including the tag's `>`; `nil` when the text ends first.
    /// As in HTML, the first of repeated attribute names wins.
    mutating func readAttributes() -> [String: String]? {
        var attributes: [String: String] = [:]
        while true {
            while offset < bytes.count, isWhitespace(bytes[offset]) || bytes[offset] == ascii("/") { offset += 1 }
            guard offset < bytes.count else { return nil }
            if bytes[offset] == ascii(">") {
                offset += 1
                return attributes
            }
            let name = readAttributeName()
            skipWhitespace()
            var value = ""
            if offset < bytes.count, bytes[offset] == ascii("=") {
                offset += 1
                skipWhitespace()
                guard let read = readAttributeValue() else { return nil }
                value = read
            }
            if attributes[name] == nil { attributes[name] = value }
        }
    }

    mutating func readAttributeName() -> String {
        let start = offset
        // A name may start with `=`; only later ones end it.
        offset += 1
        while offset < bytes.count, !isWhitespace(bytes[offset]),
            ![ascii("/"), ascii(">"), ascii("=")].contains(bytes[offset])
        {
            offset += 1
        }
        return String(decoding: bytes[start..<offset], as: UTF8.self).lowercased()
    }

    mutating func readAttributeValue() -> String? {
        guard offset < bytes.count else { return nil }
        let quote = bytes[offset]
        if quote == ascii("\"") || quote == ascii("'") {
            guard let close = bytes[(offset + 1)...].firstIndex(of: quote) else { return nil }
            defer { offset = close + 1 }
            return String(decoding: bytes[(offset + 1)..<close], as: UTF8.self)
        }
        let start = offset
        while offset < bytes.count, !isWhitespace(bytes[offset]), bytes[offset] != ascii(">") { offset += 1 }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    mutating func skipWhitespace() {
        while offset < bytes.count, isWhitespace(bytes[offset]) { offset += 1 }
    }

    /// Moves past the next occurrence of `marker` at or after `start`, or to the end of the text.
    mutating func skip(past marker: String, from start: Int, caseInsensitive: Bool = false) {
        let needle = Array(marker.utf8)
        var index = start
        while index + needle.count <= bytes.count {
            if matches(needle, at: index, caseInsensitive: caseInsensitive) {
                offset = index + needle.count
                return
            }
            index += 1
        }
        offset = bytes.count
    }

    func starts(with prefix: String) -> Bool {
        let needle = Array(prefix.utf8)
        return offset + needle.count <= bytes.count && matches(needle, at: offset, caseInsensitive: false)
    }

    func matches(_ needle: [UInt8], at index: Int, caseInsensitive: Bool) -> Bool {
        for (position, expected) in needle.enumerated() {
            let byte = bytes[index + position]
            if byte == expected { continue }
            guard caseInsensitive, lowercased(byte) == lowercased(expected) else { return false }
        }
        return true
    }

    func lowercased(_ byte: UInt8) -> UInt8 {
        (ascii("A")...ascii("Z")).contains(byte) ? byte + 32 : byte
    }

    func isASCIILetter(_ byte: UInt8) -> Bool {
        (ascii("a")...ascii("z")).contains(byte) || (ascii("A")...ascii("Z")).contains(byte)
    }

    func isWhitespace(_ byte: UInt8) -> Bool {
        byte == ascii(" ") || byte == ascii("\t") || byte == ascii("\n") || byte == ascii("\r") || byte == 0x0C
    }

    func ascii(_ scalar: Unicode.Scalar) -> UInt8 { UInt8(ascii: scalar) }
}

extension String {
    /// The string without leading and trailing HTML white space (space, tab, line feed, form feed, carriage return).
    func trimmingHTMLWhitespace() -> String {
        let isHTMLWhitespace: (Character) -> Bool = { [" ", "\t", "\n", "\r", "\u{0C}", "\r\n"].contains($0) }
        guard let first = firstIndex(where: { !isHTMLWhitespace($0) }),
            let last = lastIndex(where: { !isHTMLWhitespace($0) })
        else { return "" }
        return String(self[first...last])
    }
}
