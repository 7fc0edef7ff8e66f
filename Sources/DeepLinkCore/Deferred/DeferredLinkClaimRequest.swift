import Foundation

/// The JSON body of a claim: `{"token": "...", "device": {"platform": "ios", ...}}`, leaving
/// out what the app does not send.
struct DeferredLinkClaimRequest: Sendable, Hashable {
    /// The click token, if the app found one.
    var token: DeferredLinkToken?
    /// The device signals, if the app sends them.
    var signals: DeferredLinkDeviceSignals?

    /// The body as compact JSON with sorted keys.
    var body: Data {
        Data(JSONWriter.write(json).utf8)
    }

    private var json: JSONValue {
        var members: [String: JSONValue] = [:]
        if let token { members["token"] = .string(token.rawValue) }
        if let signals { members["device"] = Self.json(signals) }
        return .object(members)
    }

    private static func json(_ signals: DeferredLinkDeviceSignals) -> JSONValue {
        let fields: [(String, String?)] = [
            ("platform", signals.platform.rawValue), ("osVersion", signals.osVersion), ("language", signals.language),
            ("timeZone", signals.timeZone), ("screen", signals.screen),
        ]
        return .object(Dictionary(uniqueKeysWithValues: fields.compactMap { key, value in value.map { (key, .string($0)) } }))
    }
}
