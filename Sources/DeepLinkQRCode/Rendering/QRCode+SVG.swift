extension QRCode {
    /// The code as a standalone SVG image: dark modules on a white square, one path with a run
    /// per row of adjacent dark modules, crisp edges at any zoom.
    /// - Parameters:
    ///   - moduleSize: The width and height attributes' pixels per module, 1...100.
    ///   - margin: The quiet zone in modules, 0...40; scanners expect at least 4.
    ///   - title: Text for the image's `<title>` (what screen readers announce), escaped.
    /// - Throws: ``QRCodeError`` `invalidOption` for sizes out of range.
    package func svg(moduleSize: Int = 8, margin: Int = 4, title: String? = nil) throws(QRCodeError) -> String {
        let side = try imageSide(moduleSize: moduleSize, margin: margin)
        let viewBox = size + 2 * margin
        var path = ""
        for y in 0..<size {
            var x = 0
            while x < size {
                guard self[x, y] else { x += 1; continue }
                let start = x
                while x < size, self[x, y] { x += 1 }
                path += "M\(start + margin) \(y + margin)h\(x - start)v1h-\(x - start)z"
            }
        }
        let titleElement = title.map { "<title>\(Self.escapedXML($0))</title>" } ?? ""
        return """
            <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\(side)" height="\(side)" \
            viewBox="0 0 \(viewBox) \(viewBox)" shape-rendering="crispEdges" role="img">\(titleElement)\
            <rect width="\(viewBox)" height="\(viewBox)" fill="#fff"/><path fill="#000" d="\(path)"/></svg>

            """
    }

    private static func escapedXML(_ text: String) -> String {
        var escaped = ""
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }
}
