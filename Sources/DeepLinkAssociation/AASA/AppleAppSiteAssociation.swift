import DeepLinkCore

/// An `apple-app-site-association` file: universal links (`applinks`), shared web credentials
/// (`webcredentials`) and App Clips (`appclips`).
///
/// Read any of the three historical shapes with ``parse(_:file:)`` or ``validate(_:file:)``:
/// `details` as an object keyed by app ID (iOS 9), `details` entries with `appID` and `paths`
/// (iOS 9–12), and entries with `appIDs` and `components` (iOS 13 and later). Decide what a URL
/// does with ``match(_:appID:format:)``.
public struct AppleAppSiteAssociation: Sendable, Hashable {
    /// The largest file Apple's CDN accepts, in bytes.
    public static let maximumSize = 128 * 1024

    /// The `applinks.details` entries, in file order.
    public let details: [AASADetails]
    /// The app IDs in `webcredentials.apps`.
    public let webCredentialsApps: [String]
    /// The app IDs in `appclips.apps`.
    public let appClipsApps: [String]
    /// The app IDs in `activitycontinuation.apps`.
    public let activityContinuationApps: [String]

    /// Creates a file's model.
    /// - Parameters:
    ///   - details: The `applinks.details` entries.
    ///   - webCredentialsApps: The app IDs in `webcredentials.apps`.
    ///   - appClipsApps: The app IDs in `appclips.apps`.
    ///   - activityContinuationApps: The app IDs in `activitycontinuation.apps`.
    public init(
        details: [AASADetails], webCredentialsApps: [String] = [], appClipsApps: [String] = [],
        activityContinuationApps: [String] = []
    ) {
        self.details = details
        self.webCredentialsApps = webCredentialsApps
        self.appClipsApps = appClipsApps
        self.activityContinuationApps = activityContinuationApps
    }

    /// Every app ID the file names for universal links on iOS 13 and later (in `appIDs`, or
    /// `appID` in an entry without `appIDs`; ``AASADetails/names(_:format:)``), in file order,
    /// without repeats.
    public var appLinkAppIDs: [String] {
        var seen: Set<String> = []
        return details.flatMap(\.appIDs).filter { seen.insert($0).inserted }
    }
}

/// Everything found while reading an apple-app-site-association file.
public struct AASAReport: Sendable {
    /// The file's model, or `nil` when the text is not a JSON object.
    public let file: AppleAppSiteAssociation?
    /// The errors and warnings, errors first, each group in document order.
    public let diagnostics: [Diagnostic]

    /// Creates a report.
    /// - Parameters:
    ///   - file: The file's model.
    ///   - diagnostics: The findings.
    public init(file: AppleAppSiteAssociation?, diagnostics: [Diagnostic]) {
        self.file = file
        self.diagnostics = diagnostics.sorted { $0.severity < $1.severity }
    }

    /// The errors.
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    /// Whether the platforms would accept the file.
    public var isValid: Bool { file != nil && errors.isEmpty }
}
