import Foundation

/// The JSON body of `POST /api/v1/opens`: `{"url": "https://go.shop.example.com/spring?utm_source=mail",
/// "platform": "ios", "visitorId": "6F9619FF-8B86-D011-B42D-00C04FC964FF"}`, the short link the app
/// was opened with, query included, and optionally a value that stays the same for the install,
/// which keeps the person's A/B variant of a link across taps. The app writes it and the link
/// server reads it, both here.
package struct AppOpenRequest: Sendable, Hashable {
    /// Why a body is not an open: the offending field (`url`), `nil` when the body is not an
    /// object, and what to fix; with the other bad fields of the same body, so one answer names
    /// them all.
    package struct ReadError: Error, Sendable, Hashable {
        /// The field, or `nil` for the whole body.
        package let field: String?
        /// What is wrong and how to fix it.
        package let message: String
        /// Every bad field of the body, this one first; empty when the body is not an object.
        package var all: [ReadError] = []

        /// An error about one field, or the whole body.
        package init(field: String?, message: String) {
            self.field = field
            self.message = message
        }
    }

    /// The most bytes of a URL the server reads.
    package static let maximumURLLength = 2048

    /// The short link, query included.
    package var url: String
    /// The platform the app runs on.
    package var platform: DeferredLinkDeviceSignals.Platform
    /// A value that stays the same for the install (16 to 64 ASCII letters, digits, `-` or `_`),
    /// which assigns the person an A/B variant of a link and keeps it; `nil` lets the server
    /// draw one each time.
    package var visitorID: String?

    /// Creates a request.
    /// - Parameters:
    ///   - url: The short link, query included.
    ///   - platform: The platform the app runs on.
    ///   - visitorID: A value that stays the same for the install, or `nil`.
    package init(url: String, platform: DeferredLinkDeviceSignals.Platform, visitorID: String? = nil) {
        self.url = url
        self.platform = platform
        self.visitorID = visitorID
    }

    /// The body as compact JSON with sorted keys.
    package var body: Data {
        var object: [String: JSONValue] = ["url": .string(url), "platform": .string(platform.rawValue)]
        if let visitorID { object["visitorId"] = .string(visitorID) }
        return Data(JSONWriter.write(.object(object)).utf8)
    }

    /// Whether a text can be a `visitorId`: 16 to 64 ASCII letters, digits, `-` or `_` (a UUID's
    /// text is one).
    /// - Parameter text: The text.
    package static func isVisitorID(_ text: String) -> Bool {
        (16...64).contains(text.utf8.count)
            && text.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            }
    }

    /// Reads a body as the server receives it: `url` (a string of at most 2,048 bytes),
    /// `platform` (`ios` or `android`) and optionally `visitorId` (``isVisitorID(_:)``).
    /// - Parameter json: The parsed body.
    /// - Throws: ``ReadError`` naming the first bad field, with every other one in ``ReadError/all``.
    package init(json: JSONValue) throws(ReadError) {
        guard let object = json.objectValue else {
            throw ReadError(field: nil, message: "the body must be a JSON object with url and platform")
        }
        var problems: [ReadError] = []
        for unknown in object.keys.sorted() where !["url", "platform", "visitorId"].contains(unknown) {
            problems.append(ReadError(field: unknown, message: "unknown field; an open has url, platform and visitorId"))
        }
        let url = object["url"]?.stringValue
        if url == nil {
            let given = object["url"].map { ", not \($0.kindDescription)" } ?? ""
            problems.append(ReadError(field: "url", message: "url is required: the short link the app was opened with, a string\(given)"))
        } else if let url, url.utf8.count > Self.maximumURLLength {
            problems.append(ReadError(field: "url", message: "url is longer than \(Self.maximumURLLength) bytes"))
        }
        let platform = object["platform"]?.stringValue.flatMap(DeferredLinkDeviceSignals.Platform.init(rawValue:))
        if platform == nil {
            let given = object["platform"].map { $0.stringValue.map { ", not \(JSONWriter.quoted($0))" } ?? ", not \($0.kindDescription)" } ?? ""
            problems.append(ReadError(field: "platform", message: "platform must be ios or android\(given)"))
        }
        var visitorID: String?
        switch object["visitorId"] {
        case nil, .null?: break
        case .string(let text)? where Self.isVisitorID(text): visitorID = text
        case let other?:
            problems.append(ReadError(
                field: "visitorId",
                message: "visitorId must be 16 to 64 letters, digits, - or _ that stay the same for the install, such as a UUID, "
                    + "not \(other.stringValue == nil ? other.kindDescription : "a string of \(other.stringValue!.utf8.count) bytes or other characters")"))
        }
        guard let url, let platform, problems.isEmpty else {
            var first = problems[0]
            if problems.count > 1 { first.all = problems }
            throw first
        }
        self.init(url: url, platform: platform, visitorID: visitorID)
    }
}
