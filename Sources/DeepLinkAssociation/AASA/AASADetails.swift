import DeepLinkCore

/// One entry of `applinks.details`: the apps it names and their rules.
public struct AASADetails: Sendable, Hashable {
    /// The app IDs in `appIDs`, or `appID` when the entry has no `appIDs`.
    public let appIDs: [String]
    /// The app ID in `appID`, or the key of iOS 9's `details` object. iOS 13 and later read it
    /// only when the entry has no `appIDs` (as `swcutil` shows); iOS 12 and earlier read both.
    public let legacyAppID: String?
    /// The `components` rules (iOS 13 and later), or `nil` when the entry has none.
    public let components: [AASARule]?
    /// The legacy `paths` rules (iOS 12 and earlier, and later systems when `components` is
    /// absent), or `nil` when the entry has none.
    public let paths: [AASARule]?
    /// Where the entry stands in the file.
    public let jsonPath: JSONPath

    /// Creates an entry.
    /// - Parameters:
    ///   - appIDs: The app IDs in `appIDs`.
    ///   - legacyAppID: The app ID in `appID`.
    ///   - components: The `components` rules.
    ///   - paths: The legacy `paths` rules.
    ///   - jsonPath: Where the entry stands in the file.
    public init(
        appIDs: [String], legacyAppID: String? = nil, components: [AASARule]?, paths: [AASARule]?, jsonPath: JSONPath = .root
    ) {
        self.appIDs = appIDs
        self.legacyAppID = legacyAppID
        self.components = components
        self.paths = paths
        self.jsonPath = jsonPath
    }

    /// Whether the entry names the app for a system of the given generation: from iOS 13, in
    /// `appIDs`, or in `appID` when the entry has no `appIDs` (an `appID` beside `appIDs` is
    /// ignored, as `swcutil` shows); before, in either.
    /// - Parameters:
    ///   - appID: The app's ID.
    ///   - format: Which rules the system reads; `.components` for iOS 13 and later.
    public func names(_ appID: String, format: AASAFormat = .components) -> Bool {
        switch format {
        case .components: appIDs.contains(appID)
        case .legacyPaths: appIDs.contains(appID) || legacyAppID == appID
        }
    }

    /// The rules a system of the given generation follows.
    /// - Parameter format: Which rules the system reads.
    public func rules(for format: AASAFormat) -> [AASARule] {
        switch format {
        case .components: components ?? paths ?? []
        case .legacyPaths: paths ?? []
        }
    }
}

/// Which rules of an apple-app-site-association file a system reads.
public enum AASAFormat: String, Sendable, Hashable, CaseIterable {
    /// iOS 13, macOS 10.15 and later: `components` where an entry has them, else `paths`.
    case components
    /// iOS 12 and earlier: `paths` only.
    case legacyPaths = "legacy-paths"
}
