import Foundation

/// The JSON body of `POST /api/v1/opens`: `{"url": "https://go.shop.example.com/spring?utm_source=mail",
/// "platform": "ios"}`, the short link the app was opened with, query included. The app writes it
/// and the link server reads it, both here.
package struct AppOpenRequest: Sendable, Hashable {
    /// Why a body is not an open: the offending field (`url`), `nil` when the body is not an
    /// object, and what to fix.
    package struct ReadError: Error, Sendable, Hashable {
        /// The field, or `nil` for the whole body.
        package let field: String?
        /// What is wrong and how to fix it.
        package let message: String
    }

    /// The most bytes of a URL the server reads.
    package static let maximumURLLength = 2048

    /// The short link, query included.
    package var url: String
    /// The platform the app runs on.
    package var platform: DeferredLinkDeviceSignals.Platform

    /// Creates a request.
    /// - Parameters:
    ///   - url: The short link, query included.
    ///   - platform: The platform the app runs on.
    package init(url: String, platform: DeferredLinkDeviceSignals.Platform) {
        self.url = url
        self.platform = platform
    }

    /// The body as compact JSON with sorted keys.
    package var body: Data {
        Data(JSONWriter.write(["url": .string(url), "platform": .string(platform.rawValue)]).utf8)
    }

    /// Reads a body as the server receives it: exactly `url` (a string of at most 2,048 bytes)
    /// and `platform` (`ios` or `android`).
    /// - Parameter json: The parsed body.
    /// - Throws: ``ReadError`` naming the first bad field.
    package init(json: JSONValue) throws(ReadError) {
        guard let object = json.objectValue else {
            throw ReadError(field: nil, message: "the body must be a JSON object with url and platform")
        }
        if let unknown = object.keys.sorted().first(where: { !["url", "platform"].contains($0) }) {
            throw ReadError(field: unknown, message: "unknown field; an open has url and platform")
        }
        guard let url = object["url"]?.stringValue else {
            let given = object["url"].map { ", not \($0.kindDescription)" } ?? ""
            throw ReadError(field: "url", message: "url is required: the short link the app was opened with, a string\(given)")
        }
        guard url.utf8.count <= Self.maximumURLLength else {
            throw ReadError(field: "url", message: "url is longer than \(Self.maximumURLLength) bytes")
        }
        guard let platform = object["platform"]?.stringValue.flatMap(DeferredLinkDeviceSignals.Platform.init(rawValue:)) else {
            throw ReadError(field: "platform", message: "platform must be ios or android")
        }
        self.init(url: url, platform: platform)
    }
}
