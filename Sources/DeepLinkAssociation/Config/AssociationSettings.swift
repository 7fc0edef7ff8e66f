import DeepLinkCore

/// The config's `apps` section: which apps own the config's links, and what each host serves.
///
/// ```json
/// "apps": {
///   "ios": [{ "appID": "ABCDE12345.com.example.shop", "appClipID": "ABCDE12345.com.example.shop.Clip" }],
///   "android": [{ "package": "com.example.shop", "sha256CertFingerprints": ["14:6D:E9:…"] }],
///   "hosts": {
///     "shop.example.com": {
///       "universalLinks": ["sales/:saleId", "addToCart/:productId"],
///       "exclude": ["/sales/preview/*"],
///       "webcredentials": true,
///       "appclips": true,
///       "defaults": { "caseSensitive": true, "percentEncoded": true },
///       "substitutionVariables": { "campaign": ["spring", "summer"] }
///     }
///   }
/// }
/// ```
///
/// Read it with ``load(from:)`` or ``diagnose(_:)``.
public struct AssociationSettings: Sendable, Hashable {
    /// The iOS apps, in config order.
    public let iosApps: [IOSApp]
    /// The Android apps, in config order.
    public let androidApps: [AndroidApp]
    /// The hosts, in config order.
    public let hosts: [HostAssociation]
    /// The custom URL schemes the apps register, from the config's `schemes`.
    public let schemes: [String]

    /// Creates settings in code.
    /// - Parameters:
    ///   - iosApps: The iOS apps.
    ///   - androidApps: The Android apps.
    ///   - hosts: The hosts.
    ///   - schemes: The custom URL schemes the apps register.
    public init(iosApps: [IOSApp], androidApps: [AndroidApp], hosts: [HostAssociation], schemes: [String] = []) {
        self.iosApps = iosApps
        self.androidApps = androidApps
        self.hosts = hosts
        self.schemes = schemes
    }
}

/// Everything found while reading an `apps` section.
public struct AssociationSettingsReport: Sendable {
    /// The settings, or `nil` when the section is missing or has errors.
    public let settings: AssociationSettings?
    /// The errors, in document order.
    public let errors: [ConfigError]
    /// The warnings, in document order.
    public let warnings: [Diagnostic]

    /// Creates a report.
    /// - Parameters:
    ///   - settings: The settings, or `nil` when there are errors.
    ///   - errors: The errors.
    ///   - warnings: The warnings.
    public init(settings: AssociationSettings?, errors: [ConfigError], warnings: [Diagnostic]) {
        self.settings = errors.isEmpty ? settings : nil
        self.errors = errors
        self.warnings = warnings
    }

    /// Errors and warnings together, errors first.
    public var diagnostics: [Diagnostic] { errors.map(\.diagnostic) + warnings }
}
