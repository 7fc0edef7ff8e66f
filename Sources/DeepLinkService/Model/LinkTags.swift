import DeepLinkCore
import Foundation

/// The rules of a link's tags (issue 27), and how the `links` table keeps them.
///
/// A tag is 1 to ``maximumLength`` characters (and at most 4 bytes each) after its surrounding
/// white space is trimmed, in Unicode's composed form (NFC), not `.` or `..`, with no comma (the form, the command line and the CSV file separate tags with commas), no control
/// character and no bidirectional override. Tags are compared exactly: `Spring` and `spring` are
/// two tags. A link has at most ``maximumCount``; each is kept once, sorted byte by byte.
///
/// The table keeps a link's tags in one column as `,a,b,` (`NULL` for none), written in the same
/// statement as the rest of the link, so a link and its tags are stored all or none; a tag
/// filter looks for `,tag,` in it.
package enum LinkTags {
    /// The most characters a tag may have.
    package static let maximumLength = 50
    /// The most tags a link may have.
    package static let maximumCount = 20

    /// Tags as given, checked, each once, sorted.
    /// - Parameters:
    ///   - tags: The tags.
    ///   - field: The field the tags came from, for errors: `tags`, `tag`.
    /// - Throws: ``LinkServerError`` `invalid-field` naming the field and the tag that breaks a rule.
    package static func normalized(_ tags: [String], field: String = "tags") throws(LinkServerError) -> [String] {
        var kept: Set<String> = []
        for (index, raw) in tags.enumerated() {
            kept.insert(try checked(raw, field: tags.count == 1 && field == "tag" ? field : "\(field)[\(index)]"))
        }
        guard kept.count <= maximumCount else {
            throw LinkServerError(code: .invalidField, message: "a link has at most \(maximumCount) tags, not \(kept.count)", field: field)
        }
        return kept.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// One tag, trimmed and checked.
    /// - Throws: ``LinkServerError`` `invalid-field` naming the field.
    package static func checked(_ tag: String, field: String) throws(LinkServerError) -> String {
        // One spelling per tag: the database compares bytes, Swift compares canonical equivalence.
        let trimmed = tag.trimmingCharacters(in: .whitespaces).precomposedStringWithCanonicalMapping
        guard !trimmed.isEmpty else {
            throw LinkServerError(code: .invalidField, message: "\(field) is empty; a tag is 1 to \(maximumLength) characters", field: field)
        }
        guard trimmed.count <= maximumLength, trimmed.utf8.count <= 4 * maximumLength else {
            throw LinkServerError(code: .invalidField, message: "\(field) is longer than \(maximumLength) characters", field: field)
        }
        guard trimmed != ".", trimmed != ".." else {
            throw LinkServerError(code: .invalidField, message: "\(field) cannot be . or .., which no address can name", field: field)
        }
        guard !trimmed.contains(",") else {
            throw LinkServerError(
                code: .invalidField, message: "\(field) contains a comma, which separates tags; give them as separate tags", field: field)
        }
        return try LinkEditor.checkedCharacters(trimmed, field: field)
    }

    /// Comma-separated tags, as the form, the command line and the CSV file write them:
    /// `spring-sale, email`. Empty pieces (`a,,b`, a trailing comma) are left out.
    package static func split(_ text: String) -> [String] {
        text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    /// The column's value for some tags: `,a,b,`, or `nil` for none.
    package static func stored(_ tags: [String]) -> String? {
        tags.isEmpty ? nil : "," + tags.joined(separator: ",") + ","
    }

    /// The tags of a column's value.
    package static func read(stored: String?) -> [String] {
        guard let stored else { return [] }
        return stored.split(separator: ",").map(String.init)
    }

    /// What a filter on one tag looks for in the column: `,tag,`.
    package static func needle(_ tag: String) -> String {
        ",\(tag),"
    }
}
