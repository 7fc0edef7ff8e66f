import Foundation

extension DeferredLinkClaim {
    /// The link server's answer when no click matches: `{"match": "none"}`.
    package static let noMatchAnswer: JSONValue = ["match": "none"]

    /// The link server's answer for a claimed click: the match, the deep link and the link's code,
    /// campaign, UTM values and click time, `null` when unknown. The server writes it and
    /// ``DeferredLinkClaimer`` reads it (``read(answer:)``), both here.
    /// - Parameters:
    ///   - match: How the click was matched.
    ///   - deepLink: The deep link as the server stores it.
    ///   - code: The short link's code.
    ///   - campaign: The link's campaign.
    ///   - utm: The link's UTM values.
    ///   - clickedAt: When the link was clicked.
    package static func answer(
        match: Match, deepLink: String, code: String?, campaign: String?, utm: UTMParameters, clickedAt: Date?
    ) -> JSONValue {
        func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        return [
            "match": .string(match.rawValue),
            "deepLink": .string(deepLink),
            "link": [
                "code": optional(code),
                "campaign": optional(campaign),
                "utm": [
                    "source": optional(utm.source), "medium": optional(utm.medium), "campaign": optional(utm.campaign),
                    "term": optional(utm.term), "content": optional(utm.content),
                ],
                "clickedAt": optional(clickedAt?.formatted(.iso8601)),
            ],
        ]
    }

    /// Reads the link server's answer to a claim.
    /// - Parameter answer: The answer's root object.
    /// - Returns: The claim, or `nil` when the server answered `{"match": "none"}`.
    /// - Throws: ``ConfigError`` naming the JSON path of the first value that does not fit.
    package static func read(answer: JSONObjectReader) throws(ConfigError) -> DeferredLinkClaim? {
        let matchNode = try answer.required("match")
        let matchName = try matchNode.readString()
        if matchName == "none" { return nil }
        guard let match = DeferredLinkClaim.Match(rawValue: matchName) else {
            throw ConfigError(
                code: .invalidValue, message: "\(JSONWriter.quoted(matchName)) is not one of token, probabilistic, none",
                at: matchNode)
        }
        let deepLinkNode = try answer.required("deepLink")
        guard let deepLink = URL(string: try deepLinkNode.readNonEmptyString()), deepLink.scheme != nil else {
            throw ConfigError(code: .invalidValue, message: "expected an absolute URL", at: deepLinkNode)
        }
        var claim = DeferredLinkClaim(deepLink: deepLink, match: match)
        guard let link = try answer.optional("link")?.readObject() else { return claim }
        claim.code = try link.optional("code")?.readString()
        claim.campaign = try link.optional("campaign")?.readString()
        if let utm = try link.optional("utm")?.readObject() {
            claim.utm = DeferredLinkClaim.UTMParameters(
                source: try utm.optional("source")?.readString(), medium: try utm.optional("medium")?.readString(),
                campaign: try utm.optional("campaign")?.readString(), term: try utm.optional("term")?.readString(),
                content: try utm.optional("content")?.readString())
        }
        if let clickedAt = link.optional("clickedAt") {
            claim.clickedAt = try readDate(clickedAt)
        }
        return claim
    }

    private static func readDate(_ node: JSONNode) throws(ConfigError) -> Date {
        let text = try node.readString()
        let styles = [Date.ISO8601FormatStyle(), Date.ISO8601FormatStyle(includingFractionalSeconds: true)]
        for style in styles {
            if let date = try? style.parse(text) { return date }
        }
        throw ConfigError(
            code: .invalidValue, message: "\(JSONWriter.quoted(text)) is not an ISO 8601 date such as 2026-11-22T10:00:00Z",
            at: node)
    }
}
