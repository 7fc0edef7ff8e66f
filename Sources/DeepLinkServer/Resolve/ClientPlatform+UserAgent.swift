extension ClientPlatform {
    /// Substrings of the user agents of link-preview crawlers and search bots, lowercased.
    private static let crawlerMarkers: [[UInt8]] = [
        "facebookexternalhit", "facebookcatalog", "twitterbot", "slackbot", "linkedinbot", "discordbot", "whatsapp",
        "telegrambot", "skypeuripreview", "pinterest", "redditbot", "googlebot", "bingbot", "applebot", "embedly",
        "iframely", "bot/", "crawler", "spider",
    ].map { Array($0.utf8) }
    private static let iosMarkers: [[UInt8]] = ["iphone", "ipad", "ipod"].map { Array($0.utf8) }
    private static let androidMarker = Array("android".utf8)

    /// The platform a user agent belongs to: crawlers first, then iOS, then Android; any other
    /// browser, or none, is desktop.
    ///
    /// Works on ASCII-lowercased bytes: this runs on every resolution, and Foundation's
    /// `String.contains` is slow on Linux.
    /// - Parameter userAgent: The `User-Agent` header.
    init(userAgent: String?) {
        let agent = (userAgent ?? "").utf8.map { $0 >= 0x41 && $0 <= 0x5a ? $0 | 0x20 : $0 }
        if Self.crawlerMarkers.contains(where: { Self.bytes(agent, contain: $0) }) {
            self = .crawler
        } else if Self.iosMarkers.contains(where: { Self.bytes(agent, contain: $0) }) {
            self = .ios
        } else if Self.bytes(agent, contain: Self.androidMarker) {
            self = .android
        } else {
            self = .desktop
        }
    }

    private static func bytes(_ haystack: [UInt8], contain needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count, let first = needle.first else { return needle.isEmpty }
        var index = 0
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first {
                var offset = 1
                while offset < needle.count, haystack[index + offset] == needle[offset] { offset += 1 }
                if offset == needle.count { return true }
            }
            index += 1
        }
        return false
    }
}
