import DeepLinkCore

/// The syntax rules both platforms apply to app identities, in one place so the config reader,
/// the file validators and the link server agree.
package enum AppIdentifierSyntax {
    /// A Team ID (App ID prefix): ten uppercase letters or digits, e.g. `ABCDE12345`.
    static func isTeamID(_ text: some StringProtocol) -> Bool {
        text.utf8.count == 10 && text.unicodeScalars.allSatisfy { $0.isUppercaseLetterOrDigit }
    }

    /// A bundle identifier: dot-separated parts of ASCII letters, digits and hyphens.
    static func isBundleID(_ text: some StringProtocol) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty && text.utf8.count <= 155
            && parts.allSatisfy { part in
                !part.isEmpty && part.unicodeScalars.allSatisfy { $0.isASCIILetterOrDigit || $0 == "-" }
            }
    }

    /// An application identifier: `TEAMID.bundle.id`.
    static func isAppID(_ text: String) -> Bool {
        guard let dot = text.firstIndex(of: ".") else { return false }
        return isTeamID(text[..<dot]) && isBundleID(text[text.index(after: dot)...])
    }

    /// Why `text` is not an application identifier, or `nil` when it is one.
    static func appIDProblem(_ text: String) -> String? {
        guard let dot = text.firstIndex(of: ".") else {
            return "\(quoted(text)) is not an app ID: write the Team ID, a dot and the bundle ID, like \"ABCDE12345.com.example.shop\""
        }
        let team = text[..<dot]
        let bundle = text[text.index(after: dot)...]
        if !isTeamID(team) {
            return "\(quoted(String(team))) is not a Team ID: it is the ten uppercase letters and digits shown in the Apple "
                + "Developer account, like \"ABCDE12345\""
        }
        if !isBundleID(bundle) {
            return "\(quoted(String(bundle))) is not a bundle ID: use dot-separated parts of letters, digits and hyphens, "
                + "like \"com.example.shop\""
        }
        return nil
    }

    /// An App Store ID: the 1 to 12 digits after `id` in `https://apps.apple.com/app/id123456789`.
    package static func isAppStoreID(_ text: String) -> Bool {
        (1...12).contains(text.utf8.count) && text.unicodeScalars.allSatisfy(\.isASCIIDigit)
    }

    /// Why `text` is not an App Store ID, or `nil` when it is one.
    static func appStoreIDProblem(_ text: String) -> String? {
        isAppStoreID(text)
            ? nil
            : "\(quoted(text)) is not an App Store ID: write the 1 to 12 digits after \"id\" in the app's App Store URL, "
                + "like \"123456789\" for https://apps.apple.com/app/id123456789"
    }

    /// An Android application ID: two or more dot-separated parts, each a letter followed by
    /// letters, digits or underscores.
    static func isPackageName(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count >= 2
            && parts.allSatisfy { part in
                guard let first = part.unicodeScalars.first, first.isASCIILetter else { return false }
                return part.unicodeScalars.allSatisfy { $0.isASCIILetterOrDigit || $0 == "_" }
            }
    }

    /// Why `text` is not a SHA-256 fingerprint in the form Digital Asset Links requires (32
    /// uppercase hex pairs separated by colons), or `nil` when it is one. The code is
    /// `sha1-fingerprint`, `invalid-fingerprint` or `lowercase-fingerprint`.
    static func fingerprintIssue(_ text: String) -> (code: String, message: String)? {
        let pairs = text.split(separator: ":", omittingEmptySubsequences: false)
        let allHexPairs = pairs.allSatisfy { $0.utf8.count == 2 && $0.unicodeScalars.allSatisfy(\.isHexDigit) }
        if allHexPairs && pairs.count == 20 {
            return (
                "sha1-fingerprint",
                "\(quoted(text)) is a SHA-1 fingerprint; App Links need the SHA-256 one (32 pairs), "
                    + "shown by `keytool -list -v` or in Play Console under App signing"
            )
        }
        guard allHexPairs, pairs.count == 32 else {
            return (
                "invalid-fingerprint",
                "\(quoted(text)) is not a SHA-256 fingerprint: write 32 pairs of hex digits separated by colons, "
                    + "like \"14:6D:E9:...\""
            )
        }
        if text.unicodeScalars.contains(where: { ("a"..."f").contains($0) }) {
            return (
                "lowercase-fingerprint",
                "fingerprint \(quoted(text)) has lowercase letters; Android compares fingerprints as uppercase text, "
                    + "write \(quoted(text.uppercased()))"
            )
        }
        return nil
    }

    /// Why `text` is not a fingerprint in the required form, or `nil` when it is one.
    static func fingerprintProblem(_ text: String) -> String? {
        fingerprintIssue(text)?.message
    }

    private static func quoted(_ text: String) -> String {
        JSONWriter.quoted(text)
    }
}

extension Unicode.Scalar {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
    var isASCIILetterOrDigit: Bool { isASCIILetter || isASCIIDigit }
    var isUppercaseLetterOrDigit: Bool { ("A"..."Z").contains(self) || isASCIIDigit }
    var isHexDigit: Bool { isASCIIDigit || ("a"..."f").contains(self) || ("A"..."F").contains(self) }
}
