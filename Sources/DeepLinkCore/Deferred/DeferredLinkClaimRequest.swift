import Foundation

/// The JSON body of a claim: `{"token": "...", "device": {"platform": "ios", ...}}`, leaving
/// out what the app does not send. The app writes it and the link server reads it, both here.
package struct DeferredLinkClaimRequest: Sendable, Hashable {
    /// Why a body is not a claim: the offending field's JSON path (`device.platform`), `nil` when
    /// the body is not an object at all, and what to fix.
    package struct ReadError: Error, Sendable, Hashable {
        /// The field's JSON path, or `nil` for the whole body.
        package let field: String?
        /// What is wrong and how to fix it.
        package let message: String
    }

    /// The most characters of a device value the server reads.
    static let maximumDeviceValueLength = 64
    /// The device fields, in the order they are written.
    static let deviceFieldNames = deviceFields(of: DeferredLinkDeviceSignals(platform: .ios)).map(\.name)

    /// The click token, if the app found one.
    package var token: DeferredLinkToken?
    /// The device signals, if the app sends them.
    package var signals: DeferredLinkDeviceSignals?

    /// Creates a request.
    /// - Parameters:
    ///   - token: The click token.
    ///   - signals: The device signals.
    package init(token: DeferredLinkToken?, signals: DeferredLinkDeviceSignals?) {
        self.token = token
        self.signals = signals
    }

    /// The body as compact JSON with sorted keys.
    package var body: Data {
        Data(JSONWriter.write(json).utf8)
    }

    private var json: JSONValue {
        var members: [String: JSONValue] = [:]
        if let token { members["token"] = .string(token.rawValue) }
        if let signals {
            members["device"] = .object(
                Dictionary(uniqueKeysWithValues: Self.deviceFields(of: signals).compactMap { key, value in value.map { (key, .string($0)) } }))
        }
        return .object(members)
    }

    /// Reads a body as the server receives it: only `token` and `device`, a token of the right
    /// shape, and device values that are strings of at most 64 characters.
    /// - Parameter json: The parsed body.
    /// - Throws: ``ReadError`` naming the first bad field.
    package init(json: JSONValue) throws(ReadError) {
        guard let object = json.objectValue else {
            throw ReadError(field: nil, message: "the body must be a JSON object with token and/or device")
        }
        if let unknown = object.keys.sorted().first(where: { !["token", "device"].contains($0) }) {
            throw ReadError(field: unknown, message: "unknown field; a claim has token and device")
        }
        if let value = object["token"], value != .null {
            guard value.stringValue != nil else {
                throw ReadError(
                    field: "token", message: "token must be a string (the \(DeferredLinkToken.queryItemName) value), not \(value.kindDescription)")
            }
            guard let token = value.stringValue.flatMap(DeferredLinkToken.init(rawValue:)) else {
                let lengths = DeferredLinkToken.allowedLengths
                throw ReadError(
                    field: "token",
                    message: "token must be the \(lengths.lowerBound) to \(lengths.upperBound) letters, digits, - and _ of "
                        + DeferredLinkToken.queryItemName)
            }
            self.token = token
        } else {
            token = nil
        }
        guard let device = object["device"], device != .null else {
            signals = nil
            return
        }
        signals = try Self.readSignals(device)
    }

    private static func readSignals(_ device: JSONValue) throws(ReadError) -> DeferredLinkDeviceSignals {
        guard let fields = device.objectValue else { throw ReadError(field: "device", message: "device must be an object") }
        var strings: [String: String] = [:]
        for (key, value) in fields {
            guard deviceFieldNames.contains(key) else {
                throw ReadError(field: "device.\(key)", message: "unknown field; device has \(deviceFieldNames.joined(separator: ", "))")
            }
            guard case .string(let text) = value, text.count <= maximumDeviceValueLength else {
                throw ReadError(field: "device.\(key)", message: "must be a string of at most \(maximumDeviceValueLength) characters")
            }
            strings[key] = text
        }
        guard let platform = strings["platform"].flatMap(DeferredLinkDeviceSignals.Platform.init(rawValue:)) else {
            throw ReadError(field: "device.platform", message: "device.platform must be ios or android")
        }
        return DeferredLinkDeviceSignals(
            platform: platform, osVersion: strings["osVersion"], language: strings["language"], timeZone: strings["timeZone"],
            screen: strings["screen"])
    }

    private static func deviceFields(of signals: DeferredLinkDeviceSignals) -> [(name: String, value: String?)] {
        [
            ("platform", signals.platform.rawValue), ("osVersion", signals.osVersion), ("language", signals.language),
            ("timeZone", signals.timeZone), ("screen", signals.screen),
        ]
    }
}
