import Synchronization

/// Language tags (BCP 47) as links' rules and pages use them: checking and writing a tag in its
/// usual case, the `Accept-Language` header, and RFC 4647's lookup.
package enum LanguageTag {
    /// A tag in its usual case (`fr-CA`, `zh-Hans`, `sr-Latn-RS`), or `nil` when it is not a
    /// tag: a primary language of 2 or 3 letters, then subtags of 1 to 8 letters or digits.
    /// - Parameter text: The tag as written, such as `FR-ca`.
    package static func canonical(_ text: String) -> String? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.utf8.count <= 35, let primary = parts.first, (2...3).contains(primary.count), primary.allSatisfy(isASCIILetter),
            parts.dropFirst().allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy { isASCIILetter($0) || $0.isASCII && $0.isNumber } })
        else { return nil }
        var written = [primary.lowercased()]
        for part in parts.dropFirst() {
            // A region (`CA`) in capitals, a script (`Hans`) with one; after a singleton (`x`, `u`) all stays lowercase.
            if written.contains(where: { $0.count == 1 }) {
                written.append(part.lowercased())
            } else if part.count == 2, part.allSatisfy(isASCIILetter) {
                written.append(part.uppercased())
            } else if part.count == 4, part.allSatisfy(isASCIILetter) {
                written.append(part.prefix(1).uppercased() + part.dropFirst().lowercased())
            } else {
                written.append(part.lowercased())
            }
        }
        return written.joined(separator: "-")
    }

    /// Whether a language range holds for a tag as RFC 4647's lookup falls back: the tag is the
    /// range, or narrower (`fr` holds for `fr-CA`, `fr-CA` not for `fr`), compared without case.
    /// - Parameters:
    ///   - range: The range, such as `fr`.
    ///   - tag: The tag, such as `fr-CA`.
    package static func range(_ range: String, covers tag: String) -> Bool {
        // Byte by byte, ASCII case folded, without a copy: links' targets are tried on every visit.
        var rangeBytes = range.utf8.makeIterator()
        var tagBytes = tag.utf8.makeIterator()
        while let r = rangeBytes.next() {
            guard let t = tagBytes.next(), r | 0x20 == t | 0x20 || (r == t) else { return false }
        }
        guard let next = tagBytes.next() else { return true }
        return next == UInt8(ascii: "-")
    }

    /// The language ranges of an `Accept-Language` header, most wanted first (by `q`, then in the
    /// header's order); ranges with `q=0`, `*` and ones that are not tags are left out. At most
    /// the first 20 ranges are read.
    /// - Parameter header: The header's value, such as `fr-CA,fr;q=0.9,en;q=0.5`.
    package static func preferences(in header: String?) -> [String] {
        guard let header, !header.isEmpty else { return [] }
        var ranges: [(tag: String, quality: Double, order: Int)] = []
        for (order, item) in header.split(separator: ",", maxSplits: 20).prefix(20).enumerated() {
            let pieces = item.split(separator: ";")
            guard let first = pieces.first, let tag = canonical(first.trimmingASCIIWhitespace()) else { continue }
            var quality = 1.0
            for parameter in pieces.dropFirst() {
                let parameter = parameter.trimmingASCIIWhitespace()
                if parameter.lowercased().hasPrefix("q=") { quality = Double(parameter.dropFirst(2)).map { min(max($0, 0), 1) } ?? 0 }
            }
            if quality > 0 { ranges.append((tag, quality, order)) }
        }
        return ranges.sorted { ($0.quality, -$0.order) > ($1.quality, -$1.order) }.map(\.tag)
    }

    /// RFC 4647's lookup (section 3.4): for each of the visitor's ranges in turn, the available
    /// tag equal to it, else to it with its last subtag removed, and so on; the first found wins,
    /// else `defaultTag`. A Chinese range that names Traditional script or a region writing it
    /// (`zh-TW`, `zh-HK`, `zh-MO`, `zh-Hant`) does not fall back to plain `zh`, which the
    /// available tags' `aliases` may give Simplified Chinese.
    /// - Parameters:
    ///   - preferences: The visitor's ranges, most wanted first (``preferences(in:)``).
    ///   - available: The tags there are, such as `["en", "de", "zh-Hans"]`, each with other tags
    ///     that mean it (`zh-Hans`: `zh`, `zh-CN`, `zh-SG`).
    ///   - defaultTag: The answer when no range finds a tag.
    package static func lookup(_ preferences: [String], in available: [(tag: String, aliases: [String])], defaultTag: String) -> String {
        var byName: [String: String] = [:]
        for (tag, aliases) in available {
            for name in [tag] + aliases where byName[name.lowercased()] == nil { byName[name.lowercased()] = tag }
        }
        for range in preferences {
            var subtags = range.lowercased().split(separator: "-").map(String.init)
            let traditional = subtags.first == "zh" && subtags.dropFirst().contains { ["hant", "tw", "hk", "mo"].contains($0) }
            while !subtags.isEmpty {
                if traditional, subtags == ["zh"] { break }
                if let found = byName[subtags.joined(separator: "-")] { return found }
                subtags.removeLast()
                // A singleton (`x`, `u`) does not stand without what follows it.
                if subtags.last?.count == 1 { subtags.removeLast() }
            }
        }
        return defaultTag
    }

    private static func isASCIILetter(_ character: Character) -> Bool {
        character.isASCII && character.isLetter
    }
}

extension Substring {
    fileprivate func trimmingASCIIWhitespace() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

/// What each value of a request header came to, so a header browsers send in a few hundred
/// distinct values (`Accept-Language`) is read once per value: at most 1,024 values of at most 256
/// bytes are kept, then it starts over. `Sendable`.
package final class HeaderTable<Value: Sendable>: Sendable {
    private let values = Mutex([String: Value]())

    /// An empty table.
    package init() {}

    /// What a header's value came to, worked out by `read` the first time it is seen.
    /// - Parameters:
    ///   - header: The header's value.
    ///   - read: What it comes to.
    package func value(for header: String, read: (String) -> Value) -> Value {
        if let known = values.withLock({ $0[header] }) { return known }
        let value = read(header)
        if header.utf8.count <= 256 {
            values.withLock { values in
                if values.count >= 1024 { values.removeAll(keepingCapacity: true) }
                values[header] = value
            }
        }
        return value
    }
}
