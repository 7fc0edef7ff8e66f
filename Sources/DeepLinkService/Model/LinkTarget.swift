import DeepLinkCore

/// A rule of a link that sends some of its visitors elsewhere: when every condition it gives
/// holds for a visitor (their country, their language, their platform), the destinations it
/// names replace the link's own; the rest stay the link's. A link's first target that holds
/// decides (``Link/decidingTarget(for:)``). A `Sendable` value.
///
/// In the admin API's link body: `"targets": [{"countries": ["DE", "AT"], "languages": ["de"],
/// "platforms": ["ios", "android", "desktop"], "deepLink": …, "webURL": …, "iosURL": …,
/// "androidURL": …}]`.
package struct LinkTarget: Sendable, Hashable {
    /// ISO 3166-1 alpha-2 countries in capitals, such as `DE`; empty for any country.
    package var countries: [String]
    /// Language tags such as `de` or `fr-CA`; empty for any language. A tag holds for a visitor
    /// whose first language is the tag or a narrower one (`fr` holds for `fr-CA`), as RFC 4647's
    /// lookup falls back.
    package var languages: [String]
    /// Platforms; empty for any. A link-preview crawler is on none: it gets the link's own preview.
    package var platforms: [ClientPlatform]
    /// The in-app deep link instead of the link's.
    package var deepLink: String?
    /// The web page instead of the link's `fallbacks.webURL`.
    package var webURL: String?
    /// The iOS page instead of the link's `fallbacks.iosURL`.
    package var iosURL: String?
    /// The Android page instead of the link's `fallbacks.androidURL`.
    package var androidURL: String?

    /// The most targets a link has.
    package static let maximumCount = 20
    /// The most countries, languages or platforms one target lists.
    package static let maximumConditionCount = 50

    /// A target.
    package init(
        countries: [String] = [], languages: [String] = [], platforms: [ClientPlatform] = [], deepLink: String? = nil, webURL: String? = nil,
        iosURL: String? = nil, androidURL: String? = nil
    ) {
        self.countries = countries
        self.languages = languages
        self.platforms = platforms
        self.deepLink = deepLink
        self.webURL = webURL
        self.iosURL = iosURL
        self.androidURL = androidURL
    }

    /// Whether every condition the target gives holds for a visitor.
    /// - Parameter visitor: Who the visitor is.
    package func holds(for visitor: VisitorTraits) -> Bool {
        if visitor.platform == .crawler { return false }
        if !platforms.isEmpty, !platforms.contains(visitor.platform) { return false }
        if !countries.isEmpty {
            guard let country = visitor.country, countries.contains(country) else { return false }
        }
        if !languages.isEmpty {
            guard let language = visitor.language, languages.contains(where: { LanguageTag.range($0, covers: language) }) else { return false }
        }
        return true
    }

    /// The platforms a target may name: every platform but the crawler's.
    package static let platformNames = ClientPlatform.allCases.filter { $0 != .crawler }.map(\.rawValue)

    /// ISO 3166-1's officially assigned alpha-2 codes (249), and `XK`, which the GeoIP databases
    /// (MaxMind's, DB-IP's) give Kosovo.
    package static let countryCodes: Set<String> = Set(
        """
        AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS \
        BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE \
        EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM \
        HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC \
        LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA \
        NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW \
        SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO \
        TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW
        """.split(separator: " ").map(String.init))
}

/// What a link's rules may ask of a visitor: the platform from the `User-Agent`, the first
/// language of `Accept-Language`, the country a GeoIP database gives the client's address
/// (`nil` without a database, or for an address it does not know). A `Sendable` value.
package struct VisitorTraits: Sendable, Hashable {
    /// The platform.
    package var platform: ClientPlatform
    /// The visitor's first language, such as `fr-CA`; `nil` when the browser sends none.
    package var language: String?
    /// The two-letter country, such as `DE`; `nil` when unknown.
    package var country: String?

    /// Traits.
    package init(platform: ClientPlatform, language: String? = nil, country: String? = nil) {
        self.platform = platform
        self.language = language
        self.country = country
    }
}

extension Link {
    /// The first of the link's targets that holds for a visitor, with its place in ``targets``.
    /// - Parameter visitor: Who the visitor is.
    package func decidingTarget(for visitor: VisitorTraits) -> (index: Int, target: LinkTarget)? {
        // By index, so no target is copied (and its arrays retained) only to be tried.
        for index in targets.indices where targets[index].holds(for: visitor) { return (index, targets[index]) }
        return nil
    }

    /// The link as it opens for a visitor: the deciding target's destinations in place of the
    /// link's own, with that target's place; the link itself when no target holds.
    /// - Parameter visitor: Who the visitor is.
    package func opened(for visitor: VisitorTraits) -> (link: Link, targetIndex: Int?) {
        guard let (index, target) = decidingTarget(for: visitor) else { return (self, nil) }
        return (applying(target), index)
    }

    /// The link with a rule's destinations (a target's, a variant's) in place of its own; the rest is the link's.
    /// - Parameter rule: The target that decided, or the visitor's variant.
    package func applying(_ rule: some LinkDestinations) -> Link {
        var link = self
        if let deepLink = rule.deepLink { link.deepLink = deepLink }
        if let webURL = rule.webURL { link.webURL = webURL }
        if let iosURL = rule.iosURL { link.iosFallbackURL = iosURL }
        if let androidURL = rule.androidURL { link.androidFallbackURL = androidURL }
        return link
    }
}

/// The destinations a rule of a link may name in place of the link's own: a target's, a variant's.
package protocol LinkDestinations: Sendable {
    /// The in-app deep link instead of the link's.
    var deepLink: String? { get }
    /// The web page instead of the link's `fallbacks.webURL`.
    var webURL: String? { get }
    /// The iOS page instead of the link's `fallbacks.iosURL`.
    var iosURL: String? { get }
    /// The Android page instead of the link's `fallbacks.androidURL`.
    var androidURL: String? { get }
}

extension LinkDestinations {
    /// The destinations given, in words: `deep link shop://…`, `web page https://…`.
    package var destinationSummary: [String] {
        var destinations: [String] = []
        if let deepLink { destinations.append("deep link \(deepLink)") }
        if let webURL { destinations.append("web page \(webURL)") }
        if let iosURL { destinations.append("iPhone page \(iosURL)") }
        if let androidURL { destinations.append("Android page \(androidURL)") }
        return destinations
    }
}

extension LinkTarget: LinkDestinations {}

extension LinkTarget {
    /// Why the target holds for a visitor or not, condition by condition: `country DE is one of
    /// DE, AT` or `needs country DE or AT, the visitor's is GB`.
    /// - Parameter visitor: Who the visitor is.
    package func reasons(for visitor: VisitorTraits) -> [String] {
        var reasons: [String] = []
        if visitor.platform == .crawler { return ["a link-preview crawler gets the link's own preview"] }
        if !platforms.isEmpty {
            let names = platforms.map(\.rawValue).joined(separator: " or ")
            reasons.append(platforms.contains(visitor.platform) ? "platform \(visitor.platform.rawValue)" : "needs \(names), the visitor is on \(visitor.platform.rawValue)")
        }
        if !countries.isEmpty {
            let names = countries.joined(separator: ", ")
            if let country = visitor.country {
                reasons.append(countries.contains(country) ? "country \(country) is one of \(names)" : "needs country \(names), the visitor's is \(country)")
            } else {
                reasons.append("needs country \(names), the visitor's is unknown (no GeoIP database, or an address it does not list)")
            }
        }
        if !languages.isEmpty {
            let names = languages.joined(separator: ", ")
            if let language = visitor.language {
                let covering = languages.first { LanguageTag.range($0, covers: language) }
                reasons.append(
                    covering.map { "first language \(language) falls under \($0)" } ?? "needs language \(names), the visitor's first is \(language)")
            } else {
                reasons.append("needs language \(names), the visitor's browser sends none")
            }
        }
        return reasons
    }
}

extension LinkTarget {
    /// The target in a sentence for people: `country DE or AT, language de → web page https://…`.
    package var summary: String {
        var conditions: [String] = []
        if !countries.isEmpty { conditions.append("country " + countries.joined(separator: " or ")) }
        if !languages.isEmpty { conditions.append("language " + languages.joined(separator: " or ")) }
        if !platforms.isEmpty { conditions.append("on " + platforms.map(\.rawValue).joined(separator: " or ")) }
        return conditions.joined(separator: ", ") + " → " + destinationSummary.joined(separator: ", ")
    }
}

extension Link {
    /// Which of the link's targets decides for a visitor and why, in a sentence for `simulate`
    /// and the `?d=1` page; `nil` for a link without targets.
    /// - Parameter visitor: Who the visitor is.
    package func targetExplanation(for visitor: VisitorTraits) -> String? {
        guard !targets.isEmpty else { return nil }
        let who = "the visitor (\(visitor.platform.rawValue), country \(visitor.country ?? "unknown"), first language \(visitor.language ?? "none"))"
        if let (index, target) = decidingTarget(for: visitor) {
            return "targets[\(index)] decides for \(who): " + target.reasons(for: visitor).joined(separator: ", ")
        }
        let misses = targets.enumerated().map { index, target in
            "targets[\(index)] " + target.reasons(for: visitor).filter { $0.hasPrefix("needs") || $0.hasPrefix("a link-preview") }.joined(separator: ", ")
        }
        return "no target holds for \(who), so the link's own destinations apply: " + misses.joined(separator: "; ")
    }
}
