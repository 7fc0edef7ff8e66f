import DeepLinkCore
import Foundation
import Testing

/// The claim answer is written by the link server and read by the app's claimer with one type.
struct DeferredLinkClaimJSONTests {
    static func read(_ answer: JSONValue) throws -> DeferredLinkClaim? {
        try DeferredLinkClaim.read(answer: JSONParser.parse(utf8: Data(JSONWriter.write(answer).utf8)).readObject())
    }

    @Test func readsBackWhatTheServerWrites() throws {
        let claim = DeferredLinkClaim(
            deepLink: try #require(URL(string: "shop://sales/42")), match: .probabilistic, code: "summer", campaign: "spring-2026",
            utm: DeferredLinkClaim.UTMParameters(source: "mail", campaign: "spring"),
            clickedAt: Date(timeIntervalSince1970: 1_795_341_600))
        let answer = DeferredLinkClaim.answer(
            match: claim.match, deepLink: claim.deepLink.absoluteString, code: claim.code, campaign: claim.campaign, utm: claim.utm,
            clickedAt: claim.clickedAt)
        #expect(JSONWriter.write(answer).contains(#""clickedAt":"2026-11-22T10:00:00Z""#))
        #expect(try Self.read(answer) == claim)
    }

    @Test func readsNoMatchAsNoClaim() throws {
        #expect(JSONWriter.write(DeferredLinkClaim.noMatchAnswer) == #"{"match":"none"}"#)
        #expect(try Self.read(DeferredLinkClaim.noMatchAnswer) == nil)
    }
}
