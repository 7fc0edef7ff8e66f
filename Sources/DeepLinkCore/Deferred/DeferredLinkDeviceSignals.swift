import Foundation

/// What an app tells the server about the device so that it can match an install to a click
/// without a token (probabilistic matching).
///
/// Sending signals is opt-in: pass them to
/// ``DeferredLinkClaimer/claimOnFirstLaunch(from:signals:)`` only with the user's consent. On
/// iOS, matching an install to a web click from device signals counts as tracking: send them
/// only after the user allowed it (App Tracking Transparency), and read Apple's User Privacy
/// and Data Use rules first. The server matches on signals only when its operator turned
/// probabilistic matching on; it is off by default. A claim with a token needs no signals.
public struct DeferredLinkDeviceSignals: Sendable, Hashable {
    /// The mobile platforms the server knows.
    public enum Platform: String, Sendable, Hashable, CaseIterable {
        /// iOS and iPadOS.
        case ios
        /// Android.
        case android
    }

    /// The platform; the server matches iOS and Android installs only.
    public var platform: Platform
    /// The OS version, e.g. `18.1`; the server compares major and minor numbers.
    public var osVersion: String?
    /// The preferred language as a BCP 47 tag, e.g. `en-US`.
    public var language: String?
    /// The time zone identifier, e.g. `Europe/Paris`.
    public var timeZone: String?
    /// The screen size in pixels, `WIDTHxHEIGHT` in portrait, e.g. `1179x2556`.
    public var screen: String?

    /// Creates signals; leave out what the app does not want to send.
    /// - Parameters:
    ///   - platform: The platform; the server needs it to match on the rest.
    ///   - osVersion: The OS version, e.g. `18.1`.
    ///   - language: The preferred language, e.g. `en-US`.
    ///   - timeZone: The time zone identifier, e.g. `Europe/Paris`.
    ///   - screen: The screen size in pixels, e.g. `1179x2556`.
    public init(
        platform: Platform, osVersion: String? = nil, language: String? = nil, timeZone: String? = nil,
        screen: String? = nil
    ) {
        self.platform = platform
        self.osVersion = osVersion
        self.language = language
        self.timeZone = timeZone
        self.screen = screen
    }

    /// The signals Foundation can tell about this device, plus the screen size the app gives.
    ///
    /// On iOS, pass the screen's native size in portrait:
    /// `"\(Int(UIScreen.main.nativeBounds.width))x\(Int(UIScreen.main.nativeBounds.height))"`.
    /// - Parameter screen: The screen size in pixels, `WIDTHxHEIGHT`, if the app sends it.
    /// - Returns: The platform (from the OS the app was built for), the OS version, the first
    ///   preferred language, the current time zone and the screen; `nil` on platforms other
    ///   than iOS and Android, whose installs the server does not match.
    public static func current(screen: String? = nil) -> DeferredLinkDeviceSignals? {
        guard let platform = currentPlatform else { return nil }
        let version = ProcessInfo.processInfo.operatingSystemVersion
        return DeferredLinkDeviceSignals(
            platform: platform, osVersion: "\(version.majorVersion).\(version.minorVersion)",
            language: Locale.preferredLanguages.first, timeZone: TimeZone.current.identifier, screen: screen)
    }

    private static var currentPlatform: Platform? {
        #if os(iOS)
            .ios
        #elseif os(Android)
            .android
        #else
            nil
        #endif
    }
}
