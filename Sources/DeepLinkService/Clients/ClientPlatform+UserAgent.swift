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
    /// - Parameter userAgent: The `User-Agent` header.
    init(userAgent: String?) {
        self.init(agent: UserAgentText(userAgent))
    }

    /// The platform of a user agent already lowercased.
    init(agent: UserAgentText) {
        if Self.crawlerMarkers.contains(where: agent.contains) {
            self = .crawler
        } else if Self.iosMarkers.contains(where: agent.contains) {
            self = .ios
        } else if agent.contains(Self.androidMarker) {
            self = .android
        } else {
            self = .desktop
        }
    }
}

/// A `User-Agent` header as ASCII-lowercased bytes, searched for markers.
///
/// Bytes rather than `String`: this runs on every resolution, and Foundation's
/// `String.contains` is slow on Linux. A `Sendable` value.
struct UserAgentText: Sendable {
    private let bytes: [UInt8]

    /// Lowercases a header; a missing header reads as empty.
    init(_ userAgent: String?) {
        bytes = (userAgent ?? "").utf8.map { $0 >= 0x41 && $0 <= 0x5a ? $0 | 0x20 : $0 }
    }

    /// Whether the text contains a lowercase marker.
    func contains(_ needle: [UInt8]) -> Bool {
        guard needle.count <= bytes.count, let first = needle.first else { return needle.isEmpty }
        var index = 0
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == first {
                var offset = 1
                while offset < needle.count, bytes[index + offset] == needle[offset] { offset += 1 }
                if offset == needle.count { return true }
            }
            index += 1
        }
        return false
    }
}
