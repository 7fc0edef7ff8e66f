extension ClientPlatform {
    /// Substrings of the user agents of link-preview crawlers and search bots, lowercased.
    private static let crawlerMarkers = [
        "facebookexternalhit", "facebookcatalog", "twitterbot", "slackbot", "linkedinbot", "discordbot", "whatsapp",
        "telegrambot", "skypeuripreview", "pinterest", "redditbot", "googlebot", "bingbot", "applebot", "embedly",
        "iframely", "bot/", "crawler", "spider",
    ]

    /// The platform a user agent belongs to: crawlers first, then iOS, then Android; any other
    /// browser, or none, is desktop.
    /// - Parameter userAgent: The `User-Agent` header.
    init(userAgent: String?) {
        let agent = (userAgent ?? "").lowercased()
        if Self.crawlerMarkers.contains(where: agent.contains) {
            self = .crawler
        } else if agent.contains("iphone") || agent.contains("ipad") || agent.contains("ipod") {
            self = .ios
        } else if agent.contains("android") {
            self = .android
        } else {
            self = .desktop
        }
    }
}
