extension ClientPlatform {
    /// The markers of each platform, lowercased: link-preview crawlers and search bots, then
    /// iOS, then Android.
    private static let markers = PlatformMarkers([
        (.crawler, [
            "facebookexternalhit", "facebookcatalog", "twitterbot", "slackbot", "linkedinbot", "discordbot", "whatsapp",
            "telegrambot", "skypeuripreview", "pinterest", "redditbot", "googlebot", "bingbot", "applebot", "embedly",
            "iframely", "bot/", "crawler", "spider",
        ]),
        (.ios, ["iphone", "ipad", "ipod"]),
        (.android, ["android"]),
    ])

    /// The platform a user agent belongs to: crawlers first, then iOS, then Android; any other
    /// browser, or none, is desktop.
    /// - Parameter userAgent: The `User-Agent` header.
    init(userAgent: String?) {
        self.init(agent: UserAgentText(userAgent))
    }

    /// The platform of a user agent already lowercased.
    init(agent: UserAgentText) {
        self = agent.platform(Self.markers)
    }
}

/// The markers that name platforms, indexed by their first byte, so that a `User-Agent` is
/// read once however many markers there are (reading it once per marker, 23 times, was 2% of a
/// landing page's time). A `Sendable` value.
struct PlatformMarkers: Sendable {
    /// Every marker's bytes, one after another.
    private let bytes: [UInt8]
    /// Each marker's place in `bytes` and its platform, ordered by first byte.
    private let markers: [(start: Int, count: Int, platform: ClientPlatform)]
    /// For each byte value `b`, the markers that start with it: `markers[firstMarker[b]..<firstMarker[b + 1]]`.
    private let firstMarker: [Int]

    /// Indexes lowercase, non-empty markers.
    init(_ platforms: [(platform: ClientPlatform, markers: [String])]) {
        var bytes: [UInt8] = []
        var markers: [(start: Int, count: Int, platform: ClientPlatform)] = []
        for (platform, texts) in platforms {
            for text in texts {
                markers.append((bytes.count, text.utf8.count, platform))
                bytes.append(contentsOf: text.utf8)
            }
        }
        markers.sort { bytes[$0.start] < bytes[$1.start] }
        var firstMarker = [Int](repeating: markers.count, count: 257)
        for (index, marker) in markers.enumerated().reversed() { firstMarker[Int(bytes[marker.start])] = index }
        for value in stride(from: 255, through: 0, by: -1) { firstMarker[value] = min(firstMarker[value], firstMarker[value + 1]) }
        self.bytes = bytes
        self.markers = markers
        self.firstMarker = firstMarker
    }

    /// The platform of lowercased text: a crawler's marker anywhere wins, then iOS's, then
    /// Android's; none is desktop.
    func platform(of text: UnsafeBufferPointer<UInt8>) -> ClientPlatform {
        bytes.withUnsafeBufferPointer { bytes in
            markers.withUnsafeBufferPointer { markers in
                firstMarker.withUnsafeBufferPointer { firstMarker in
                    var sawIOS = false
                    var sawAndroid = false
                    for index in text.indices {
                        let value = Int(text[index])
                        var candidate = firstMarker[value]
                        let end = firstMarker[value + 1]
                        while candidate < end {
                            let marker = markers[candidate]
                            candidate += 1
                            guard marker.count <= text.count - index else { continue }
                            var offset = 1
                            while offset < marker.count, text[index + offset] == bytes[marker.start + offset] { offset += 1 }
                            guard offset == marker.count else { continue }
                            switch marker.platform {
                            case .crawler: return ClientPlatform.crawler
                            case .ios: sawIOS = true
                            case .android: sawAndroid = true
                            case .desktop: break
                            }
                        }
                    }
                    return sawIOS ? ClientPlatform.ios : sawAndroid ? .android : .desktop
                }
            }
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

    /// The platform its markers name.
    func platform(_ markers: PlatformMarkers) -> ClientPlatform {
        bytes.withUnsafeBufferPointer(markers.platform(of:))
    }

    /// Whether the text starts with a lowercase marker.
    func hasPrefix(_ prefix: [UInt8]) -> Bool {
        bytes.starts(with: prefix)
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
