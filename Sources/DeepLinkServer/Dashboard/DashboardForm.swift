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

    /// The link form's sections and fields, in order: the catalog's groups.
    static let linkSections: [(title: String, fields: [LinkField])] = LinkField.Group.allCases.map { group in
        (group.title, LinkField.all.filter { $0.group == group })
    }

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
        if forUpdate, form["deepLink"]?.trimmingCharacters(in: .whitespaces).isEmpty != false {
            top["deepLink"] = .string("")
        }
        for (name, members) in groups { top[name] = .object(members) }
        return .object(top)
    }

    /// The form's values for a stored link.
    static func values(of link: Link) -> [String: String] {
        var values: [String: String] = [:]
        for field in LinkField.all {
            values[field.path] = field.kind == .expiry ? link.expiresAt.map(localInput) : field.text(of: link)
        }
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
