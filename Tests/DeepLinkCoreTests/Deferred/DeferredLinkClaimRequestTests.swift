import DeepLinkCore
import Foundation
import Testing

/// The claim body is written by the app's claimer and read by the link server with one type.
struct DeferredLinkClaimRequestTests {
    static let token = DeferredLinkToken(rawValue: "k3Jd9_sLq-2mZx8vWpR4tY7uB1nC5eH0")
    static let signals = DeferredLinkDeviceSignals(
        platform: .ios, osVersion: "18.1", language: "fr-FR", timeZone: "Europe/Paris", screen: "1179x2556")

    @Test(arguments: [
        DeferredLinkClaimRequest(token: token, signals: signals), DeferredLinkClaimRequest(token: token, signals: nil),
        DeferredLinkClaimRequest(token: nil, signals: DeferredLinkDeviceSignals(platform: .android, osVersion: "14")),
        DeferredLinkClaimRequest(token: nil, signals: nil),
    ])
    func readsBackWhatTheClaimerWrites(request: DeferredLinkClaimRequest) throws {
        let sent = try JSONValue(parsing: String(decoding: request.body, as: UTF8.self))
        #expect(try DeferredLinkClaimRequest(json: sent) == request)
    }

    @Test func writesOnlyWhatTheAppSends() {
        let request = DeferredLinkClaimRequest(token: nil, signals: DeferredLinkDeviceSignals(platform: .android, osVersion: "14"))
        #expect(String(decoding: request.body, as: UTF8.self) == #"{"device":{"osVersion":"14","platform":"android"}}"#)
    }

    @Test(arguments: [
        (#"[]"#, nil, "the body must be a JSON object with token and/or device"),
        (#"{"code": "x"}"#, "code", "unknown field; a claim has token and device"),
        (#"{"token": "short"}"#, "token", "token must be the 16 to 128 letters, digits, - and _ of deeplink_click"),
        (#"{"token": 12}"#, "token", "token must be a string (the deeplink_click value), not a number"),
        (#"{"device": "ios"}"#, "device", "device must be an object"),
        (#"{"device": {"platform": "ios", "model": "x"}}"#, "device.model",
            "unknown field; device has platform, osVersion, language, timeZone, screen"),
        (#"{"device": {"platform": "ios", "screen": 3}}"#, "device.screen", "must be a string of at most 64 characters"),
        (#"{"device": {"platform": "windows"}}"#, "device.platform", "device.platform must be ios or android"),
    ] as [(String, String?, String)])
    func refusesBadBodiesNamingTheField(body: String, field: String?, message: String) throws {
        let error = #expect(throws: DeferredLinkClaimRequest.ReadError.self) {
            try DeferredLinkClaimRequest(json: try JSONValue(parsing: body))
        }
        #expect(error?.field == field)
        #expect(error?.message == message)
    }
}
