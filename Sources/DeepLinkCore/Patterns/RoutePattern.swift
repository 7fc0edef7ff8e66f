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

    /// The segments, in order.
    public let segments: [Segment]
    /// The key as written, slashes included.
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
        if let segments = Self.plainSegments(of: text) {
            self.segments = segments
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
        self.segments = segments
        written = text
    }

    /// The segments of a pattern in the form nearly every config uses (ASCII, no `://`, no empty
    /// segment, at most 16 parameters, each named and named once), read from its bytes in one
    /// pass; `nil` for anything else, which the general reader in ``init(_:path:location:)``
    /// reads or rejects with its message. The general reader cost 10,000 instructions a pattern
    /// and this one about a tenth of that (callgrind, loading a 10,000-route config).
    private static func plainSegments(of text: String) -> [Segment]? {
        let slash = UInt8(ascii: "/")
        let colon = UInt8(ascii: ":")
        var text = text
        return text.withUTF8 { bytes -> [Segment]? in
            var start = 0
            var end = bytes.count
            while start < end, bytes[start] == slash { start += 1 }
            while end > start, bytes[end - 1] == slash { end -= 1 }
            guard start < end else { return nil }
            var slashes = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                if byte >= 0x80 || byte == UInt8(ascii: "*") { return nil }
                if byte == slash { slashes += 1 }
                if byte == colon, index + 2 < bytes.count, bytes[index + 1] == slash, bytes[index + 2] == slash { return nil }
            }
            var segments: [Segment] = []
            segments.reserveCapacity(slashes + 1)
            var parameters = 0
            var pieceStart = start
            for index in start...end where index == end || bytes[index] == slash {
                guard index > pieceStart else { return nil }
                if bytes[pieceStart] == colon {
                    guard index - pieceStart > 1, parameters < 16 else { return nil }
                    let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(pieceStart + 1)..<index]), as: UTF8.self)
                    let segment = Segment.parameter(name)
                    guard !segments.contains(segment) else { return nil }
                    segments.append(segment)
                    parameters += 1
                } else {
                    segments.append(.literal(String(decoding: UnsafeBufferPointer(rebasing: bytes[pieceStart..<index]), as: UTF8.self)))
                }
                pieceStart = index + 1
            }
            return segments
        }
    }

    /// Patterns are equal when their segments are: `/sales/:saleId/` is `sales/:saleId`.
    public static func == (lhs: RoutePattern, rhs: RoutePattern) -> Bool { lhs.segments == rhs.segments }

    /// Hashes the segments.
    public func hash(into hasher: inout Hasher) { hasher.combine(segments) }

    /// The names of the pattern's parameters, in order.
    public var parameterNames: [String] {
        segments.compactMap {
            switch $0 {
            case .parameter(let name), .catchAll(let name): name
            case .literal: nil
            }
        }
    }

    /// How many parameters the pattern has, a catch-all included.
    var parameterCount: Int {
        segments.count { if case .literal = $0 { false } else { true } }
    }

    /// Calls `body` with each parameter's name and segment position, in order, and whether it is the catch-all.
    func forEachParameter(_ body: (_ name: String, _ position: Int, _ isCatchAll: Bool) -> Void) {
        for (position, segment) in segments.enumerated() {
            switch segment {
            case .parameter(let name): body(name, position, false)
            case .catchAll(let name): body(name, position, true)
            case .literal: continue
            }
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
