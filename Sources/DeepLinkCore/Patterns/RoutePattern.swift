/// A route key such as `sales/:saleId`: literal segments and `:name` parameters that match one
/// non-empty path segment each, and, as the last segment, a catch-all `*name` that takes the
/// rest of the path (at least one segment, slashes included): `files/*path`.
///
/// Leading and trailing `/` are ignored, so `/sales/:saleId/` and `sales/:saleId` are the same
/// pattern (they are equal), while ``description`` keeps the key as written. Literal segments are
/// compared, case-sensitively, with percent-decoded URL segments.
public struct RoutePattern: Sendable, Hashable, CustomStringConvertible {
    /// One segment of a pattern.
    public enum Segment: Sendable, Hashable {
        /// Matches exactly this text.
        case literal(String)
        /// Matches any one non-empty segment and binds it to the name.
        case parameter(String)
        /// Matches the rest of the path, one segment or more, and binds the segments (each
        /// percent-decoded) joined by `/` to the name. Only the last segment of a pattern.
        case catchAll(String)
    }

    /// The catch-all's name, when the pattern ends with one.
    public var catchAllName: String? {
        if case .catchAll(let name)? = segments.last { return name }
        return nil
    }

    /// The segments, in order, read from the key each time: a router reads them once, when it
    /// is built, and keeping them beside the key cost an array a route for as long as it lives.
    public var segments: [Segment] { Self.segments(ofValid: written) }
    /// The key as written, slashes included: all a pattern stores.
    private let written: String

    /// Reads a pattern.
    /// - Parameters:
    ///   - text: The pattern, e.g. `sales/:saleId`.
    ///   - path: Where the pattern stands in a config, for errors.
    ///   - location: The pattern's line and column, for errors.
    /// - Throws: ``ConfigError`` with code `invalid-route-pattern` for an empty pattern, an empty
    ///   segment or a `:` without a name, and `duplicate-parameter` when a name is used twice.
    public init(_ text: String, path: JSONPath = .root, location: SourceLocation? = nil) throws(ConfigError) {
        try self.init(text, location: location, path: { path })
    }

    /// Reads a pattern whose path in its config is worked out only for an error: a config
    /// reader's paths cost more to build than most patterns cost to read.
    init(_ text: String, location: SourceLocation?, path: () -> JSONPath) throws(ConfigError) {
        if Self.isPlain(text) {
            written = text
            return
        }
        func failure(_ code: ConfigError.Code, _ message: String) -> ConfigError {
            ConfigError(code: code, message: message, path: path(), location: location)
        }
        // In ASCII text each byte is a character, and searching bytes costs a tenth of searching
        // characters (reading a 10,000-route config: 220 M instructions in patterns before, 99 M after).
        let isASCII = text.utf8.allSatisfy { $0 < 0x80 }
        let firstColon = isASCII ? text.utf8.firstIndex(of: UInt8(ascii: ":")) : text.firstIndex(of: ":")
        if let colon = firstColon, isASCII ? text.utf8[colon...].starts(with: "://".utf8) : text[colon...].hasPrefix("://"),
            URLScheme.isValid(text[..<colon])
        {
            var route = text[colon...].dropFirst(3)
            if ["http", "https"].contains(text[..<colon].lowercased()) { route = route.drop { $0 != "/" } }
            throw failure(
                .invalidRoutePattern,
                "route key \(JSONWriter.quoted(text)) starts with a scheme; write the route alone, like "
                    + "\(JSONWriter.quoted(String(route.drop { $0 == "/" }))) (links are matched from a custom scheme's host, "
                    + "or a universal link's path)")
        }
        var trimmed = Substring(text)
        while trimmed.first == "/" { trimmed.removeFirst() }
        while trimmed.last == "/" { trimmed.removeLast() }
        guard !trimmed.isEmpty else {
            throw failure(.invalidRoutePattern, "a route key must not be empty; use defaultRoute for the app's start screen")
        }
        var names: Set<String> = []
        let parts =
            isASCII
            ? trimmed.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map(Substring.init)
            : trimmed.split(separator: "/", omittingEmptySubsequences: false)
        var segments: [Segment] = []
        segments.reserveCapacity(parts.count)
        for part in parts {
            guard !part.isEmpty else {
                throw failure(.invalidRoutePattern, "route key \(JSONWriter.quoted(text)) has an empty segment ('//')")
            }
            if part.first == "*", part.count > 1 {
                let name = String(part.dropFirst())
                guard segments.count == parts.count - 1 else {
                    throw failure(
                        .invalidRoutePattern,
                        "route key \(JSONWriter.quoted(text)) has the catch-all *\(name) before its last segment; a catch-all takes the rest of the path, so it ends the key")
                }
                guard names.insert(name).inserted else {
                    throw failure(.duplicateParameter, "parameter \(name) is used twice in route \(JSONWriter.quoted(text))")
                }
                segments.append(.catchAll(name))
                continue
            }
            guard part.first == ":" else {
                segments.append(.literal(String(part)))
                continue
            }
            let name = String(part.dropFirst())
            guard !name.isEmpty else {
                throw failure(.invalidRoutePattern, "route key \(JSONWriter.quoted(text)) has a ':' without a parameter name")
            }
            guard names.insert(name).inserted else {
                throw failure(.duplicateParameter, "parameter :\(name) is used twice in route \(JSONWriter.quoted(text))")
            }
            segments.append(.parameter(name))
        }
        written = text
    }

    /// The segments of a key that ``init(_:path:location:)`` accepted.
    private static func segments(ofValid text: String) -> [Segment] {
        var segments: [Segment] = []
        forEachSegment(ofValid: text) { kind, name in
            switch kind {
            case .literal: segments.append(.literal(String(name)))
            case .parameter: segments.append(.parameter(String(name)))
            case .catchAll: segments.append(.catchAll(String(name)))
            }
        }
        return segments
    }

    /// What a segment is, without its text.
    enum SegmentKind: UInt8 { case literal, parameter, catchAll }

    /// Calls `body` with each segment of a key that ``init(_:path:location:)`` accepted, its kind
    /// and its text without the `:` or `*`, split as that reader splits: by bytes when the key is
    /// ASCII, else by characters. Nothing is copied: the text is a slice of the key.
    private static func forEachSegment(ofValid text: String, _ body: (SegmentKind, Substring) -> Void) {
        var bytesOfText = text
        // Over the contiguous bytes: searching a `UTF8View` and reading a `Substring`'s first
        // character cost several times more (callgrind, building a 10,000-route router).
        let isASCII = bytesOfText.withUTF8 { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return false }
            let slash = UInt8(ascii: "/")
            var start = 0
            var end = bytes.count
            while start < end, bytes[start] == slash { start += 1 }
            while end > start, bytes[end - 1] == slash { end -= 1 }
            let utf8 = text.utf8
            var pieceStart = start
            while pieceStart < end {
                var pieceEnd = pieceStart
                while pieceEnd < end, bytes[pieceEnd] != slash { pieceEnd += 1 }
                let kind: SegmentKind =
                    switch bytes[pieceStart] {
                    case UInt8(ascii: "*") where pieceEnd - pieceStart > 1: .catchAll
                    case UInt8(ascii: ":"): .parameter
                    default: .literal
                    }
                let nameStart = kind == .literal ? pieceStart : pieceStart + 1
                body(kind, text[utf8.index(utf8.startIndex, offsetBy: nameStart)..<utf8.index(utf8.startIndex, offsetBy: pieceEnd)])
                pieceStart = pieceEnd + 1
            }
            return true
        }
        guard !isASCII else { return }
        var trimmed = Substring(text)
        while trimmed.first == "/" { trimmed.removeFirst() }
        while trimmed.last == "/" { trimmed.removeLast() }
        for part in trimmed.split(separator: "/", omittingEmptySubsequences: false) {
            let kind: SegmentKind = part.first == "*" && part.count > 1 ? .catchAll : part.first == ":" ? .parameter : .literal
            body(kind, kind == .literal ? part : part.dropFirst())
        }
    }

    /// Calls `body` with each segment's kind and text (without the `:` or `*`), in order, without
    /// building ``segments``.
    func forEachSegment(_ body: (SegmentKind, Substring) -> Void) {
        Self.forEachSegment(ofValid: written, body)
    }

    /// Whether a pattern is in the form nearly every config uses (ASCII, no `://`, no empty
    /// segment, at most 16 parameters, each named and named once), checked on its bytes in one
    /// pass; anything else the general reader in ``init(_:path:location:)`` reads or rejects
    /// with its message. The general reader cost 10,000 instructions a pattern and this one
    /// about a tenth of that (callgrind, loading a 10,000-route config).
    private static func isPlain(_ text: String) -> Bool {
        let slash = UInt8(ascii: "/")
        let colon = UInt8(ascii: ":")
        var text = text
        return text.withUTF8 { bytes -> Bool in
            var start = 0
            var end = bytes.count
            while start < end, bytes[start] == slash { start += 1 }
            while end > start, bytes[end - 1] == slash { end -= 1 }
            guard start < end else { return false }
            for index in 0..<bytes.count {
                let byte = bytes[index]
                if byte >= 0x80 || byte == UInt8(ascii: "*") { return false }
                if byte == colon, index + 2 < bytes.count, bytes[index + 1] == slash, bytes[index + 2] == slash { return false }
            }
            // The names seen so far, as byte ranges, so a repeated name is found without making strings.
            var names: [Range<Int>] = []
            var pieceStart = start
            for index in start...end where index == end || bytes[index] == slash {
                guard index > pieceStart else { return false }
                if bytes[pieceStart] == colon {
                    let name = (pieceStart + 1)..<index
                    guard !name.isEmpty, names.count < 16 else { return false }
                    guard !names.contains(where: { $0.count == name.count && bytes[$0].elementsEqual(bytes[name]) }) else { return false }
                    names.append(name)
                }
                pieceStart = index + 1
            }
            return true
        }
    }

    /// Patterns are equal when their segments are: `/sales/:saleId/` is `sales/:saleId`.
    public static func == (lhs: RoutePattern, rhs: RoutePattern) -> Bool {
        // Two ASCII keys have the same segments when they are the same once trimmed of `/`.
        if let left = lhs.trimmedASCII, let right = rhs.trimmedASCII { return left.elementsEqual(right) }
        return lhs.segments == rhs.segments
    }

    /// The key without leading and trailing `/`, when it is ASCII: two ASCII patterns are equal
    /// exactly when these are.
    var asciiKey: String? {
        guard let (start, end) = trimmedASCIIOffsets else { return nil }
        // Most keys have no outer `/`: the key itself, shared, not a copy.
        if start == 0, end == written.utf8.count { return written }
        return String(trimmedASCII!) ?? ""
    }

    /// The key's bytes without leading and trailing `/`, when the key is ASCII.
    private var trimmedASCII: Substring.UTF8View? {
        guard let (start, end) = trimmedASCIIOffsets else { return nil }
        let utf8 = written.utf8
        return written[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)].utf8
    }

    /// Where the key without its outer `/` starts and ends, as byte offsets, when it is ASCII;
    /// found on the contiguous bytes, which cost a fifth of searching the `UTF8View`.
    private var trimmedASCIIOffsets: (start: Int, end: Int)? {
        var text = written
        return text.withUTF8 { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            var start = 0
            var end = bytes.count
            while start < end, bytes[start] == UInt8(ascii: "/") { start += 1 }
            while end > start, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
            return (start, end)
        }
    }

    /// Hashes the segments: their kinds and texts, read from the key in place, which hash as
    /// the segments' strings do, so equal patterns hash alike however they are written.
    public func hash(into hasher: inout Hasher) {
        forEachSegment { kind, text in
            hasher.combine(kind.rawValue)
            hasher.combine(text)
        }
    }

    /// The names of the pattern's parameters, in order.
    public var parameterNames: [String] {
        segments.compactMap {
            switch $0 {
            case .parameter(let name), .catchAll(let name): name
            case .literal: nil
            }
        }
    }

    /// Calls `body` with each parameter's name and segment position, in order, and whether it is the catch-all.
    func forEachParameter(_ body: (_ name: String, _ position: Int, _ isCatchAll: Bool) -> Void) {
        var position = 0
        forEachSegment { kind, text in
            defer { position += 1 }
            guard kind != .literal else { return }
            body(String(text), position, kind == .catchAll)
        }
    }

    /// The key as written in the config, slashes included: what results, messages and JSON paths show.
    public var description: String { written }

    /// The pattern in its normal form: segments joined by `/`, without leading or trailing `/`.
    package var normalized: String {
        segments.map {
            switch $0 {
            case .literal(let text): text
            case .parameter(let name): ":" + name
            case .catchAll(let name): "*" + name
            }
        }.joined(separator: "/")
    }
}
