import DeepLinkAssociation
import DeepLinkCore
import Foundation

/// Turns admin API request bodies into links, checking every field: the deep link must reach a
/// route of the config directly (not after trimming path segments), redirect URLs must pass the ``RedirectPolicy``, and every other field has
/// a type, a length and a format. `Sendable`.
///
/// A body is a JSON object with `code`, `deepLink`, `fallbacks` (`appStoreID`, `playPackage`,
/// `webURL`, `iosURL`, `androidURL`), `preview` (`title`, `description`, `imageURL`), `utm` (`source`, `medium`,
/// `campaign`, `term`, `content`), `note`, `tags` (an array of strings, or one text of
/// comma-separated tags) and `expiresAt` (RFC 3339). In an update, a field
/// that is absent stays, and `null` clears it. A top-level `campaign`, as bodies written before
/// the link had one campaign sent it, is read as the stored links were migrated: as
/// `utm.campaign`, or as `note` when the body gives another `utm.campaign`.
package struct LinkEditor: Sendable {
    /// The config, read once: its router, redirect policy, default Android package and App Store ID.
    package let setup: DeepLinkSetup

    /// Creates an editor over the config.
    /// - Parameter setup: The config, read once.
    package init(setup: DeepLinkSetup) {
        self.setup = setup
    }

    /// A new link from a create request.
    /// - Parameters:
    ///   - body: The request's body.
    ///   - now: The creation time.
    ///   - codeRules: The rules a chosen code follows: a new link's, or an imported one's.
    ///   - allowsPastExpiry: Whether `expiresAt` may be past, as for a link exported with its
    ///     expiry and imported again: it arrives expired, as it left.
    /// - Throws: ``LinkServerError`` naming the first bad field, with every bad field in
    ///   ``LinkServerError/fieldErrors`` when there are several.
    package func create(
        from body: JSONValue, now: Date, codeRules: ShortCode.Rules = .new, allowsPastExpiry: Bool = false
    ) throws(LinkServerError) -> Link {
        let fields = try Self.flatten(body)
        var errors: [LinkServerError] = []
        switch fields["deepLink"] {
        case .string?: break
        case nil, .null?:
            errors.append(LinkServerError(code: .invalidField, message: "deepLink is required: the in-app URL the link opens", field: "deepLink"))
        case let other?:
            errors.append(
                LinkServerError(
                    code: .invalidField, message: "deepLink must be a string, the in-app URL the link opens, not \(other.kindDescription)",
                    field: "deepLink"))
        }
        switch fields["code"] {
        case .string(let chosen)?:
            do { try ShortCode.validate(chosen, rules: codeRules) } catch { errors.append(error) }
        case nil, .null?: break
        default: errors.append(LinkServerError(code: .invalidField, message: "code must be a string", field: "code"))
        }
        let code = fields["code"]?.stringValue ?? ShortCode.generate()
        var link = Link(code: code, deepLink: "", createdAt: now.roundedToSeconds, updatedAt: now.roundedToSeconds)
        let checked = errors.contains { $0.field == "deepLink" } ? fields.filter { $0.key != "code" && $0.key != "deepLink" } : fields.filter { $0.key != "code" }
        errors += applying(checked, to: &link, now: now, allowsPastExpiry: allowsPastExpiry)
        if !errors.isEmpty { throw LinkServerError.fields(errors) }
        if fields["fallbacks.playPackage"] == nil { link.playPackage = setup.defaultPlayPackage }
        if fields["fallbacks.appStoreID"] == nil { link.appStoreID = setup.defaultAppStoreID }
        // An https deep link is the web fallback too, written as an explicit `webURL` would be
        // (the policy's form, percent-encoded), and only when the policy allows its host.
        if fields["fallbacks.webURL"] == nil, let url = URL(string: link.deepLink), url.scheme == "https" {
            link.webURL = try? redirectTarget(link.deepLink, field: "fallbacks.webURL")
        }
        return link
    }

    /// A stored link changed by an update request.
    /// - Throws: ``LinkServerError`` naming the first bad field.
    package func update(_ link: Link, with body: JSONValue, now: Date) throws(LinkServerError) -> Link {
        let fields = try Self.flatten(body)
        if let code = fields["code"], code != .string(link.code) {
            throw LinkServerError(code: .invalidField, message: "a link's code cannot change; create a new link instead", field: "code")
        }
        var updated = link
        let errors = applying(fields.filter { $0.key != "code" }, to: &updated, now: now)
        if !errors.isEmpty { throw LinkServerError.fields(errors) }
        updated.updatedAt = now.roundedToSeconds
        return updated
    }

    /// Sets every field it can and returns an error for each it cannot, in the form's order
    /// (``LinkField/all``), unknown fields last.
    private func applying(_ fields: [String: JSONValue], to link: inout Link, now: Date, allowsPastExpiry: Bool = false) -> [LinkServerError] {
        let order = Dictionary(uniqueKeysWithValues: LinkField.all.enumerated().map { ($1.path, $0) })
        var errors: [LinkServerError] = []
        for (field, value) in fields.sorted(by: { (order[$0.key] ?? Int.max, $0.key) < (order[$1.key] ?? Int.max, $1.key) }) {
            do throws(LinkServerError) {
                if field == "password" || field == "passwordProtected" {
                    try setPassword(field, value, in: &link, password: fields["password"])
                    continue
                }
                if let known = LinkField.named(field), known.kind == .tags, case .list(let keyPath) = known.value {
                    link[keyPath: keyPath] = try Self.checkedTags(value, field: field)
                    continue
                }
                if let known = LinkField.named(field), known.kind == .targets, case .targets(let keyPath) = known.value {
                    let (targets, targetErrors) = checkedTargets(value, field: field)
                    link[keyPath: keyPath] = targets
                    errors += targetErrors
                    continue
                }
                if let known = LinkField.named(field), known.kind == .variants, case .variants(let keyPath) = known.value {
                    let (variants, variantErrors) = checkedVariants(value, field: field)
                    link[keyPath: keyPath] = variants
                    errors += variantErrors
                    continue
                }
                let text: String?
                switch value {
                case .string(let string): text = string
                case .null: text = nil
                default: throw LinkServerError(code: .invalidField, message: "\(field) must be a string or null", field: field)
                }
                guard let known = LinkField.named(field) else {
                    throw LinkServerError(code: .invalidField, message: "unknown field", field: field)
                }
                try set(known, to: text, in: &link, now: now, allowsPastExpiry: allowsPastExpiry)
            } catch {
                errors.append(error)
            }
        }
        return errors
    }

    /// Checks a field's new value for its kind and sets it; `nil` clears it.
    private func set(_ field: LinkField, to text: String?, in link: inout Link, now: Date, allowsPastExpiry: Bool) throws(LinkServerError) {
        let path = field.path
        let checked: String?
        switch field.kind {
        case .code:
            throw LinkServerError(code: .invalidField, message: "a link's code cannot change; create a new link instead", field: path)
        case .deepLink:
            guard let text else { throw LinkServerError(code: .invalidField, message: "deepLink cannot be null", field: path) }
            checked = try checkedDeepLink(text, field: path)
        case .appStoreID:
            guard text.map({ AppIdentifierSyntax.isAppStoreID($0) }) ?? true else {
                throw LinkServerError(code: .invalidField, message: "an App Store id is 1 to 12 digits", field: path)
            }
            checked = text
        case .playPackage:
            checked = try Self.checked(
                text, field: path, pattern: "^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)+$",
                what: "a package name is dot-separated identifiers such as com.example.shop", maximumLength: 255)
        case .redirectURL: checked = try redirectTarget(text, field: path)
        // As a long link's `si`: on a host the server trusts (the config's, the stores', the
        // allowlist), never loopback or a cloud's metadata address that a preview crawler would fetch.
        case .imageURL: checked = try redirectTarget(text, field: path)
        case .text(let maximumLength): checked = try Self.checkedText(text, field: path, maximumLength: maximumLength)
        case .appVersion(let platform):
            guard text.map({ AppVersion($0, for: platform) != nil }) ?? true else {
                throw LinkServerError(
                    code: .invalidField, message: "\(path) must be \(AppVersion.expectedForm(for: platform)), or null", field: path)
            }
            checked = text
        case .targets:
            guard case .targets(let keyPath) = field.value else { return }
            let (targets, errors) = checkedTargets(text.map(JSONValue.string) ?? .null, field: path)
            if let first = errors.first { throw errors.count == 1 ? first : LinkServerError.fields(errors) }
            link[keyPath: keyPath] = targets
            return
        case .variants:
            guard case .variants(let keyPath) = field.value else { return }
            let (variants, errors) = checkedVariants(text.map(JSONValue.string) ?? .null, field: path)
            if let first = errors.first { throw errors.count == 1 ? first : LinkServerError.fields(errors) }
            link[keyPath: keyPath] = variants
            return
        case .tags:
            guard case .list(let keyPath) = field.value else { return }
            link[keyPath: keyPath] = try LinkTags.normalized(text.map(LinkTags.split) ?? [], field: path)
            return
        case .expiry:
            guard case .time(let keyPath) = field.value else { return }
            link[keyPath: keyPath] = try Self.checkedExpiry(text, now: allowsPastExpiry ? .distantPast : now)
            return
        }
        switch field.value {
        case .required(let keyPath): link[keyPath: keyPath] = checked ?? ""
        case .optional(let keyPath): link[keyPath: keyPath] = checked
        case .time, .list, .targets, .variants: break
        }
    }

    /// Tags as a body gives them: an array of strings, one string of comma-separated tags (as the
    /// form, the command line and a CSV cell write them), or `null` for none.
    private static func checkedTags(_ value: JSONValue, field: String) throws(LinkServerError) -> [String] {
        switch value {
        case .null: return []
        case .string(let text): return try LinkTags.normalized(LinkTags.split(text), field: field)
        case .array(let items):
            var tags: [String] = []
            for (index, item) in items.enumerated() {
                guard case .string(let tag) = item else {
                    throw LinkServerError(code: .invalidField, message: "\(field)[\(index)] must be a string, a tag", field: "\(field)[\(index)]")
                }
                tags.append(tag)
            }
            return try LinkTags.normalized(tags, field: field)
        default:
            throw LinkServerError(
                code: .invalidField, message: "\(field) must be an array of strings, a text of comma-separated tags, or null", field: field)
        }
    }

    /// A redirect URL the policy allows, as the policy writes it again, or `nil`.
    func redirectTarget(_ text: String?, field: String) throws(LinkServerError) -> String? {
        try text.map { (url) throws(LinkServerError) in try setup.policy.redirectTarget(url, field: field) }
    }

    /// The deep link if the config's router sends it to a route.
    /// - Parameter field: The JSON path errors name: `deepLink`, or a target's `targets[0].deepLink`.
    func checkedDeepLink(_ text: String, field: String) throws(LinkServerError) -> String {
        // Foundation would percent-encode these and route the link, but the text itself goes
        // into `Location` headers, intents and page attributes.
        if let character = OffendingCharacter.first(in: text, where: OffendingCharacter.isControlOrSpace) {
            throw LinkServerError(
                code: .invalidField,
                message: "\(field) contains \(character); control characters and white space are not allowed, percent-encode them (%0D, %20)",
                field: field)
        }
        // Invisible characters would make the link on the page read other than the one that opens.
        if let character = OffendingCharacter.first(in: text, where: OffendingCharacter.isInvisible) {
            throw LinkServerError(
                code: .invalidField,
                message: "\(field) contains \(character); bidirectional controls and invisible characters are not allowed, percent-encode them",
                field: field)
        }
        let text = Self.lowercasingSchemeAndWebHost(text)
        guard text.utf8.count <= 2048, let url = URL(string: text), url.scheme != nil else {
            throw LinkServerError(
                code: .invalidField, message: "\(field) must be an absolute URL of at most 2048 bytes, such as shop://sales/42",
                field: field)
        }
        if let port = URLComponents(string: text)?.port, !(1...65535).contains(port) {
            throw LinkServerError(code: .invalidField, message: "\(field)'s port \(port) is not a TCP port (1 to 65535)", field: field)
        }
        if let hash = text.firstIndex(of: "#") {
            let fragment = text[hash...]
            throw LinkServerError(
                code: .invalidField,
                message: "\(field) has a fragment (\(fragment.prefix(40))), which Android's intent:// URLs cannot carry, so Android "
                    + "would open the link without it; put it in the path or the query instead",
                field: field)
        }
        let result = setup.router.match(url)
        // A route behind sign-in is a route: the app holds the link until the user signs in
        // (SessionRouter), as order and account e-mails need. A match after trimming segments is
        // refused: it is almost always a typo in the link.
        guard result.outcome == .matched || result.outcome == .signInRequired, result.trail.isEmpty else {
            let reason = result.reason ?? result.trail.first.map { "\($0.path): \($0.reason)" } ?? "no route matches"
            throw LinkServerError(code: .unroutableDeepLink, message: "the config's router does not route \(text): \(reason)", field: field)
        }
        return text
    }

    /// A deep link with its scheme in lowercase, and for `http` and `https` its host too, as they
    /// are matched (`SHOP://` opens `shop://` apps; Android matches intent filters' hosts exactly,
    /// and an https deep link's web fallback is only taken from it in lowercase). A custom scheme's
    /// "host" is the first part of the app's path, so its case is the app's to decide and stays.
    static func lowercasingSchemeAndWebHost(_ text: String) -> String {
        guard let colon = text.firstIndex(of: ":") else { return text }
        let scheme = text[..<colon].lowercased()
        let rest = text[colon...]
        guard scheme == "http" || scheme == "https", rest.hasPrefix("://") else { return scheme + rest }
        let authorityStart = rest.index(rest.startIndex, offsetBy: 3)
        let authorityEnd = rest[authorityStart...].firstIndex { "/?#".contains($0) } ?? rest.endIndex
        let authority = rest[authorityStart..<authorityEnd]
        // Only the host: user information before an `@` keeps its case.
        let hostStart = authority.lastIndex(of: "@").map(authority.index(after:)) ?? authority.startIndex
        return scheme + "://" + authority[..<hostStart] + authority[hostStart...].lowercased() + rest[authorityEnd...]
    }

    private static func checked(
        _ text: String?, field: String, pattern: String, what: String, maximumLength: Int = 100
    ) throws(LinkServerError) -> String? {
        guard let text else { return nil }
        guard text.count <= maximumLength, text.range(of: pattern, options: .regularExpression) != nil else {
            throw LinkServerError(code: .invalidField, message: what, field: field)
        }
        return text
    }

    private static func checkedText(_ text: String?, field: String, maximumLength: Int) throws(LinkServerError) -> String? {
        guard let text else { return nil }
        guard text.count <= maximumLength else {
            throw LinkServerError(code: .invalidField, message: "\(field) is longer than \(maximumLength) characters", field: field)
        }
        return try checkedCharacters(text, field: field)
    }

    /// A free-text value unless it holds a character no stored free-text field may: a control
    /// character, or a bidirectional override or isolate.
    /// - Throws: ``LinkServerError`` naming the field and the character.
    package static func checkedCharacters(_ text: String, field: String) throws(LinkServerError) -> String {
        if let character = OffendingCharacter.first(in: text, where: { $0.properties.generalCategory == .control }) {
            throw LinkServerError(code: .invalidField, message: "\(field) contains \(character); control characters are not allowed", field: field)
        }
        // Overrides and isolates reorder what follows them, on the page and in link previews.
        if let character = OffendingCharacter.first(in: text, where: OffendingCharacter.isBidiOverride) {
            throw LinkServerError(
                code: .invalidField,
                message: "\(field) contains \(character); bidirectional overrides and isolates (U+202A–202E, U+2066–2069) are not allowed",
                field: field)
        }
        return text
    }

    private static func checkedExpiry(_ text: String?, now: Date) throws(LinkServerError) -> Date? {
        guard let text else { return nil }
        guard let date = parseTimestamp(text) else {
            throw LinkServerError(
                code: .invalidField, message: "expiresAt must be an RFC 3339 time such as 2026-12-31T23:59:59Z", field: "expiresAt")
        }
        guard date > now else {
            throw LinkServerError(code: .invalidField, message: "expiresAt \(text) is in the past", field: "expiresAt")
        }
        return date.roundedToSeconds
    }

    /// Reads an RFC 3339 time, with or without fractional seconds: `2026-12-31T23:59:59Z` or with
    /// an offset such as `+02:00`. Foundation's reader also takes a one-digit month or a five-digit
    /// year, which RFC 3339 does not, so the shape is checked first.
    static func parseTimestamp(_ text: String) -> Date? {
        guard hasRFC3339Shape(text) else { return nil }
        let text = text.uppercased()  // only `t` and `z` change
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }

    /// Whether the text is `YYYY-MM-DDTHH:MM:SS`, an optional fraction, then `Z` or `±HH:MM`
    /// (RFC 3339 section 5.6, with `T` and `Z` in either case).
    private static func hasRFC3339Shape(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        func digits(_ range: Range<Int>) -> Bool {
            range.upperBound <= scalars.count && scalars[range].allSatisfy { ("0"..."9").contains($0) }
        }
        func scalar(_ index: Int, in set: String) -> Bool {
            index < scalars.count && set.unicodeScalars.contains(scalars[index])
        }
        guard digits(0..<4), scalar(4, in: "-"), digits(5..<7), scalar(7, in: "-"), digits(8..<10), scalar(10, in: "Tt"),
            digits(11..<13), scalar(13, in: ":"), digits(14..<16), scalar(16, in: ":"), digits(17..<19)
        else { return false }
        var index = 19
        if scalar(index, in: ".") {
            index += 1
            let start = index
            while digits(index..<(index + 1)) { index += 1 }
            guard index > start else { return false }
        }
        if scalar(index, in: "Zz") { return index + 1 == scalars.count }
        return scalar(index, in: "+-") && digits((index + 1)..<(index + 3)) && scalar(index + 3, in: ":")
            && digits((index + 4)..<(index + 6)) && index + 6 == scalars.count
    }

    /// The body's fields by path (`fallbacks.webURL`), refusing anything but the known fields.
    private static func flatten(_ body: JSONValue) throws(LinkServerError) -> [String: JSONValue] {
        guard case .object(let members) = body else {
            throw LinkServerError(code: .invalidJSON, message: "the body must be a JSON object")
        }
        var fields: [String: JSONValue] = [:]
        for (key, value) in members {
            // Write-only, and no column of the catalog: the editor hashes it.
            if key == "password" || key == "passwordProtected" {
                fields[key] = value
                continue
            }
            if let field = LinkField.named(key), field.group == .link {
                fields[key] = value
            } else if let group = LinkField.Group(rawValue: key), group != .link {
                let names = LinkField.all.filter { $0.group == group }.map(\.name)
                if value == .null {
                    for name in names { fields["\(key).\(name)"] = .null }
                    continue
                }
                guard case .object(let inner) = value else {
                    throw LinkServerError(code: .invalidField, message: "\(key) must be an object", field: key)
                }
                for (innerKey, innerValue) in inner {
                    guard names.contains(innerKey) else {
                        throw LinkServerError(
                            code: .invalidField, message: "unknown field; \(key) has \(names.sorted().joined(separator: ", "))",
                            field: "\(key).\(innerKey)")
                    }
                    fields["\(key).\(innerKey)"] = innerValue
                }
            } else if key != "campaign" {
                throw LinkServerError(code: .invalidField, message: "unknown field; a link has \(topLevelNames)", field: key)
            }
        }
        // The campaign label of older clients is the link's one campaign, its UTM campaign; beside
        // another UTM campaign it is a note, as the migration of the stored links made it.
        if let campaign = members["campaign"] {
            switch fields["utm.campaign"] {
            case nil: fields["utm.campaign"] = campaign
            case campaign?: break
            case .some where fields["note"] == nil: fields["note"] = campaign
            case .some:
                throw LinkServerError(
                    code: .invalidField,
                    message: "campaign is read as utm.campaign, or as note beside another utm.campaign; give utm.campaign and note instead",
                    field: "campaign")
            }
        }
        return fields
    }

    /// The body's top-level names, as an unknown one's message lists them: `code, deepLink, fallbacks, …`.
    private static let topLevelNames: String = {
        var names: [String] = []
        for field in LinkField.all {
            let name = field.group == .link ? field.name : field.group.rawValue
            if !names.contains(name) { names.append(name) }
        }
        return names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
    }()
}
