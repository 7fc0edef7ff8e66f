import DeepLinkService
import DeepLinkCore
import Synchronization

/// A Mustache template compiled, once per shape of its context, into fixed text and slots.
/// `Sendable`.
///
/// swift-mustache looks each name up through the context stack with dynamic casts and reflection,
/// which made rendering a third of the server's time when every request opens another link (the
/// random-code benchmark of issue 15). A page's *shape* is everything about its context but the
/// text of its strings: which keys are there, which flags are true, how many tags each list has.
/// The first page of a shape is rendered by Mustache with every string replaced by a marker, and
/// the result is split at the markers into the text all pages of that shape share and slots, each
/// remembering which value goes there and whether the template escaped it. Every later page of
/// that shape is written by filling the slots, escaped by ``MarkupText`` as ``MarkupTemplate``
/// escapes. The bytes are the ones Mustache writes; `CompiledPageTemplateTests` compares the two
/// for every kind of page with hostile values.
///
/// A context holding a value of another type, or a string with a character from the private-use
/// block the markers are made of, is rendered by Mustache directly. The template may place, escape
/// and test strings but not transform them (`{{uppercased(name)}}` would transform the marker, not
/// the value); `CompiledPageTemplateTests` would see the difference.
final class CompiledPageTemplate: Sendable {
    /// A part of a compiled page.
    enum Piece: Sendable, Equatable {
        /// Text every page of the shape has.
        case text(String)
        /// The value at this index of the page's strings, in the order the shape lists them.
        case value(Int, escaped: Bool)
    }

    /// The most shapes kept; past it, pages of new shapes are rendered by Mustache directly.
    static let shapeCapacity = 1_000

    private let render: @Sendable ([String: Any]) -> String
    private let shapes = Mutex<[String: [Piece]]>([:])

    /// Creates a compiled template.
    /// - Parameter render: Renders a context with Mustache.
    init(render: @escaping @Sendable ([String: Any]) -> String) {
        self.render = render
    }

    /// How many shapes have been compiled.
    var shapeCount: Int { shapes.withLock { $0.count } }

    /// The page for a context, as `render` would write it.
    /// - Parameter context: The template's values: strings, flags, and dictionaries and arrays of them.
    func page(_ context: [String: Any]) -> String {
        var values: [String] = []
        values.reserveCapacity(64)
        var shape = ""
        shape.reserveCapacity(1024)
        guard Self.marked(context, values: &values, shape: &shape, building: false) != nil else { return render(context) }
        if let pieces = shapes.withLock({ $0[shape] }) { return Self.fill(pieces, with: values) }
        var markedValues: [String] = []
        var markedShape = ""
        guard let marked = Self.marked(context, values: &markedValues, shape: &markedShape, building: true) as? [String: Any],
            let pieces = Self.pieces(of: render(marked), valueCount: markedValues.count)
        else { return render(context) }
        shapes.withLock { shapes in
            if shapes.count < Self.shapeCapacity { shapes[shape] = pieces }
        }
        return Self.fill(pieces, with: values)
    }

    // MARK: - Compiling

    /// The first and last scalars of a marker, from Unicode's private-use block.
    private static let markerStart: Unicode.Scalar = "\u{E000}"
    private static let markerEnd: Unicode.Scalar = "\u{E001}"

    /// A value's marker: its index and an `&`, which the template's escaping turns into `&amp;`,
    /// so the output tells escaped slots from raw ones.
    private static func marker(_ index: Int) -> String {
        "\(markerStart)\(index)&\(markerEnd)"
    }

    /// The context with each string replaced by its marker, the strings in order, and the shape
    /// appended to `shape`; `nil` for a value of another type or a string that could be mistaken
    /// for a marker.
    /// - Parameter building: Whether to build the marked context; without it, which is what a
    ///   page of a shape already compiled needs, only the strings and the shape are collected and
    ///   `value` itself is returned.
    static func marked(_ value: Any, values: inout [String], shape: inout String, building: Bool = true) -> Any? {
        switch value {
        case let string as String:
            // U+E000 and U+E001 are EE 80 80 and EE 80 81 in UTF-8; 0xEE starts no other scalar
            // a page is likely to hold, so its absence proves the string holds no marker.
            guard !string.utf8.contains(0xEE) else { return nil }
            shape += "s"
            values.append(string)
            return building ? marker(values.count - 1) : string
        case let flag as Bool:
            shape += flag ? "t" : "f"
            return flag
        case let dictionary as [String: Any]:
            shape += "{"
            var result: [String: Any] = [:]
            if building { result.reserveCapacity(dictionary.count) }
            for (key, child) in dictionary.sorted(by: { $0.key < $1.key }) {
                shape += key
                shape += ":"
                guard let marked = marked(child, values: &values, shape: &shape, building: building) else { return nil }
                if building { result[key] = marked }
                shape += ","
            }
            shape += "}"
            return building ? result : value
        case let array as [Any]:
            shape += "["
            var result: [Any] = []
            if building { result.reserveCapacity(array.count) }
            for element in array {
                guard let marked = marked(element, values: &values, shape: &shape, building: building) else { return nil }
                if building { result.append(marked) }
                shape += ","
            }
            shape += "]"
            return building ? result : value
        default:
            return nil
        }
    }

    /// Splits a page rendered from markers into text and slots; `nil` when a marker is malformed
    /// or names no value.
    static func pieces(of output: String, valueCount: Int) -> [Piece]? {
        var pieces: [Piece] = []
        var text = String.UnicodeScalarView()
        var scalars = output.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == markerStart else {
                text.append(scalar)
                continue
            }
            var index = 0
            var digits = 0
            var tail = ""
            var closed = false
            while let next = scalars.next() {
                if next == markerEnd {
                    closed = true
                    break
                }
                if tail.isEmpty, next.isASCII, let digit = UInt8(ascii: next).digitValue {
                    guard digits < 9 else { return nil }
                    index = index * 10 + digit
                    digits += 1
                } else {
                    tail.unicodeScalars.append(next)
                }
            }
            guard closed, digits > 0, index < valueCount else { return nil }
            let escaped: Bool
            switch tail {
            case "&": escaped = false
            case "&amp;": escaped = true
            default: return nil
            }
            if !text.isEmpty {
                pieces.append(.text(String(text)))
                text = String.UnicodeScalarView()
            }
            pieces.append(.value(index, escaped: escaped))
        }
        if !text.isEmpty { pieces.append(.text(String(text))) }
        return pieces
    }

    // MARK: - Filling

    /// A compiled page with its values.
    static func fill(_ pieces: [Piece], with values: [String]) -> String {
        var page = ""
        var length = 0
        for piece in pieces {
            switch piece {
            case .text(let text): length += text.utf8.count
            case .value(let index, _): length += values[index].utf8.count
            }
        }
        page.reserveCapacity(length + length / 8)
        for piece in pieces {
            switch piece {
            case .text(let text):
                page += text
            case .value(let index, let escaped):
                page += escaped ? MarkupText.escaped(values[index]) : values[index]
            }
        }
        return page
    }
}

extension UInt8 {
    /// The value of an ASCII decimal digit, or `nil`.
    fileprivate var digitValue: Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) ? Int(self - UInt8(ascii: "0")) : nil
    }
}
