extension UTMFields {
    /// A link's UTM fields, each overridden by a request's `utm_*` query parameter (its first 100
    /// characters), as `GET /{code}` and the app's open apply them. A parameter that is empty (a
    /// campaign template's unfilled placeholder, `utm_source=`) or holds a character a stored
    /// link's UTM field may not (a control character, a bidirectional override) overrides nothing:
    /// the link's own value stays.
    /// - Parameter query: The request's query, form-decoded.
    package func overridden(by query: [String: String]) -> UTMFields {
        func value(_ name: String, _ stored: String?) -> String? {
            guard let given = query[name], !given.isEmpty, (try? LinkEditor.checkedCharacters(given, field: name)) != nil else { return stored }
            return String(given.prefix(100))
        }
        return UTMFields(
            source: value("utm_source", source), medium: value("utm_medium", medium), campaign: value("utm_campaign", campaign),
            term: value("utm_term", term), content: value("utm_content", content))
    }
}
