import ArgumentParser
import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

@testable import deeplink

struct AppLinksCommandTests {
    let pageURL = "http://example.com/applinks"
    let protocolIOSURL =
        "example://applinks?al_applink_data=%7B%22user_agent%22%3A%22Bolts%20iOS%201.0.0%22%2C%22target_url%22%3A%22http%3A%5C%2F%5C%2Fexample.com%5C%2Fapplinks%22%2C%22extras%22%3A%7B%22myapp_token%22%3A%22t0kEn%22%7D%7D"

    func fixture(_ name: String) -> String {
        Fixtures.file("AppLinks/\(name)").path
    }

    func json(_ output: String) throws -> [String: JSONValue] {
        try #require(try JSONValue(parsing: output).objectValue)
    }

    // MARK: parse

    @Test func parsePrintsTheDocumentedJSON() throws {
        let command = try AppLinksParseCommand.parse(["--html", fixture("protocol-ios.html"), "--url", pageURL, "--json"])
        #expect(
            try json(command.render()) == [
                "targets": [
                    "ios": [["url": "example://applinks", "app_store_id": "12345", "app_name": "Example App"]],
                    "iphone": [], "ipad": [], "android": [], "windows_phone": [], "windows": [], "windows_universal": [],
                ],
                "web": ["url": "http://example.com/applinks", "should_fallback": true],
            ])
    }

    @Test func parsePrintsEachTargetAndTheFallbackAsText() throws {
        let output = try AppLinksParseCommand.parse(["--html", fixture("messy.html"), "--url", pageURL]).render()
        #expect(
            output == """
                App Links of http://example.com/applinks
                  ios[1]: url=example://first?a=1&b=2 app_store_id=12345 app_name=Example "Quoted" 'App'
                  ios[2]: url=example://second
                  android[1]: url=example://named package=com.example
                  web: http://example.com/applinks (should_fallback=false)
                """)
    }

    @Test(arguments: [
        (["--html", "/no/such/page.html", "--url", "http://example.com/"], "error: cannot read --html file /no/such/page.html", 2),
        (["--html", "PAGE", "--url", "example.com/applinks"], "error: --url example.com/applinks is not an http or https URL", 64),
        (["--html", "PAGE", "--url", "example://applinks"], "error: --url example://applinks is not an http or https URL", 64),
    ] as [([String], String, Int32)])
    func parseNamesTheInputItCannotUse(arguments: [String], message: String, status: Int32) throws {
        let command = try AppLinksParseCommand.parse(arguments.map { $0 == "PAGE" ? fixture("protocol-ios.html") : $0 })
        let failure = #expect(throws: CommandFailure.self) { try command.render() }
        #expect(failure?.message.hasPrefix(message) == true)
        #expect(failure?.exitCode == status)
    }

    // MARK: navigate

    func navigate(_ fixtureName: String, _ arguments: [String]) throws -> String {
        try AppLinksNavigateCommand.parse(["--html", fixture(fixtureName), "--url", pageURL] + arguments).render()
    }

    @Test func navigateOpensTheAppThatCanOpenTheLink() throws {
        let object = try json(
            navigate(
                "protocol-ios.html",
                ["--device", "iphone", "--can-open", "other://,example://", "--extras", #"{"myapp_token": "t0kEn"}"#, "--json"]))
        let url = try #require(object["url"]?.stringValue)

        #expect(object["kind"] == "app")
        #expect(object["platform"] == "ios")
        #expect(object["reason"] == .null)
        #expect(url.hasPrefix("example://applinks?al_applink_data=%7B%22extras%22%3A%7B%22myapp_token%22%3A%22t0kEn%22%7D"))
        #expect(
            object["al_applink_data"] == [
                "target_url": "http://example.com/applinks", "extras": ["myapp_token": "t0kEn"],
                "user_agent": "swift-deeplink AppLinks 1.0", "version": "1.0",
            ])
    }

    @Test func navigateFallsBackToTheWebWithTheReferer() throws {
        let referer = #"{"target_url": "http://ex.com/docs", "url": "example://docs", "app_name": "Example App"}"#
        let object = try json(
            navigate("protocol-ios.html", ["--device", "ipad", "--referer", referer, "--user-agent", "Test 1.0", "--json"]))

        #expect(object["kind"] == "web")
        #expect(object["url"]?.stringValue?.hasPrefix("http://example.com/applinks?al_applink_data=%7B") == true)
        #expect(
            object["al_applink_data"]?.objectValue?["referer_app_link"] == [
                "target_url": "http://ex.com/docs", "url": "example://docs", "app_name": "Example App",
            ])
        #expect(object["al_applink_data"]?.objectValue?["user_agent"] == "Test 1.0")
    }

    @Test func navigateDescribesTheAndroidIntent() throws {
        let object = try json(navigate("protocol-android.html", ["--device", "android", "--can-open", "com.example", "--json"]))
        #expect(object["kind"] == "app")
        #expect(object["url"] == "example://applinks")
        #expect(object["intent"]?.objectValue?["action"] == "android.intent.action.VIEW")
        #expect(object["intent"]?.objectValue?["package"] == "com.example")
        #expect(object["intent"]?.objectValue?["extras"]?.objectValue?["al_applink_data"] == object["al_applink_data"])

        let text = try navigate("protocol-android.html", ["--device", "android", "--can-open", "example://"])
        #expect(text.hasPrefix("open the app Example App (al:android target)\n  intent action: android.intent.action.VIEW"))
    }

    @Test func navigateReportsAFailureWhenThePageForbidsFallingBack() throws {
        let report = try CommandReport { try navigate("messy.html", ["--device", "windows_phone", "--json"]) }
        #expect(report.status == 1)
        let object = try json(report.output)
        #expect(object["kind"] == "failure")
        #expect(object["url"] == .null)
        #expect(object["al_applink_data"] == .null)
        #expect(object["reason"]?.stringValue?.contains("al:web:should_fallback is false") == true)

        let text = try CommandReport { try navigate("messy.html", ["--device", "windows_phone"]) }
        #expect(text.status == 1)
        #expect(text.output.hasPrefix("cannot navigate: the page has no usable al:windows_phone target on windows_phone"))
    }

    @Test(arguments: [
        (["--extras", "{\"a\":}"], "error: --extras is not valid JSON: invalid JSON at line 1, column 6: unexpected '}'"),
        (["--extras", "[1]"], "error: --extras must be a JSON object"),
        (["--referer", "nope"], "error: --referer is not valid JSON: invalid JSON at line 1, column 1"),
        (["--referer", #"{"url": 3}"#], "error: --referer: referer_app_link.url: expected a string, found a number"),
        (["--referer", #"{"url": "no scheme"}"#], "error: --referer: referer_app_link.url: expected an absolute URL"),
    ])
    func navigateNamesTheOptionWhoseJSONIsBad(arguments: [String], message: String) throws {
        let command = try AppLinksNavigateCommand.parse(
            ["--html", fixture("protocol-ios.html"), "--url", pageURL, "--device", "iphone"] + arguments)
        let failure = #expect(throws: CommandFailure.self) { try command.render() }
        #expect(failure?.message.hasPrefix(message) == true)
    }

    @Test func navigateRejectsAnUnknownDevice() {
        let message = usageError(AppLinksNavigateCommand.self, ["--html", "x", "--url", pageURL, "--device", "blackberry"])
        #expect(message?.contains("'blackberry'") == true, "\(message ?? "no usage error")")
    }

    // MARK: decode

    @Test func decodePrintsTheProtocolsExampleURL() throws {
        let object = try json(AppLinksDecodeCommand.parse(["--json", protocolIOSURL]).render())
        #expect(
            object == [
                "valid": true, "target_url": "http://example.com/applinks", "extras": ["myapp_token": "t0kEn"],
                "referer_app_link": nil, "version": "1.0", "user_agent": "Bolts iOS 1.0.0", "other_properties": [:],
                "ignored": [], "reason": nil,
            ])

        let text = try AppLinksDecodeCommand.parse([protocolIOSURL]).render()
        #expect(text.contains("target_url: http://example.com/applinks"))
        #expect(text.contains(#"extras:     {"myapp_token":"t0kEn"}"#))
    }

    @Test func decodePrintsExtensionPropertiesAndTheMembersLeftOut() throws {
        let data = #"{"target_url":"http://example.com/docs","campaign_ids":"ABcDEfghI7GUC4gMdFoX1y","extras":[1]}"#
        let url = "example://docs?al_applink_data=" + (data.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        let object = try json(AppLinksDecodeCommand.parse(["--json", url]).render())
        #expect(object["valid"] == true)
        #expect(object["other_properties"] == ["campaign_ids": "ABcDEfghI7GUC4gMdFoX1y"])
        guard case .array(let ignored)? = object["ignored"] else {
            Issue.record("no ignored members in \(object)")
            return
        }
        #expect(ignored.map { $0.objectValue?["path"] } == ["al_applink_data.extras"])

        let text = try AppLinksDecodeCommand.parse([url]).render()
        #expect(text.contains(#"campaign_ids: "ABcDEfghI7GUC4gMdFoX1y""#))
        #expect(text.contains("ignored al_applink_data.extras: expected a JSON object, found an array (wrong-type)"))
    }

    @Test func decodeExplainsWhyDataIsIgnored() throws {
        let invalid = try CommandReport {
            try AppLinksDecodeCommand.parse(["--json", "example://docs?al_applink_data=%7B%22version%22%3A%222.0%22%7D"]).render()
        }
        #expect(invalid.status == 1)
        let object = try json(invalid.output)
        #expect(object["valid"] == false)
        #expect(object["target_url"] == .null)
        #expect(
            object["reason"]
                == #"al_applink_data.version: version "2.0" is not supported; this library reads version 1 ("1.0")"#)

        let absent = try CommandReport { try AppLinksDecodeCommand.parse(["example://docs"]).render() }
        #expect(absent.status == 1)
        #expect(absent.output == "no al_applink_data: the URL has no al_applink_data parameter")
    }

    // MARK: resolve

    @Test func resolveFetchesThePageFromALocalServer() async throws {
        let page = try Fixtures.text("AppLinks/protocol-android.html")
        let server = try LoopbackHTTPServer { request in
            request.path == "/old" ? .redirect(to: "/applinks") : .html(page)
        }
        defer { server.stop() }

        let output = try await AppLinksResolveCommand.parse([server.url("/old").absoluteString, "--json"]).render()
        let object = try json(output)
        #expect(object["targets"]?.objectValue?["android"] == [["url": "example://applinks", "package": "com.example", "app_name": "Example App"]])
        #expect(object["web"] == ["url": .string(server.url("/old").absoluteString), "should_fallback": true])
        #expect(server.requests.allSatisfy { $0.headers["prefer-html-meta-tags"] == "al" })
    }

    @Test func resolveFailsWithTheReasonAndItsCode() async throws {
        let server = try LoopbackHTTPServer { _ in .html("{}", contentType: "application/json") }
        defer { server.stop() }
        let url = server.url("/data").absoluteString

        let failure = await #expect(throws: CommandFailure.self) {
            try await AppLinksResolveCommand.parse([url, "--timeout", "2"]).render()
        }
        #expect(failure?.message == "error: \(url): expected an HTML page, the server sent application/json (unsupported-content-type)")
    }

    @Test(arguments: [["--timeout", "0"], ["--max-redirects=-1"], ["--max-size", "0"]])
    func resolveRejectsLimitsThatCannotWork(arguments: [String]) {
        let message = usageError(AppLinksResolveCommand.self, ["http://example.com/"] + arguments)
        #expect(message?.contains(arguments[0].prefix { $0 != "=" }) == true, "\(message ?? "no usage error")")
    }
}
