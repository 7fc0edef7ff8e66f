import Foundation

/// The default ``DeferredLinkClaimStorage``: one boolean in `UserDefaults`.
///
/// `UserDefaults` is removed with the app, so a reinstall claims again; it is restored with a
/// device backup, so a restored install does not.
public struct UserDefaultsDeferredLinkClaimStorage: DeferredLinkClaimStorage {
    /// The key used unless told otherwise.
    public static let defaultKey = "swift-deeplink.deferred.claimed"

    /// The defaults suite, e.g. an App Group; `nil` for the app's standard defaults.
    public let suiteName: String?
    /// The key of the boolean.
    public let key: String

    /// Creates a storage.
    /// - Parameters:
    ///   - suiteName: The defaults suite, e.g. an App Group; `nil` (the default), or a name
    ///     `UserDefaults` refuses (such as the app's bundle identifier), for the app's standard
    ///     defaults.
    ///   - key: The key of the boolean. Default: ``defaultKey``.
    public init(suiteName: String? = nil, key: String = defaultKey) {
        self.suiteName = suiteName
        self.key = key
    }

    /// Whether the boolean is set.
    public func isClaimed() -> Bool {
        defaults.bool(forKey: key)
    }

    /// Sets the boolean.
    public func markClaimed() {
        defaults.set(true, forKey: key)
    }

    // `UserDefaults` is not `Sendable` on every platform, so the suite is opened on each use
    // rather than kept; the system caches it.
    private var defaults: UserDefaults {
        suiteName.flatMap(UserDefaults.init(suiteName:)) ?? .standard
    }
}
