/// An iOS app that opens the config's universal links: `apps.ios[n]`.
public struct IOSApp: Sendable, Hashable {
    /// The application identifier, `TEAMID.bundle.id`, as it appears in apple-app-site-association.
    public let appID: String
    /// The App Clip's application identifier, when the app has an App Clip.
    public let appClipID: String?
    /// The app's App Store ID, the digits of `https://apps.apple.com/app/id123456789`: the App
    /// Store fallback of a short link that names none.
    public let appStoreID: String?

    /// Creates an app.
    /// - Parameters:
    ///   - appID: The application identifier, `TEAMID.bundle.id`.
    ///   - appClipID: The App Clip's application identifier.
    ///   - appStoreID: The App Store ID, 1 to 12 digits.
    /// - Throws: ``AssociationError`` with code `invalid-argument` when an identifier is malformed.
    public init(appID: String, appClipID: String? = nil, appStoreID: String? = nil) throws(AssociationError) {
        for identifier in [appID] + (appClipID.map { [$0] } ?? []) {
            if let problem = AppIdentifierSyntax.appIDProblem(identifier) {
                throw AssociationError(code: .invalidArgument, message: problem, input: identifier)
            }
        }
        if let appStoreID, let problem = AppIdentifierSyntax.appStoreIDProblem(appStoreID) {
            throw AssociationError(code: .invalidArgument, message: problem, input: appStoreID)
        }
        self.appID = appID
        self.appClipID = appClipID
        self.appStoreID = appStoreID
    }

    /// The Team ID, the part before the first dot.
    public var teamID: String { String(appID.prefix { $0 != "." }) }

    /// The bundle identifier, the part after the first dot.
    public var bundleID: String { String(appID.drop { $0 != "." }.dropFirst()) }
}
