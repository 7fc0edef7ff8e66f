extension UTMFields {
    /// The most characters (extended grapheme clusters, as people see them) of a request's UTM value kept.
    package static let maximumCharacters = 100
    /// The most UTF-8 bytes of a request's UTM value kept: one character may hold thousands of
    /// combining marks, so characters alone do not bound what a visitor makes the server store.
    package static let maximumBytes = 200

    /// A request's UTM value as it is kept and counted: its first ``maximumCharacters``
    /// characters, then cut to at most ``maximumBytes`` bytes of UTF-8 at a Unicode scalar's end
    /// (a character longer than that keeps its first scalars).
    package static func capped(_ value: String) -> String {
        let characters = value.prefix(maximumCharacters)
        guard characters.utf8.count > maximumBytes else { return String(characters) }
        var kept = String.UnicodeScalarView()
        var bytes = 0
        for scalar in characters.unicodeScalars {
            let length = UTF8.width(scalar)
            guard bytes + length <= maximumBytes else { break }
            kept.append(scalar)
            bytes += length
        }
        return String(kept)
    }

    /// A link's UTM fields, each overridden by a request's `utm_*` query parameter (cut by
    /// ``capped(_:)``), as `GET /{code}` and the app's open apply them. A parameter that is empty (a
    /// campaign template's unfilled placeholder, `utm_source=`) or holds a character a stored
    /// link's UTM field may not (a control character, a bidirectional override) overrides nothing:
    /// the link's own value stays.
    /// - Parameter query: The request's query, form-decoded.
    package func overridden(by query: [String: String]) -> UTMFields {
        func value(_ name: String, _ stored: String?) -> String? {
            guard let given = query[name], !given.isEmpty, (try? LinkEditor.checkedCharacters(given, field: name)) != nil else { return stored }
            return Self.capped(given)
        }
        return UTMFields(
            source: value("utm_source", source), medium: value("utm_medium", medium), campaign: value("utm_campaign", campaign),
            term: value("utm_term", term), content: value("utm_content", content))
    }
}
