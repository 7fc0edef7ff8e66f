/// An Android app that opens the config's App Links: `apps.android[n]`.
public struct AndroidApp: Sendable, Hashable {
    /// The application ID (`applicationId` in Gradle), e.g. `com.example.shop`.
    public let package: String
    /// The SHA-256 fingerprints of the signing certificates, 32 uppercase hex pairs with colons.
    public let sha256CertFingerprints: [String]

    /// Creates an app.
    /// - Parameters:
    ///   - package: The application ID.
    ///   - sha256CertFingerprints: The signing certificates' SHA-256 fingerprints; at least one.
    /// - Throws: ``AssociationError`` with code `invalid-argument` for a malformed package name,
    ///   no fingerprint, or a fingerprint not in the uppercase colon-separated form.
    public init(package: String, sha256CertFingerprints: [String]) throws(AssociationError) {
        guard AppIdentifierSyntax.isPackageName(package) else {
            throw AssociationError(
                code: .invalidArgument,
                message: "not an Android application ID: use two or more dot-separated parts that start with a letter",
                input: package)
        }
        guard !sha256CertFingerprints.isEmpty else {
            throw AssociationError(code: .invalidArgument, message: "an Android app needs at least one fingerprint", input: package)
        }
        for fingerprint in sha256CertFingerprints {
            if let problem = AppIdentifierSyntax.fingerprintProblem(fingerprint) {
                throw AssociationError(code: .invalidArgument, message: problem, input: fingerprint)
            }
        }
        self.package = package
        self.sha256CertFingerprints = sha256CertFingerprints
    }
}
