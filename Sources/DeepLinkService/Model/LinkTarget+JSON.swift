import DeepLinkCore

extension LinkTarget {
    /// The target as the admin API writes it: only the conditions and destinations it gives.
    package var json: JSONValue {
        var object: [String: JSONValue] = [:]
        if !countries.isEmpty { object["countries"] = .array(countries.map(JSONValue.string)) }
        if !languages.isEmpty { object["languages"] = .array(languages.map(JSONValue.string)) }
        if !platforms.isEmpty { object["platforms"] = .array(platforms.map { .string($0.rawValue) }) }
        for (name, value) in [("deepLink", deepLink), ("webURL", webURL), ("iosURL", iosURL), ("androidURL", androidURL)] {
            if let value { object[name] = .string(value) }
        }
        return .object(object)
    }

    /// The names a target's object may have: its conditions, then its destinations.
    package static let conditionNames = ["countries", "languages", "platforms"]
    /// The destinations a target may name.
    package static let destinationNames = ["deepLink", "webURL", "iosURL", "androidURL"]

    /// Targets as the `links.targets` column keeps them: a JSON array, or `nil` for none.
    /// - Parameter targets: The targets.
    package static func stored(_ targets: [LinkTarget]) -> String? {
        targets.isEmpty ? nil : JSONWriter.write(.array(targets.map(\.json)))
    }

    /// Targets from the `links.targets` column, which only the editor's checked values reach;
    /// what does not read (a hand-edited row) is left out rather than failing the link.
    /// - Parameter stored: The column's text.
    package static func read(stored: String?) -> [LinkTarget] {
        guard let stored, case .array(let items)? = try? JSONValue(parsing: stored) else { return [] }
        return items.compactMap { item in
            guard case .object(let members) = item else { return nil }
            func strings(_ name: String) -> [String] {
                guard case .array(let values)? = members[name] else { return [] }
                return values.compactMap(\.stringValue)
            }
            return LinkTarget(
                countries: strings("countries"), languages: strings("languages"),
                platforms: strings("platforms").compactMap(ClientPlatform.init(rawValue:)), deepLink: members["deepLink"]?.stringValue,
                webURL: members["webURL"]?.stringValue, iosURL: members["iosURL"]?.stringValue, androidURL: members["androidURL"]?.stringValue)
        }
    }
}
