import DeepLinkCore
import Foundation

/// The dashboard's link form as the admin API's JSON body, and a stored link as the form's
/// values, so a link made in the browser is checked exactly as one made through the API, and a
/// link's edit form submitted unchanged changes nothing.
package enum LinkForm {
    /// The link form's values as the admin API's JSON body. For a new link, empty fields are left
    /// out (so the config's defaults apply); for a change, an empty field clears it.
    package static func json(_ form: [String: String], forUpdate: Bool) -> JSONValue {
        var top: [String: JSONValue] = [:]
        var groups: [String: [String: JSONValue]] = [:]
        for field in LinkField.all {
            if forUpdate && field.kind == .code { continue }
            let text = (form[field.path] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            let value: JSONValue
            if text.isEmpty {
                guard forUpdate, field.kind != .deepLink else { continue }
                value = .null
            } else {
                value = .string(field.kind == .expiry ? rfc3339(fromLocal: text) : text)
            }
            if field.group == .link {
                top[field.name] = value
            } else {
                groups[field.group.rawValue, default: [:]][field.name] = value
            }
        }
        // The password as typed (spaces are part of it); empty keeps the link's, the box removes it.
        if form["removePassword"] == "on" {
            top["password"] = .null
        } else if let password = form["password"], !password.isEmpty {
            top["password"] = .string(password)
        }
        if forUpdate, form["deepLink"]?.trimmingCharacters(in: .whitespaces).isEmpty != false {
            top["deepLink"] = .string("")
        }
        for (name, members) in groups { top[name] = .object(members) }
        return .object(top)
    }

    /// The form's values for a stored link.
    package static func values(of link: Link) -> [String: String] {
        var values: [String: String] = [:]
        for field in LinkField.all {
            switch field.kind {
            case .expiry: values[field.path] = link.expiresAt.map(localInput)
            // One target a line or more, to read and edit in the form's text area.
            case .targets: values[field.path] = link.targets.isEmpty ? nil : JSONWriter.write(field.json(of: link), pretty: true)
            case .variants: values[field.path] = link.variants.isEmpty ? nil : JSONWriter.write(field.json(of: link), pretty: true)
            default: values[field.path] = field.text(of: link)
            }
        }
        if link.isPasswordProtected { values["passwordProtected"] = "true" }
        return values
    }

    /// A `datetime-local` input's `2026-12-01T10:00` (seconds optional), read as UTC, as RFC 3339;
    /// other text as it is, for the editor to check.
    package static func rfc3339(fromLocal text: String) -> String {
        let parts = text.split(separator: "T")
        guard parts.count == 2, parts[0].count == 10, !text.hasSuffix("Z"), !parts[1].contains("+"), !parts[1].contains("-") else {
            return text
        }
        switch parts[1].count {
        case 5: return text + ":00Z"
        case 8: return text + "Z"
        default: return text
        }
    }

    /// A time as a `datetime-local` input's value, in UTC, to the second (the input's `step` is 1),
    /// so the edit form submitted unchanged keeps the time.
    package static func localInput(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return String(formatter.string(from: date).prefix(19))
    }
}
