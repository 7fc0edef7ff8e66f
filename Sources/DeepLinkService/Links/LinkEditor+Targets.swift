import DeepLinkCore

extension LinkEditor {
    /// A body's `targets`, checked: an array of at most ``LinkTarget/maximumCount`` objects (or
    /// that array as one text, as the form, the command line and a CSV cell write it; `null` or
    /// an empty text for none), each with at least one condition and one destination; the
    /// deep link routed and the URLs allowed as the link's own are. Every error is returned,
    /// each naming its place: `targets[1].countries[2]`.
    /// - Parameters:
    ///   - value: The body's value.
    ///   - field: The field's path, `targets`.
    func checkedTargets(_ value: JSONValue, field: String) -> ([LinkTarget], [LinkServerError]) {
        var errors: [LinkServerError] = []
        guard let items = Self.listItems(value, field: field, of: "targets", errors: &errors) else { return ([], errors) }
        guard items.count <= LinkTarget.maximumCount else {
            return (
                [],
                [LinkServerError(code: .invalidField, message: "\(field) has \(items.count) targets; a link has at most \(LinkTarget.maximumCount)", field: field)]
            )
        }
        var targets: [LinkTarget] = []
        for (index, item) in items.enumerated() {
            let (target, itemErrors) = checkedTarget(item, field: "\(field)[\(index)]")
            errors += itemErrors
            if let target { targets.append(target) }
        }
        return (targets, errors)
    }

    private func checkedTarget(_ item: JSONValue, field: String) -> (LinkTarget?, [LinkServerError]) {
        guard case .object(let members) = item else {
            return (nil, [LinkServerError(code: .invalidField, message: "\(field) must be an object, not \(item.kindDescription)", field: field)])
        }
        var errors: [LinkServerError] = []
        let known = LinkTarget.conditionNames + LinkTarget.destinationNames
        for name in members.keys.sorted() where !known.contains(name) {
            errors.append(
                LinkServerError(code: .invalidField, message: "unknown field; a target has \(known.joined(separator: ", "))", field: "\(field).\(name)"))
        }
        var target = LinkTarget()
        target.countries = checkedList(members["countries"], field: "\(field).countries", errors: &errors) { (code, place) throws(LinkServerError) in
            let upper = code.uppercased()
            guard upper.count == 2, LinkTarget.countryCodes.contains(upper) else {
                throw LinkServerError(
                    code: .invalidField, message: "\(Self.shown(code)) is not an ISO 3166-1 alpha-2 country code such as DE",
                    field: place)
            }
            return upper
        }
        if !target.countries.isEmpty, setup.geoIPDatabase == nil {
            errors.append(
                LinkServerError(
                    code: .invalidField,
                    message: "\(field).countries needs the visitor's country, which the server reads from a GeoIP database: set geoip "
                        + "(server.geoIPDatabase, --geoip-database or DEEPLINK_GEOIP_DATABASE) to a GeoLite2-Country or DB-IP .mmdb file",
                    field: "\(field).countries"))
        }
        target.languages = checkedList(members["languages"], field: "\(field).languages", errors: &errors) { (tag, place) throws(LinkServerError) in
            guard let canonical = LanguageTag.canonical(tag) else {
                throw LinkServerError(
                    code: .invalidField, message: "\(Self.shown(tag)) is not a language tag such as de or fr-CA", field: place)
            }
            return canonical
        }
        target.platforms = checkedList(members["platforms"], field: "\(field).platforms", errors: &errors) { (name, place) throws(LinkServerError) in
            guard LinkTarget.platformNames.contains(name), let platform = ClientPlatform(rawValue: name) else {
                throw LinkServerError(
                    code: .invalidField,
                    message: "\(Self.shown(name)) is not a platform; a target names \(LinkTarget.platformNames.joined(separator: ", "))",
                    field: place)
            }
            return platform
        }
        let destinations = checkedDestinations(members, field: field, errors: &errors)
        target.deepLink = destinations["deepLink"]
        target.webURL = destinations["webURL"]
        target.iosURL = destinations["iosURL"]
        target.androidURL = destinations["androidURL"]
        let givesCondition = LinkTarget.conditionNames.contains { name in
            if case .array(let values)? = members[name] { !values.isEmpty } else { false }
        }
        if !givesCondition {
            errors.append(
                LinkServerError(
                    code: .invalidField, message: "\(field) needs a condition: countries, languages or platforms (a target for everyone is the link itself)",
                    field: field))
        }
        if !LinkTarget.destinationNames.contains(where: { members[$0] != nil && members[$0] != .null }) {
            errors.append(
                LinkServerError(code: .invalidField, message: "\(field) needs a destination: deepLink, webURL, iosURL or androidURL", field: field))
        }
        return (errors.isEmpty ? target : nil, errors)
    }

    /// A list field's items: an array, or that array as one JSON text (as the form, the command
    /// line and a CSV cell write it); `nil` for none (`null`, an empty text) or, with an error
    /// added, for a value that is neither.
    /// - Parameters:
    ///   - value: The body's value.
    ///   - field: The field's path.
    ///   - noun: What the array holds, for the messages: `targets`.
    static func listItems(_ value: JSONValue, field: String, of noun: String, errors: inout [LinkServerError]) -> [JSONValue]? {
        var value = value
        if case .string(let text) = value {
            if text.allSatisfy(\.isWhitespace) { return nil }
            do {
                value = try JSONValue(parsing: text)
            } catch {
                errors.append(LinkServerError(code: .invalidField, message: "\(field) is not JSON: \(error); give an array of \(noun)", field: field))
                return nil
            }
        }
        switch value {
        case .null: return nil
        case .array(let array): return array
        default:
            errors.append(LinkServerError(code: .invalidField, message: "\(field) must be an array of \(noun), or null", field: field))
            return nil
        }
    }

    /// The destinations a target or a variant names (``LinkTarget/destinationNames``), each
    /// checked as the link's own: the deep link routed, the URLs allowed by the redirect policy.
    /// - Parameters:
    ///   - members: The object's members.
    ///   - field: The object's place, such as `targets[0]`.
    func checkedDestinations(_ members: [String: JSONValue], field: String, errors: inout [LinkServerError]) -> [String: String] {
        var destinations: [String: String] = [:]
        for name in LinkTarget.destinationNames {
            let place = "\(field).\(name)"
            switch members[name] {
            case nil, .null?: continue
            case .string(let text)?:
                do throws(LinkServerError) {
                    destinations[name] = name == "deepLink" ? try checkedDeepLink(text, field: place) : try redirectTarget(text, field: place)
                } catch {
                    errors.append(error)
                }
            case let other?:
                errors.append(LinkServerError(code: .invalidField, message: "\(place) must be a string, not \(other.kindDescription)", field: place))
            }
        }
        return destinations
    }

    /// A condition's list: an array of strings, each checked, each kept once, at most
    /// ``LinkTarget/maximumConditionCount``.
    private func checkedList<Item: Equatable>(
        _ value: JSONValue?, field: String, errors: inout [LinkServerError], check: (String, String) throws(LinkServerError) -> Item
    ) -> [Item] {
        switch value {
        case nil, .null?: return []
        case .array(let values)?:
            guard values.count <= LinkTarget.maximumConditionCount else {
                errors.append(
                    LinkServerError(
                        code: .invalidField, message: "\(field) lists \(values.count); a target lists at most \(LinkTarget.maximumConditionCount)",
                        field: field))
                return []
            }
            var items: [Item] = []
            for (index, value) in values.enumerated() {
                let place = "\(field)[\(index)]"
                guard case .string(let text) = value else {
                    errors.append(LinkServerError(code: .invalidField, message: "\(place) must be a string, not \(value.kindDescription)", field: place))
                    continue
                }
                do throws(LinkServerError) {
                    let item = try check(text, place)
                    if !items.contains(item) { items.append(item) }
                } catch {
                    errors.append(error)
                }
            }
            return items
        case let other?:
            errors.append(LinkServerError(code: .invalidField, message: "\(field) must be an array of strings, not \(other.kindDescription)", field: field))
            return []
        }
    }

    /// A refused value as an error quotes it: in quotes, or, when it holds a character that would
    /// hide or reorder text where the message is read, that character named instead
    /// (`a value with U+202E (right-to-left override) at position 3`). At most 40 characters.
    static func shown(_ value: String) -> String {
        let hidden = OffendingCharacter.first(in: value) { $0.properties.generalCategory == .control || OffendingCharacter.isInvisible($0) }
        if let hidden { return "a value with \(hidden)" }
        return JSONWriter.quoted(value.count > 40 ? String(value.prefix(40)) + "…" : value)
    }
}
