import DeepLinkCore
import Foundation

/// What a browser or an app tells about a device, for probabilistic matching: the platform, the
/// OS version, the language, the time zone and the screen. A `Sendable` value; every field is
/// normalized so the browser's and the app's way of saying the same thing compare equal.
package struct DeviceSignals: Sendable, Hashable {
    /// `ios` or `android`.
    package var platform: ClientPlatform
    /// The OS version as `MAJOR.MINOR` (`18.1`, `14.0`).
    package var osVersion: String?
    /// The primary language subtag, lowercased (`en` for `en-US`).
    package var language: String?
    /// The IANA time zone (`Europe/Paris`).
    package var timeZone: String?
    /// The screen in pixels, shorter side first (`1179x2556`).
    package var screen: String?

    /// Creates signals, normalizing each field; a field that cannot be read is left out.
    /// - Parameters:
    ///   - platform: `ios` or `android`.
    ///   - osVersion: An OS version such as `18.1.0` or `18_1`.
    ///   - language: A language tag such as `en-US`.
    ///   - timeZone: An IANA time zone.
    ///   - screen: `WIDTHxHEIGHT` in pixels, either orientation.
    package init(platform: ClientPlatform, osVersion: String? = nil, language: String? = nil, timeZone: String? = nil, screen: String? = nil) {
        self.platform = platform
        self.osVersion = osVersion.flatMap(Self.normalizedVersion)
        self.language = language.flatMap(Self.normalizedLanguage)
        self.timeZone = timeZone.flatMap(Self.normalizedTimeZone)
        self.screen = screen.flatMap(Self.normalizedScreen)
    }

    /// The signals an app sent with its claim, normalized.
    /// - Parameter signals: The claim's device signals.
    package init(_ signals: DeferredLinkDeviceSignals) {
        self.init(
            platform: signals.platform == .ios ? .ios : .android, osVersion: signals.osVersion, language: signals.language,
            timeZone: signals.timeZone, screen: signals.screen)
    }

    /// The signals a browser sends with a click: platform and OS version from `User-Agent`, the
    /// first language of `Accept-Language`, and the time zone and screen the landing page's
    /// script added to the store link. `nil` for platforms other than iOS and Android.
    /// - Parameters:
    ///   - userAgent: The `User-Agent` header.
    ///   - platform: The platform already read from `userAgent`, when it was; read here otherwise.
    ///   - acceptLanguage: The `Accept-Language` header.
    ///   - timeZone: The `tz` query parameter.
    ///   - screen: The `screen` query parameter.
    package init?(userAgent: String?, platform: ClientPlatform? = nil, acceptLanguage: String?, timeZone: String?, screen: String?) {
        let platform = platform ?? ClientPlatform(userAgent: userAgent)
        guard platform == .ios || platform == .android, let userAgent else { return nil }
        let version =
            platform == .ios
            ? Self.version(in: userAgent, after: "OS ", separator: UInt8(ascii: "_"), before: " like Mac OS X")
            : Self.version(in: userAgent, after: "Android ", separator: UInt8(ascii: "."), before: "")
        let language = acceptLanguage?.split(separator: ",").first.map { $0.split(separator: ";")[0].trimmingCharacters(in: .whitespaces) }
        self.init(platform: platform, osVersion: version, language: language, timeZone: timeZone, screen: screen)
    }

    /// Whether a claim's signals match a click's: every signal is known on both sides and
    /// agrees. The network alone is never enough, and a signal one side lacks is no evidence.
    /// - Parameter other: The claim's signals.
    func matches(_ other: DeviceSignals) -> Bool {
        guard osVersion != nil, language != nil, timeZone != nil, screen != nil else { return false }
        return self == other
    }

    /// The signals as stored: a JSON object.
    package var stored: String {
        var object: [String: JSONValue] = ["platform": .string(platform.rawValue)]
        for (key, value) in [("osVersion", osVersion), ("language", language), ("timeZone", timeZone), ("screen", screen)] {
            if let value { object[key] = .string(value) }
        }
        return JSONWriter.write(.object(object))
    }

    /// Reads stored signals.
    /// - Parameter stored: The stored JSON object.
    package init?(stored: String) {
        guard let object = (try? JSONValue(parsing: stored))?.objectValue,
            let platform = object["platform"]?.stringValue.flatMap(ClientPlatform.init(rawValue:))
        else { return nil }
        self.init(
            platform: platform, osVersion: object["osVersion"]?.stringValue, language: object["language"]?.stringValue,
            timeZone: object["timeZone"]?.stringValue, screen: object["screen"]?.stringValue)
    }

    /// The first version in a User-Agent written as digits in groups joined by `separator`
    /// (`[0-9]+(?:_[0-9]+)*`), right after `marker` and right before `suffix`: `18_1` in
    /// `iPhone OS 18_1 like Mac OS X`. A scan of the bytes: this runs on every store hop.
    static func version(in userAgent: String, after marker: String, separator: UInt8, before suffix: String) -> String? {
        let bytes = Array(userAgent.utf8)
        let marker = Array(marker.utf8)
        let suffix = Array(suffix.utf8)
        func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        var start = 0
        while start + marker.count <= bytes.count {
            defer { start += 1 }
            guard bytes[start..<start + marker.count].elementsEqual(marker) else { continue }
            let versionStart = start + marker.count
            var end = versionStart
            while end < bytes.count {
                if isDigit(bytes[end]) {
                    end += 1
                } else if bytes[end] == separator, end > versionStart, isDigit(bytes[end - 1]), end + 1 < bytes.count, isDigit(bytes[end + 1]) {
                    end += 1
                } else {
                    break
                }
            }
            guard end > versionStart, bytes[end...].starts(with: suffix) else { continue }
            return String(decoding: bytes[versionStart..<end], as: UTF8.self)
        }
        return nil
    }

    private static func normalizedVersion(_ text: String) -> String? {
        let parts = text.split(whereSeparator: { $0 == "." || $0 == "_" }).prefix(2).compactMap { Int($0) }
        guard let major = parts.first, text.count <= 32 else { return nil }
        return "\(major).\(parts.count > 1 ? parts[1] : 0)"
    }

    private static func normalizedLanguage(_ text: String) -> String? {
        let primary = text.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
        guard (2...8).contains(primary.count), primary.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        return primary
    }

    private static func normalizedTimeZone(_ text: String) -> String? {
        guard (1...64).contains(text.count), text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "/_+-".contains($0)) })
        else { return nil }
        return text
    }

    private static func normalizedScreen(_ text: String) -> String? {
        let sides = text.lowercased().split(separator: "x").compactMap { Int($0) }
        guard sides.count == 2, sides.allSatisfy({ (1...20_000).contains($0) }) else { return nil }
        return "\(min(sides[0], sides[1]))x\(max(sides[0], sides[1]))"
    }
}
