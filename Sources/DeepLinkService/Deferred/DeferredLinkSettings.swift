import DeepLinkCore
import Foundation

/// The config's `deferred` section: how clicks are kept for the app to claim after an install.
/// A `Sendable` value with documented defaults; a config without the section gets them all.
///
/// ```json
/// "deferred": {
///   "pasteboard": false,
///   "tokenLifetimeHours": 24,
///   "probabilistic": { "enabled": false, "windowMinutes": 120 }
/// }
/// ```
///
/// Deterministic matching is always on: Android's Play Store link carries the click's token in
/// its install referrer. The iOS pasteboard and probabilistic matching are opt-in: iOS shows a
/// paste prompt, and Apple forbids fingerprinting without the user's consent.
package struct DeferredLinkSettings: Sendable, Hashable {
    /// Whether the iOS landing page's App Store button copies the click's link, with its token,
    /// to the pasteboard for the app to read on first launch. Default `false`.
    package var pasteboard: Bool
    /// How long a click's token can be claimed; the row is deleted after it. Default 24 hours.
    package var tokenLifetime: Duration
    /// Whether claims without a token may match a click by network and device signals. Default `false`.
    package var probabilistic: Bool
    /// How long after a click a probabilistic match is possible; network hashes and device
    /// signals are deleted after it. Default 2 hours.
    package var probabilisticWindow: Duration

    /// Whether an install from the App Store can be claimed at all: by the pasteboard's token or
    /// by probabilistic matching. Without either, iPhone installs are not counted.
    package var claimsIOSInstalls: Bool { pasteboard || probabilistic }

    /// Creates settings.
    /// - Parameters:
    ///   - pasteboard: Whether the iOS landing page copies the click's link.
    ///   - tokenLifetime: How long tokens can be claimed.
    ///   - probabilistic: Whether probabilistic matching is on.
    ///   - probabilisticWindow: How long probabilistic matches are possible.
    package init(
        pasteboard: Bool = false, tokenLifetime: Duration = .seconds(24 * 3600), probabilistic: Bool = false,
        probabilisticWindow: Duration = .seconds(2 * 3600)
    ) {
        self.pasteboard = pasteboard
        self.tokenLifetime = tokenLifetime
        self.probabilistic = probabilistic
        self.probabilisticWindow = probabilisticWindow
    }

    /// Reads the config's `deferred` section.
    /// - Parameter config: A config read from a file or text, so that its document is kept.
    /// - Throws: ``ConfigError`` naming the file, JSON path and line of the first bad value.
    package static func load(from config: DeepLinkConfig) throws(ConfigError) -> DeferredLinkSettings {
        let read = config.readSection(.deferred) { node, reader throws(ConfigError) in try Self.read(node, reader) }
        if let error = read.errors.first { throw error }
        return read.value ?? DeferredLinkSettings()
    }

    /// Unknown keys are refused: a typo here would silently turn a privacy setting back to its default.
    private static func read(_ node: JSONNode, _ reader: ConfigSectionReader) throws(ConfigError) -> DeferredLinkSettings {
        let object = try reader.object(node, known: ["pasteboard", "tokenLifetimeHours", "probabilistic"], refusingUnknownKeys: true)
        var settings = DeferredLinkSettings()
        if let pasteboard = object.optional("pasteboard") { settings.pasteboard = try pasteboard.readBool() }
        if let hours = object.optional("tokenLifetimeHours") {
            settings.tokenLifetime = .seconds(try wholeNumber(hours, in: 1...24 * 90, unit: "hours") * 3600)
        }
        if let probabilistic = object.optional("probabilistic") {
            let inner = try reader.object(probabilistic, known: ["enabled", "windowMinutes"], refusingUnknownKeys: true)
            if let enabled = inner.optional("enabled") { settings.probabilistic = try enabled.readBool() }
            if let minutes = inner.optional("windowMinutes") {
                settings.probabilisticWindow = .seconds(try wholeNumber(minutes, in: 1...24 * 60, unit: "minutes") * 60)
            }
        }
        guard settings.probabilisticWindow <= settings.tokenLifetime else {
            throw ConfigError(
                code: .invalidValue,
                message: "probabilistic.windowMinutes is longer than tokenLifetimeHours; a click is deleted when its token expires",
                at: node)
        }
        return settings
    }

    private static func wholeNumber(_ node: JSONNode, in range: ClosedRange<Int>, unit: String) throws(ConfigError) -> Int {
        let number = try node.readNumber()
        guard number.rounded() == number, let value = Int(exactly: number), range.contains(value) else {
            throw ConfigError(
                code: .invalidValue,
                message: "expected a whole number of \(unit) from \(range.lowerBound) to \(range.upperBound), found \(number)", at: node)
        }
        return value
    }
}
