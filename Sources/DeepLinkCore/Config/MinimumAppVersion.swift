/// A version of an app as its platform numbers it: on iOS the marketing version
/// (`CFBundleShortVersionString`, such as `5.2` or `5.2.1`), compared as dotted numbers with
/// missing parts read as 0 (`5.2` is `5.2.0`); on Android the `versionCode`, one whole number
/// (such as `520`). A `Sendable` value.
public struct AppVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The numbers, from the most significant; trailing zeros dropped, so `5.2` and `5.2.0` are equal.
    public let numbers: [Int]
    /// The version as written.
    public let description: String

    /// The largest `versionCode` Google Play accepts (Android's "Version your app" guide).
    public static let largestVersionCode = 2_100_000_000

    /// Reads an iOS marketing version: one to four whole numbers separated by dots, each at most
    /// 10 digits (`5`, `5.2`, `5.2.1`).
    /// - Parameter text: The version.
    /// - Returns: `nil` when the text is not one.
    public init?(marketingVersion text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...4).contains(parts.count) else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard let number = Self.number(part) else { return nil }
            numbers.append(number)
        }
        while numbers.count > 1, numbers.last == 0 { numbers.removeLast() }
        self.numbers = numbers
        description = text
    }

    /// Reads an Android `versionCode`: a whole number from 1 to ``largestVersionCode``.
    /// - Parameter text: The version code.
    /// - Returns: `nil` when the text is not one.
    public init?(versionCode text: String) {
        guard let number = Self.number(Substring(text)), (1...Self.largestVersionCode).contains(number) else { return nil }
        numbers = [number]
        description = text
    }

    /// One to ten ASCII digits as a number; `nil` for anything else (a sign, a space, another digit script).
    private static func number(_ text: Substring) -> Int? {
        guard (1...10).contains(text.utf8.count), text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        return Int(text)
    }

    /// Reads a version the way a platform numbers them.
    /// - Parameters:
    ///   - text: The version.
    ///   - platform: iOS (a marketing version) or Android (a `versionCode`).
    /// - Returns: `nil` when the text is not a version of that platform.
    public init?(_ text: String, for platform: DeferredLinkDeviceSignals.Platform) {
        switch platform {
        case .ios: self.init(marketingVersion: text)
        case .android: self.init(versionCode: text)
        }
    }

    /// What a version of a platform must look like, for error messages.
    /// - Parameter platform: The platform.
    public static func expectedForm(for platform: DeferredLinkDeviceSignals.Platform) -> String {
        switch platform {
        case .ios: "an iOS marketing version: one to four whole numbers separated by dots, such as 5.2"
        case .android: "an Android versionCode: a whole number from 1 to \(largestVersionCode), such as 520"
        }
    }

    /// Versions are equal when their numbers are: `5.2` equals `5.2.0`.
    public static func == (lhs: AppVersion, rhs: AppVersion) -> Bool { lhs.numbers == rhs.numbers }

    /// Hashes the numbers.
    public func hash(into hasher: inout Hasher) { hasher.combine(numbers) }

    /// Compares the numbers from the most significant; a missing number is 0.
    public static func < (lhs: AppVersion, rhs: AppVersion) -> Bool {
        for index in 0..<max(lhs.numbers.count, rhs.numbers.count) {
            let left = index < lhs.numbers.count ? lhs.numbers[index] : 0
            let right = index < rhs.numbers.count ? rhs.numbers[index] : 0
            if left != right { return left < right }
        }
        return false
    }
}

/// The oldest app versions that can open a link or a route, per platform: an older install is
/// sent to its store to update instead of into the router, which would not know the route.
/// Written `"minAppVersion": {"ios": "5.2", "android": "520"}` on a link and on a route of the
/// config; where both name one, the newer (the stricter) wins. A `Sendable` value.
public struct MinimumAppVersion: Sendable, Hashable {
    /// The oldest iOS marketing version, if any.
    public var ios: AppVersion?
    /// The oldest Android `versionCode`, if any.
    public var android: AppVersion?

    /// Creates a requirement.
    /// - Parameters:
    ///   - ios: The oldest iOS marketing version.
    ///   - android: The oldest Android `versionCode`.
    public init(ios: AppVersion? = nil, android: AppVersion? = nil) {
        self.ios = ios
        self.android = android
    }

    /// Whether neither platform has a minimum.
    public var isEmpty: Bool { ios == nil && android == nil }

    /// The minimum of a platform.
    /// - Parameter platform: The platform.
    public func version(for platform: DeferredLinkDeviceSignals.Platform) -> AppVersion? {
        switch platform {
        case .ios: ios
        case .android: android
        }
    }

    /// Each platform's newer minimum of this one and another.
    /// - Parameter other: The other requirement, such as the route's for a link's.
    public func stricter(with other: MinimumAppVersion) -> MinimumAppVersion {
        MinimumAppVersion(ios: Self.newer(ios, other.ios), android: Self.newer(android, other.android))
    }

    private static func newer(_ a: AppVersion?, _ b: AppVersion?) -> AppVersion? {
        guard let a else { return b }
        guard let b else { return a }
        return max(a, b)
    }
}
