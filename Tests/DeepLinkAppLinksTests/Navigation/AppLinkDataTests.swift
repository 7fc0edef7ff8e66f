import DeepLinkAppLinks
import DeepLinkCore
import Foundation
import Testing

struct AppLinkDataTests {
    let data = AppLinkData(
        targetURL: URL(string: "http://example.com/docs")!, extras: ["myapp_token": "t0kEn"], userAgent: "Bolts iOS 1.1")

    @Test func writesTheProtocolsExampleObject() throws {
        let expected = try JSONValue(
            parsing: """
                {"target_url": "http://example.com/docs", "extras": {"myapp_token": "t0kEn"},
                 "user_agent": "Bolts iOS 1.1", "version": "1.0"}
                """)
        #expect(data.jsonValue == expected)
    }

    @Test func roundTripsThroughJSONWithRefererAndExtensionProperties() throws {
        var full = data
        full.referer = AppLinkReferer(
            targetURL: URL(string: "http://ex.com/docs"), url: URL(string: "example://docs"), appName: "Example App")
        full.otherProperties = ["campaign_ids": "ABcDEfghI7GUC4gMdFoX1y"]

        #expect(try AppLinkData(jsonText: full.jsonText) == full)
        #expect(full.jsonValue.objectValue?["campaign_ids"] == "ABcDEfghI7GUC4gMdFoX1y")
    }

    @Test func protocolPropertiesWinOverExtensionPropertiesOfTheSameName() {
        var shadowed = data
        shadowed.otherProperties = ["version": "9.9", "target_url": "http://other.example"]
        #expect(shadowed.jsonValue.objectValue?["version"] == "1.0")
        #expect(shadowed.jsonValue.objectValue?["target_url"] == "http://example.com/docs")
    }

    @Test func readsEscapedSlashesAndDefaultsTheVersion() throws {
        let read = try AppLinkData(jsonText: #"{"target_url":"http:\/\/example.com\/applinks"}"#)
        #expect(read.targetURL.absoluteString == "http://example.com/applinks")
        #expect(read.version == "1.0")
        #expect(read.extras.isEmpty && read.userAgent == nil && read.referer == nil)
    }

    @Test(arguments: ["1.0", "1", "1.1", "1.12"])
    func readsVersionOne(version: String) throws {
        let read = try AppLinkData(jsonText: #"{"target_url":"https://example.com","version":"\#(version)"}"#)
        #expect(read.version == version)
    }

    @Test(arguments: [
        (#"not json"#, "invalid-json", "al_applink_data"),
        (#"{"target_url": "https://example.com",}"#, "invalid-json", "al_applink_data"),
        (#"["https://example.com"]"#, "wrong-type", "al_applink_data"),
        (#""https://example.com""#, "wrong-type", "al_applink_data"),
        (#"{}"#, "missing-value", "al_applink_data"),
        (#"{"target_url": 42}"#, "wrong-type", "al_applink_data.target_url"),
        (#"{"target_url": "example://app"}"#, "invalid-url", "al_applink_data.target_url"),
        (#"{"target_url": "/relative"}"#, "invalid-url", "al_applink_data.target_url"),
        (#"{"target_url": "https://example.com", "version": "2.0"}"#, "unsupported-version", "al_applink_data.version"),
        (#"{"target_url": "https://example.com", "version": "1.0.0"}"#, "unsupported-version", "al_applink_data.version"),
        (#"{"target_url": "https://example.com", "version": "10"}"#, "unsupported-version", "al_applink_data.version"),
        (#"{"target_url": "https://example.com", "version": 1.0}"#, "wrong-type", "al_applink_data.version"),
        (#"{"target_url": "https://example.com", "extras": "t0kEn"}"#, "wrong-type", "al_applink_data.extras"),
        (#"{"target_url": "https://example.com", "user_agent": ["x"]}"#, "wrong-type", "al_applink_data.user_agent"),
        (#"{"target_url": "https://example.com", "referer_app_link": "x"}"#, "wrong-type", "al_applink_data.referer_app_link"),
        (
            #"{"target_url": "https://example.com", "referer_app_link": {"app_name": 7}}"#, "wrong-type",
            "al_applink_data.referer_app_link.app_name"
        ),
        (
            #"{"target_url": "https://example.com", "referer_app_link": {"url": "no scheme"}}"#, "invalid-url",
            "al_applink_data.referer_app_link.url"
        ),
    ])
    func rejectsMalformedDataNamingWhereItIsWrong(json: String, code: String, path: String) {
        #expect {
            try AppLinkData(jsonText: json)
        } throws: { error in
            guard let error = error as? AppLinksError else { return false }
            return error.code.name == code && error.path?.description == path && !error.message.isEmpty
        }
    }

    @Test func percentEncodesEverythingButUnreservedCharacters() throws {
        let value = AppLinkData(
            targetURL: URL(string: "http://example.com/a?b=c&d=e")!, extras: ["k": "a+b c/é~"], userAgent: "UA 1.0"
        ).queryValue

        #expect(value.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-._~%".contains($0)) })
        #expect(try AppLinkData(jsonText: #require(value.removingPercentEncoding)).extras["k"] == "a+b c/é~")
        #expect(value.hasPrefix("%7B%22extras%22%3A%7B%22k%22%3A%22a%2Bb%20c%2F%C3%A9~%22%7D"))
    }

    @Test(arguments: [
        ("example://applinks", "example://applinks?al_applink_data=DATA"),
        ("example://applinks?", "example://applinks?al_applink_data=DATA"),
        ("example://applinks?a=1", "example://applinks?a=1&al_applink_data=DATA"),
        ("example://applinks?a=1&b=%20", "example://applinks?a=1&b=%20&al_applink_data=DATA"),
        ("example://applinks#top", "example://applinks?al_applink_data=DATA#top"),
        ("example://applinks?a=1#top?x", "example://applinks?a=1&al_applink_data=DATA#top?x"),
        ("example://applinks?al_applink_data=old&a=1", "example://applinks?a=1&al_applink_data=DATA"),
        ("https://example.com/", "https://example.com/?al_applink_data=DATA"),
        ("example:opaque", "example:opaque?al_applink_data=DATA"),
    ])
    func attachesItselfAsTheLastQueryParameter(url: String, expected: String) throws {
        let attached = try data.attached(to: URL(string: url)!)
        #expect(attached.absoluteString == expected.replacingOccurrences(of: "DATA", with: data.queryValue))
    }
}
