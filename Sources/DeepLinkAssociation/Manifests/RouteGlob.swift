import DeepLinkCore
import Foundation

/// A route turned into the wildcard patterns the platforms match, with a sample URL the route
/// accepts: `sales/:saleId` becomes `/sales/*`, or `/sales/$(digit)` when `saleId`'s regex is `[0-9]`.
///
/// Every pattern accepts at least the URLs the route accepts (a regex the translation cannot
/// follow becomes `*`), so generated files never leave a route out.
struct RouteGlob: Sendable, Hashable {
    /// One piece of a pattern.
    enum Piece: Sendable, Hashable {
        /// Text that must appear as is, already percent-encoded where the pattern needs it.
        case literal(String)
        /// `?`: any one character.
        case any
        /// `*`: zero or more characters.
        case star
        /// `$(name)` of a predefined one-character variable (`digit`, `lower`, ...).
        case variable(String)
    }

    /// A required query parameter of the route.
    struct QueryItem: Sendable, Hashable {
        let name: String
        let pieces: [Piece]
        let sample: String?
    }

    let route: RouteDefinition
    let pathPieces: [Piece]
    let query: [QueryItem]
    /// A path (percent-encoded) and query the route accepts, or `nil` when no value could be
    /// found for a parameter's regex.
    let samplePath: String?
    let sampleQuery: String?

    init(route: RouteDefinition, percentEncoded: Bool) {
        self.route = route
        var pieces: [Piece] = []
        var sample: String? = ""
        for segment in route.pattern.segments {
            pieces.append(.literal("/"))
            switch segment {
            case .literal(let text):
                pieces.append(.literal(Self.patternText(literal: text, percentEncoded: percentEncoded)))
                sample = sample.map { $0 + "/" + Self.encoded(text) }
            case .parameter(let name):
                let translation = ParameterTranslation(rule: route.rule(for: name))
                pieces += translation.pieces
                sample = sample.flatMap { prefix in translation.sample.map { prefix + "/" + Self.encoded($0) } }
            case .catchAll(let name):
                // The rest of the path, one segment or more: `?*`, which spans slashes.
                pieces += [.any, .star]
                let translation = ParameterTranslation(rule: route.rule(for: name))
                let value = translation.sample.flatMap { $0.isEmpty ? nil : $0 } ?? "a"
                sample = sample.map { $0 + "/" + value.split(separator: "/").map { Self.encoded(String($0)) }.joined(separator: "/") }
            }
        }
        pathPieces = pieces
        samplePath = sample
        let pathNames = Set(route.pattern.parameterNames)
        query = route.parameters.filter { $0.isRequired && !pathNames.contains($0.name) }.map { rule in
            let translation = ParameterTranslation(rule: rule)
            // Apple reads a missing query item as the empty string, so a pattern that matches ""
            // would open links without the parameter; `?*` needs a value, unless the regex takes "".
            let needsValue = translation.pieces.allSatisfy { $0 == .star } && !(rule.pattern?.matches("") ?? false)
            return QueryItem(
                name: rule.name, pieces: needsValue ? [.any, .star] : translation.pieces, sample: translation.sample)
        }
        if query.contains(where: { $0.sample == nil }) {
            sampleQuery = nil
        } else {
            sampleQuery = query.map { "\(Self.encoded($0.name))=\(Self.encoded($0.sample ?? ""))" }.joined(separator: "&")
        }
    }

    /// A URL on `host` that the route accepts and that works without the app, or `nil` when no
    /// sample value could be found for a parameter.
    func sampleURL(host: String) -> URL? {
        guard let samplePath, let sampleQuery else { return nil }
        return URL(string: "https://\(host)\(samplePath)\(sampleQuery.isEmpty ? "" : "?" + sampleQuery)")
    }

    /// The route's path pattern in Apple's `components` syntax.
    var componentPath: String { Self.render(pathPieces, legacy: false) }
    /// The route's path pattern for legacy `paths` and Android, where there are no variables.
    var legacyPath: String { Self.render(pathPieces, legacy: true) }

    static func render(_ pieces: [Piece], legacy: Bool) -> String {
        pieces.map { piece in
            switch piece {
            case .literal(let text): text
            case .any: "?"
            case .star: "*"
            case .variable(let name): legacy ? "?" : "$(\(name))"
            }
        }.joined()
    }

    /// Android's `pathPattern`: `.` for one character, `.*` for any run; compared with the
    /// decoded path, so literals are decoded; wildcard characters in literals become `.`.
    var androidPathPattern: String {
        var text = ""
        for segment in route.pattern.segments {
            text += "/"
            switch segment {
            case .literal(let literal):
                text += String(literal.map { "*.\\".contains($0) ? "." : $0 })
            case .catchAll:
                text += "..*"
            case .parameter(let name):
                let translation = ParameterTranslation(rule: route.rule(for: name))
                text += translation.pieces.map { piece in
                    switch piece {
                    case .literal(let literal): String((literal.removingPercentEncoding ?? literal).map { "*.\\".contains($0) ? "." : $0 })
                    case .any, .variable: "."
                    case .star: ".*"
                    }
                }.joined()
            }
        }
        return text
    }

    /// A literal segment as pattern text: percent-encoded when the host compares encoded URLs,
    /// and with Apple's wildcard characters (which have no escape) widened to `?`.
    private static func patternText(literal: String, percentEncoded: Bool) -> String {
        let text = percentEncoded ? encoded(literal) : literal
        return text.replacingOccurrences(of: "*", with: "?").replacingOccurrences(of: "$(", with: "?(")
    }

    static func encoded(_ text: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#&=+")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}

/// A parameter's regex turned into pattern pieces and a sample value.
///
/// Understood: literal letters, digits, `-`, `_`, `~` and escaped punctuation; `.`; `\d`;
/// classes equal to Apple's `digit`, `lower`, `upper`, `alpha`, `alnum` and `xdigit`; other
/// classes as one character; quantifiers `{n}`, `{n,}`, `{n,m}`, `+`, `*`, `?`; `^` and `$` at
/// the ends. Anything else (groups, alternation) makes the whole parameter `*`.
struct ParameterTranslation {
    let pieces: [RouteGlob.Piece]
    let sample: String?

    init(rule: ParameterRule?) {
        let type = rule?.type ?? .string
        guard let pattern = rule?.pattern else {
            // An int is digits: the same pattern as a regex of [0-9]+.
            let translated = type == .int ? Self.translate("[0-9]+") : nil
            pieces = translated?.pieces ?? [.star]
            sample = Self.typeSamples.first { type.accepts($0) }
            return
        }
        let translated = Self.translate(pattern.source)
        pieces = translated?.pieces ?? [.star]
        let candidates = (translated.map { [$0.sample] } ?? []) + ["1", "a", "A", "x1", "1a", "123", "abc", "a-1", "item"] + Self.typeSamples
        sample = candidates.first { !$0.isEmpty && pattern.matches($0) && type.accepts($0) }
    }

    /// A value of every parameter type, for samples.
    static let typeSamples = ["1", "123e4567-e89b-12d3-a456-426614174000", "true"]

    private struct Atom {
        let piece: RouteGlob.Piece
        let sample: String
    }

    private static let classes: [String: (name: String, sample: String)] = [
        "0-9": ("digit", "1"), "a-z": ("lower", "a"), "A-Z": ("upper", "A"), "a-zA-Z": ("alpha", "a"),
        "A-Za-z": ("alpha", "a"), "a-zA-Z0-9": ("alnum", "a"), "A-Za-z0-9": ("alnum", "a"), "0-9a-zA-Z": ("alnum", "a"),
        "0-9A-Za-z": ("alnum", "a"), "0-9a-fA-F": ("xdigit", "a"), "0-9A-Fa-f": ("xdigit", "a"), "a-fA-F0-9": ("xdigit", "a"),
        "A-Fa-f0-9": ("xdigit", "a"),
    ]

    private static func translate(_ source: String) -> (pieces: [RouteGlob.Piece], sample: String)? {
        var characters = Array(source)
        if characters.first == "^" { characters.removeFirst() }
        if characters.last == "$", characters.dropLast().last != "\\" { characters.removeLast() }
        var pieces: [RouteGlob.Piece] = []
        var sample = ""
        var index = 0
        while index < characters.count {
            guard let (atom, next) = readAtom(characters, at: index) else { return nil }
            guard let (minimum, maximum, after) = readQuantifier(characters, at: next) else { return nil }
            pieces += Array(repeating: atom.piece, count: minimum)
            if maximum != minimum { pieces.append(.star) }
            sample += String(repeating: atom.sample, count: Swift.max(minimum, maximum == nil ? 1 : 0))
            index = after
        }
        return (merge(pieces), sample)
    }

    private static func readAtom(_ characters: [Character], at index: Int) -> (Atom, Int)? {
        let character = characters[index]
        switch character {
        case ".":
            return (Atom(piece: .any, sample: "x"), index + 1)
        case "\\":
            guard index + 1 < characters.count else { return nil }
            let escaped = characters[index + 1]
            if escaped == "d" { return (Atom(piece: .variable("digit"), sample: "1"), index + 2) }
            guard escaped.isPunctuation || escaped.isSymbol else { return nil }
            return (Atom(piece: .literal(RouteGlob.encoded(String(escaped))), sample: String(escaped)), index + 2)
        case "[":
            guard let close = characters[index...].firstIndex(of: "]"), close > index + 1 else { return nil }
            let body = String(characters[(index + 1)..<close])
            if body.hasPrefix("^") || body.contains("[") || body.contains("\\") {
                return (Atom(piece: .any, sample: "x"), close + 1)
            }
            if let known = classes[body] {
                return (Atom(piece: .variable(known.name), sample: known.sample), close + 1)
            }
            return (Atom(piece: .any, sample: String(body.first ?? "x")), close + 1)
        case _ where character.isLetter && character.isASCII, _ where character.isNumber && character.isASCII,
            "-", "_", "~":
            return (Atom(piece: .literal(String(character)), sample: String(character)), index + 1)
        default:
            return nil
        }
    }

    /// `(minimum, maximum or nil for unbounded, next index)`.
    private static func readQuantifier(_ characters: [Character], at index: Int) -> (Int, Int?, Int)? {
        guard index < characters.count else { return (1, 1, index) }
        switch characters[index] {
        case "+": return (1, nil, index + 1)
        case "*": return (0, nil, index + 1)
        case "?": return (0, 1, index + 1)
        case "{":
            guard let close = characters[index...].firstIndex(of: "}") else { return nil }
            let parts = String(characters[(index + 1)..<close]).split(separator: ",", omittingEmptySubsequences: false)
            guard let minimum = parts.first.flatMap({ Int($0) }), minimum <= 64 else { return nil }
            if parts.count == 1 { return (minimum, minimum, close + 1) }
            guard parts.count == 2 else { return nil }
            return (minimum, parts[1].isEmpty ? nil : Int(parts[1]), close + 1)
        default:
            return (1, 1, index)
        }
    }

    /// Joins neighbouring literals and collapses runs of `*`.
    private static func merge(_ pieces: [RouteGlob.Piece]) -> [RouteGlob.Piece] {
        var merged: [RouteGlob.Piece] = []
        for piece in pieces {
            switch (merged.last, piece) {
            case (.literal(let previous)?, .literal(let text)):
                merged[merged.count - 1] = .literal(previous + text)
            case (.star?, .star):
                continue
            default:
                merged.append(piece)
            }
        }
        return merged
    }
}
