import DeepLinkService
import DeepLinkCore
import Foundation
import Hummingbird
import NIOCore

/// The dashboard's forms: reading a posted form, and the link form's fields as the admin API's
/// JSON, so a link made in the browser is checked exactly as one made through the API.
enum DashboardForm {
    /// The largest form body read.
    static let maximumBodySize = 64 * 1024

    /// A field of the link form: its admin API name, label and help.
    struct LinkField: Sendable {
        /// The admin API's field path, which is also the input's name: `fallbacks.webURL`.
        let name: String
        /// The label.
        let label: String
        /// What goes in it.
        let hint: String
        /// The input type.
        var type: String = "text"
        /// Whether a link must have it.
        var required = false
    }

    /// The link form's sections and fields, in order.
    static let linkSections: [(title: String, fields: [LinkField])] = [
        (
            "Link",
            [
                LinkField(
                    name: "deepLink", label: "Deep link", hint: "The in-app URL the link opens, such as shop://sales/42; the config must route it.",
                    type: "text", required: true),
                LinkField(name: "code", label: "Short code", hint: "Leave empty for a random one; 3 to 64 letters, digits, - or _."),
                LinkField(name: "campaign", label: "Campaign", hint: "A name to find the link by, such as winter-sale."),
                LinkField(name: "expiresAt", label: "Expires (UTC)", hint: "Leave empty to keep the link forever.", type: "datetime-local"),
            ]
        ),
        (
            "Where people without the app go",
            [
                LinkField(name: "fallbacks.webURL", label: "Web page", hint: "For desktop browsers; an https URL on an allowed host.", type: "url"),
                LinkField(name: "fallbacks.iosURL", label: "iPhone and iPad page", hint: "Instead of the App Store.", type: "url"),
                LinkField(name: "fallbacks.androidURL", label: "Android page", hint: "Instead of Google Play.", type: "url"),
                LinkField(name: "fallbacks.appStoreID", label: "App Store ID", hint: "Digits only; the config's app when empty."),
                LinkField(name: "fallbacks.playPackage", label: "Google Play package", hint: "Such as com.example.shop; the config's app when empty."),
            ]
        ),
        (
            "Campaign tracking (UTM)",
            [
                LinkField(name: "utm.source", label: "Source", hint: "Such as newsletter."),
                LinkField(name: "utm.medium", label: "Medium", hint: "Such as email."),
                LinkField(name: "utm.campaign", label: "Campaign", hint: "Such as winter-sale."),
                LinkField(name: "utm.term", label: "Term", hint: ""),
                LinkField(name: "utm.content", label: "Content", hint: ""),
            ]
        ),
        (
            "Social preview",
            [
                LinkField(name: "preview.title", label: "Title", hint: "Shown when the link is shared."),
                LinkField(name: "preview.description", label: "Description", hint: ""),
                LinkField(name: "preview.imageURL", label: "Image", hint: "An https URL on an allowed host.", type: "url"),
            ]
        ),
    ]

    /// Reads an `application/x-www-form-urlencoded` body: `+` is a space, the first value of a
    /// repeated name wins.
    /// - Throws: ``LinkServerError``: `unsupported-media-type`, `payload-too-large` or `invalid-body`.
    static func read(_ request: Request) async throws(LinkServerError) -> [String: String] {
        guard let type = request.headers[.contentType], type.lowercased().hasPrefix("application/x-www-form-urlencoded") else {
            throw LinkServerError(code: .unsupportedMediaType, message: "send the form as application/x-www-form-urlencoded")
        }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: maximumBodySize)
        } catch is NIOTooManyBytesError {
            throw LinkServerError(code: .payloadTooLarge, message: "the form is larger than \(maximumBodySize) bytes")
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw LinkServerError(code: .payloadTooLarge, message: "the form is larger than \(maximumBodySize) bytes")
        } catch {
            throw LinkServerError(code: .invalidBody, message: "the form cannot be read")
        }
        return FormQuery.firstValues(percentEncoded: String(buffer: buffer))
    }

    /// The link form's values as the admin API's JSON body. For a new link, empty fields are left
    /// out (so the config's defaults apply); for a change, an empty field clears it.
    static func linkJSON(_ form: [String: String], forUpdate: Bool) -> JSONValue {
        var top: [String: JSONValue] = [:]
        var groups: [String: [String: JSONValue]] = [:]
        for field in linkSections.flatMap(\.fields) {
            if forUpdate && field.name == "code" { continue }
            let text = (form[field.name] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            let value: JSONValue
            if text.isEmpty {
                guard forUpdate, field.name != "deepLink" else { continue }
                value = .null
            } else {
                value = .string(field.name == "expiresAt" ? rfc3339(fromLocal: text) : text)
            }
            let parts = field.name.split(separator: ".", maxSplits: 1).map(String.init)
            if parts.count == 2 {
                groups[parts[0], default: [:]][parts[1]] = value
            } else {
                top[field.name] = value
            }
        }
        if forUpdate, form["deepLink"]?.trimmingCharacters(in: .whitespaces).isEmpty != false {
            top["deepLink"] = .string("")
        }
        for (name, members) in groups { top[name] = .object(members) }
        return .object(top)
    }

    /// The form's values for a stored link.
    static func values(of link: Link) -> [String: String] {
        var values: [String: String] = ["deepLink": link.deepLink, "code": link.code]
        values["campaign"] = link.campaign
        values["expiresAt"] = link.expiresAt.map(localInput)
        values["fallbacks.webURL"] = link.webURL
        values["fallbacks.iosURL"] = link.iosFallbackURL
        values["fallbacks.androidURL"] = link.androidFallbackURL
        values["fallbacks.appStoreID"] = link.appStoreID
        values["fallbacks.playPackage"] = link.playPackage
        values["utm.source"] = link.utm.source
        values["utm.medium"] = link.utm.medium
        values["utm.campaign"] = link.utm.campaign
        values["utm.term"] = link.utm.term
        values["utm.content"] = link.utm.content
        values["preview.title"] = link.preview.title
        values["preview.description"] = link.preview.description
        values["preview.imageURL"] = link.preview.imageURL
        return values
    }

    /// A `datetime-local` input's `2026-12-01T10:00` (seconds optional), read as UTC, as RFC 3339;
    /// other text as it is, for the editor to check.
    static func rfc3339(fromLocal text: String) -> String {
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

    /// A time as a `datetime-local` input's value, in UTC.
    static func localInput(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return String(formatter.string(from: date).prefix(16))
    }
}
