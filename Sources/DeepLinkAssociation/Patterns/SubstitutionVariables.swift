import Foundation

/// The substitution variables an apple-app-site-association file can use in patterns: `$(name)`
/// matches any one of the variable's strings.
///
/// Apple predefines `alpha`, `upper`, `lower`, `alnum`, `digit`, `xdigit`, `region` and `lang`;
/// a file adds its own in `applinks.substitutionVariables`. A file's own variable with a
/// predefined name replaces the predefined one.
public struct SubstitutionVariables: Sendable, Hashable {
    /// The file's own variables, by name.
    public let custom: [String: [String]]

    /// The predefined variables only.
    public static let predefined = SubstitutionVariables(custom: [:])

    /// The names Apple predefines.
    public static let predefinedNames: Set<String> = Set(predefinedValues.keys)

    /// Creates a set of variables.
    /// - Parameter custom: The file's own variables, by name; their strings may contain `*` and `?`.
    public init(custom: [String: [String]]) {
        self.custom = custom
    }

    /// The strings a variable stands for, or `nil` for an unknown name.
    /// - Parameter name: The name between `$(` and `)`.
    public func values(named name: String) -> [String]? {
        custom[name] ?? Self.predefinedValues[name]
    }

    private static let predefinedValues: [String: [String]] = {
        let upper = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) }
        let lower = upper.map { $0.lowercased() }
        let digit = (0...9).map(String.init)
        let hexLetters = ["A", "B", "C", "D", "E", "F", "a", "b", "c", "d", "e", "f"]
        // Apple names `isoRegionCodes` and `isoLanguageCodes`: the two-letter regions (CA, US)
        // and the alphabetic language codes (en, zh, haw); numeric UN M.49 areas are not regions here.
        let regions = Locale.Region.isoRegions.map(\.identifier).filter { code in
            code.utf8.count == 2 && code.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) }
        }
        let languages = Locale.LanguageCode.isoLanguageCodes.map(\.identifier).filter { code in
            code.unicodeScalars.allSatisfy { ("a"..."z").contains($0) }
        }
        return [
            "alpha": upper + lower, "upper": upper, "lower": lower, "alnum": upper + lower + digit, "digit": digit,
            "xdigit": digit + hexLetters, "region": regions, "lang": languages,
        ]
    }()
}
