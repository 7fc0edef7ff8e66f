import DeepLinkAppLinks
import DeepLinkCore
import Foundation
import Testing

struct InboundAppLinkTests {
    /// The protocol text's example iOS URL, verbatim.
    static let protocolIOSURL = URL(
        string:
            "example://applinks?al_applink_data=%7B%22user_agent%22%3A%22Bolts%20iOS%201.0.0%22%2C%22target_url%22%3A%22http%3A%5C%2F%5C%2Fexample.com%5C%2Fapplinks%22%2C%22extras%22%3A%7B%22myapp_token%22%3A%22t0kEn%22%7D%7D"
    )!

    static func url(withData json: String) -> URL {
        URL(string: "example://docs?id=7&al_applink_data=" + json.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)!
    }

    @Test func decodesTheProtocolsExampleIOSURLExactly() throws {
        let appLink = try InboundAppLink(url: Self.protocolIOSURL)

        #expect(appLink.targetURL.absoluteString == "http://example.com/applinks")
        #expect(appLink.extras == ["myapp_token": "t0kEn"])
        #expect(appLink.data.userAgent == "Bolts iOS 1.0.0")
        #expect(appLink.version == "1.0")
        #expect(appLink.referer == nil)
        #expect(appLink.data.otherProperties.isEmpty)
        #expect(appLink.routableURL.absoluteString == "example://applinks")
        #expect(
            InboundAppLink.read(from: Self.protocolIOSURL).jsonValue == [
                "valid": true, "target_url": "http://example.com/applinks", "extras": ["myapp_token": "t0kEn"],
                "referer_app_link": nil, "version": "1.0", "user_agent": "Bolts iOS 1.0.0", "other_properties": [:],
                "ignored": [], "reason": nil,
            ])
    }

    @Test func readsTheRefererForABackButton() throws {
        let url = Self.url(
            withData: """
                {"target_url":"http://example.com/docs","version":"1.0",
                 "referer_app_link":{"target_url":"http://ex.com/docs","url":"example://docs","app_name":"Example App","icon":"x"}}
                """)
        let referer = try #require(InboundAppLink.read(from: url).appLink?.referer)

        #expect(referer.appName == "Example App")
        #expect(referer.url?.absoluteString == "example://docs")
        #expect(referer.targetURL?.absoluteString == "http://ex.com/docs")
    }

    @Test func reportsAURLWithoutLinkDataAsAbsent() {
        let url = URL(string: "example://docs?id=7&al_applink=x")!
        #expect(InboundAppLink.read(from: url) == .absent)
        #expect(InboundAppLink.read(from: url).jsonValue.objectValue?["reason"] == "the URL has no al_applink_data parameter")
        #expect(throws: AppLinksError.self) { try InboundAppLink(url: url) }
    }

    @Test(arguments: [
        ("%7Bnot%20json", "invalid-json"),
        ("%ZZ", "invalid-json"),
        ("", "invalid-json"),
        ("%5B%5D", "wrong-type"),
        ("42", "wrong-type"),
        ("%7B%22target_url%22%3A%22https%3A%2F%2Fexample.com%22%2C%22version%22%3A%222.0%22%7D", "unsupported-version"),
        ("%7B%22target_url%22%3Atrue%7D", "wrong-type"),
        ("%7B%22extras%22%3A%7B%7D%7D", "missing-value"),
    ])
    func ignoresMalformedDataWithAReasonAndKeepsTheURLRoutable(encodedData: String, code: String) throws {
        let url = URL(string: "example://docs/42?al_applink_data=\(encodedData)&ref=mail")!
        let result = InboundAppLink.read(from: url)
        let reason = try #require(result.reason)

        #expect(result.appLink == nil)
        #expect(reason.code.name == code)
        #expect(reason.url == url)
        #expect(!reason.description.isEmpty)
        #expect(result.jsonValue.objectValue?["valid"] == false)
        #expect(result.jsonValue.objectValue?["reason"] == .string(reason.description))
    }

    @Test func keepsTheLinkAndListsAMalformedOptionalMemberAsIgnored() throws {
        let url = URL(string: "example://docs/42?al_applink_data=%7B%22target_url%22%3A%22https%3A%2F%2Fexample.com%22%2C%22extras%22%3A%5B%5D%7D&ref=mail")!
        let appLink = try InboundAppLink(url: url)

        #expect(appLink.targetURL.absoluteString == "https://example.com")
        #expect(appLink.extras.isEmpty)
        #expect(appLink.ignoredMembers.map(\.code.name) == ["wrong-type"])
        #expect(appLink.ignoredMembers.first?.path?.description == "al_applink_data.extras")
        #expect(appLink.ignoredMembers.first?.url == url)
        #expect(
            InboundAppLink.read(from: url).jsonValue.objectValue?["ignored"]
                == [["code": "wrong-type", "message": "expected a JSON object, found an array", "url": .string(url.absoluteString),
                     "path": "al_applink_data.extras"]])
    }

    @Test func readsTheFirstOfRepeatedParametersAndRoutesWithoutAnyOfThem() throws {
        let first = AppLinkData(targetURL: URL(string: "https://example.com/1")!)
        let url = URL(
            string: "example://docs?a=1&al_applink_data=\(first.queryValue)&b=2&al_applink_data=%7B%7D#frag")!
        let appLink = try InboundAppLink(url: url)

        #expect(appLink.data == first)
        #expect(appLink.routableURL.absoluteString == "example://docs?a=1&b=2#frag")
    }

    @Test func keepsAnIncomingURLWithoutOtherParametersClean() throws {
        let data = AppLinkData(targetURL: URL(string: "https://example.com/1")!)
        let url = try data.attached(to: URL(string: "https://example.com/products/1")!)
        #expect(try InboundAppLink(url: url).routableURL.absoluteString == "https://example.com/products/1")
    }
}
