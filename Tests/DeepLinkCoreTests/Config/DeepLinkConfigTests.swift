import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

struct DeepLinkConfigTests {
    @Test(arguments: ["Spec/android-sample.json", "Spec/ios-sample.json"])
    func readsTheSpecificationSamplesUnchanged(name: String) throws {
        let report = DeepLinkConfig.diagnose(contentsOf: Fixtures.file(name))
        #expect(report.errors.isEmpty, "\(report.errors)")
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        #expect(report.config?.routes.isEmpty == false)
    }

    @Test func readsTheIOSSampleIntoItsModel() throws {
        let config = try DeepLinkConfig.load(contentsOf: Fixtures.file("Spec/ios-sample.json"))
        #expect(config.logging)
        #expect(config.storyboard == StoryboardNames(iPhone: "MainStoryboard_iPhone", iPad: "MainStoryboard_iPad"))
        #expect(config.defaultRoute?.identifier == "defaultViewController")
        #expect(config.routes.map(\.pattern.description) == ["sales/:saleId", "addToCart/:productId"])
        let sale = config.routes[0]
        #expect(sale.destination.handlers == ["logAnalytics"])
        #expect(sale.rule(for: "saleId")?.isRequired == true)
        #expect(sale.rule(for: "saleId")?.pattern?.source == "[0-9]")
        #expect(sale.rule(for: "utmSource") == ParameterRule(name: "utmSource"))
        #expect(config.routes[1].destination.className == nil)
    }

    @Test func readsTheShopExampleWithoutFindings() throws {
        let report = DeepLinkConfig.diagnose(contentsOf: Fixtures.shopConfig)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let config = try #require(report.config)
        #expect(config.schemes == ["shop"])
        #expect(config.hosts == ["shop.example.com", "www.shop.example.com"])
        #expect(ConfigLinter.lint(config).isEmpty)
    }

    @Test func acceptsBooleansWrittenAsStrings() throws {
        let config = try DeepLinkConfig.parse(
            #"{"logging": "true", "routes": {"a/:id": {"class": "A", "routeParameters": {"id": {"required": "false"}}}}}"#)
        #expect(config.logging)
        #expect(config.routes[0].rule(for: "id")?.isRequired == false)
    }

    @Test(arguments: [
        (#"{"routes": {"a": {"class": "A"}}"#, "invalid-json", "(root)", 1),
        (#"{"routes": []}"#, "wrong-type", "routes", 1),
        (#"{}"#, "missing-value", "(root)", 1),
        (#"{"routes": {"a": {"class": 3}}}"#, "wrong-type", "routes.a.class", 1),
        (#"{"logging": "yes", "routes": {}}"#, "wrong-type", "logging", 1),
        ("{\"routes\": {\n  \"sales/:saleId\": {\"class\": \"S\", \"routeParameters\": {\"saleId\": {\"regex\": \"[0-9\"}}}}}",
            "invalid-regex", #"routes["sales/:saleId"].routeParameters.saleId.regex"#, 2),
        (#"{"routes": {"a": {"class": "A"}, "a": {"class": "B"}}}"#, "duplicate-key", "routes.a", 1),
        (#"{"routes": {"/a/": {"class": "A"}, "a": {"class": "B"}}}"#, "duplicate-route", "routes.a", 1),
        (#"{"routes": {"/": {"class": "A"}}}"#, "invalid-route-pattern", #"routes["/"]"#, 1),
        (#"{"routes": {"": {"class": "A"}}}"#, "invalid-route-pattern", #"routes[""]"#, 1),
        (#"{"routes": {"a//b": {"class": "A"}}}"#, "invalid-route-pattern", #"routes["a//b"]"#, 1),
        (#"{"routes": {"a/:": {"class": "A"}}}"#, "invalid-route-pattern", #"routes["a/:"]"#, 1),
        (#"{"routes": {"a/:id/b/:id": {"class": "A"}}}"#, "duplicate-parameter", #"routes["a/:id/b/:id"]"#, 1),
        (#"{"routes": {"a": {"identifier": "a"}}}"#, "route-without-destination", "routes.a", 1),
        (#"{"routes": {"a": {"handlers": []}}}"#, "route-without-destination", "routes.a", 1),
        (#"{"routes": {"a": {"handlers": ["x", 2]}}}"#, "wrong-type", "routes.a.handlers[1]", 1),
        (#"{"defaultRoute": {}, "routes": {}}"#, "route-without-destination", "defaultRoute", 1),
        (#"{"schemes": ["shop://"], "routes": {}}"#, "invalid-value", "schemes[0]", 1),
        (#"{"hosts": ["https://shop.example.com"], "routes": {}}"#, "invalid-value", "hosts[0]", 1),
        (#"{"schemes": ["shop", "https"], "routes": {}}"#, "invalid-value", "schemes[1]", 1),
        (#"{"schemes": ["HTTP"], "routes": {}}"#, "invalid-value", "schemes[0]", 1),
        (#"{"schemes": ["mailto"], "routes": {}}"#, "invalid-value", "schemes[0]", 1),
        (#"{"storyboard": {"iPhone": ""}, "routes": {}}"#, "invalid-value", "storyboard.iPhone", 1),
    ])
    func rejectsABadConfigNamingTheJSONPathAndLine(text: String, code: String, path: String, line: Int) {
        let report = DeepLinkConfig.diagnose(text, file: "Bad.json")
        #expect(report.config == nil)
        let error = report.errors.first
        #expect(error?.code.name == code, "\(report.errors)")
        #expect(error?.path.description == path)
        #expect(error?.location?.line == line)
        #expect(error?.file == "Bad.json")
    }

    @Test func describesAnInvalidRegexInOneLineAnEditorCanJumpTo() {
        let text = "{\"routes\": {\n  \"sales/:saleId\": {\"class\": \"S\", \"routeParameters\": {\"saleId\": {\"regex\": \"[0-9\"}}}}}"
        let error = #expect(throws: ConfigError.self) { try DeepLinkConfig.parse(text, file: "Shop.json") }
        #expect(
            error?.description
                == #"Shop.json:2:75: routes["sales/:saleId"].routeParameters.saleId.regex: invalid regular expression "[0-9": expected ']'"#)
    }

    @Test(arguments: [("https", #"list their domain in "hosts""#), ("itms-apps", "belongs to the App Store")])
    func saysWhyASchemeIsNotTheApps(scheme: String, advice: String) {
        let report = DeepLinkConfig.diagnose(#"{"schemes": ["SCHEME"], "routes": {}}"#.replacingOccurrences(of: "SCHEME", with: scheme))
        #expect(report.errors.first?.message.contains(advice) == true, "\(report.errors)")
    }

    @Test func saysARouteKeyWithASchemeNeedsThePathAlone() {
        let report = DeepLinkConfig.diagnose(#"{"routes": {"shop://sales/:saleId": {"class": "S"}}}"#)
        #expect(report.errors.first?.code == .invalidRoutePattern)
        #expect(report.errors.first?.message.contains(#"starts with a scheme; write the route alone, like "sales/:saleId""#) == true)
    }

    @Test func reportsEveryErrorNotJustTheFirst() {
        let report = DeepLinkConfig.diagnose(
            #"{"routes": {"a": {"class": 1}, "b/:x/:x": {"class": "B"}, "c": {"class": "C"}}, "logging": 2}"#)
        #expect(report.errors.map(\.code) == [.wrongType, .wrongType, .duplicateParameter])
    }

    @Test(arguments: [
        (#"{"routes": {"a": {"class": "A"}, "a": {"class": "B"}, "b": {"class": 3}}, "logging": "yes"}"#,
            ["logging", "routes.a", "routes.b.class"]),
        (#"{"routes": {"a": {"class": "A", "class": "B", "handlers": [1]}, "b/:x": {"class": "B", "routeParameters": {"x": {}, "x": {}, "y": {"regex": "["}}}}}"#,
            ["routes.a.class", "routes.a.handlers[0]", #"routes["b/:x"].routeParameters.x"#, #"routes["b/:x"].routeParameters.y.regex"#]),
        (#"{"routes": {}, "routes": {"a": {}}, "schemes": ["https"]}"#, ["routes", "schemes[0]"]),
    ])
    func reportsTheOtherErrorsBesideADuplicateKey(text: String, paths: [String]) {
        let report = DeepLinkConfig.diagnose(text)
        #expect(report.config == nil)
        #expect(Set(report.errors.map(\.path.description)) == Set(paths), "\(report.errors)")
    }

    @Test(arguments: [
        (#"{"requireAuth": true, "routes": {}}"#, "requireAuth", "requiresAuth"),
        (#"{"allowOrigins": ["userTap"], "routes": {}}"#, "allowOrigins", "allowedOrigins"),
        (#"{"scheme": ["shop"], "routes": {}}"#, "scheme", "schemes"),
        (#"{"Hosts": ["shop.example.com"], "routes": {}}"#, "Hosts", "hosts"),
        (#"{"routes": {"a": {"class": "A", "allowedOrigin": ["userTap"]}}}"#, "routes.a.allowedOrigin", "allowedOrigins"),
        (#"{"routes": {"a": {"class": "A", "requiresauth": true}}}"#, "routes.a.requiresauth", "requiresAuth"),
    ])
    func refusesAMisspeltKeyThatGuardsAccess(text: String, path: String, meant: String) {
        let report = DeepLinkConfig.diagnose(text)
        #expect(report.config == nil)
        #expect(report.errors.map(\.path.description) == [path], "\(report.errors)")
        #expect(report.errors.first?.code.name == "unknown-key")
        #expect(report.errors.first?.message.contains("did you mean \(JSONWriter.quoted(meant))") == true)
    }

    @Test func warnsAboutUnknownKeysAndSuggestsTheKnownOne() throws {
        let report = DeepLinkConfig.diagnose(
            #"{"routes": {"a/:id": {"class": "A", "routeParameters": {"id": {"regx": "[0-9]"}}}}, "extra": 1}"#)
        #expect(report.errors.isEmpty)
        #expect(report.config != nil)
        let messages = report.warnings.map(\.description)
        #expect(messages.contains { $0.contains("extra") && $0.contains("unknown key") })
        #expect(messages.contains { $0.contains(#"routes["a/:id"].routeParameters.id.regx"#) && $0.contains(#"did you mean "regex""#) })
    }

    @Test func warnsAboutAHandlerListedTwiceAtItsSecondPlace() {
        let report = DeepLinkConfig.diagnose(
            #"{"routes": {"a": {"handlers": ["log", "track", "log"]}, "b": {"handlers": ["log"]}, "c": {"handlers": ["x", "y"]}}}"#)
        #expect(report.errors.isEmpty)
        #expect(report.warnings.map(\.code) == ["repeated-handler"])
        #expect(report.warnings.first?.description.contains("routes.a.handlers[2]") == true)
    }

    @Test func doesNotWarnAboutSectionsOtherModulesRead() {
        let report = DeepLinkConfig.diagnose(#"{"routes": {}, "apps": {"ios": []}}"#)
        #expect(report.warnings.isEmpty)
    }

    @Test func reportsAMissingFileAsUnreadable() {
        let error = #expect(throws: ConfigError.self) {
            try DeepLinkConfig.load(contentsOf: URL(fileURLWithPath: "/nonexistent/MobileDeepLinkingConfig.json"))
        }
        #expect(error?.code == .unreadableFile)
        #expect(error?.file == "/nonexistent/MobileDeepLinkingConfig.json")
        #expect(error?.message == "cannot read the config file: no such file or directory", "in the system's words, not Foundation's sentence")
    }

    @Test func saysAFolderGivenAsTheConfigIsAFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("config-folder-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = #expect(throws: ConfigError.self) { try DeepLinkConfig.load(contentsOf: folder) }
        #expect(error?.code == .unreadableFile)
        #expect(error?.message == "cannot read the config file: it is a folder; give the path of the JSON file")
    }

    @Test func defaultsTheIdentifierToTheClassNameWithALowercaseFirstLetter() {
        #expect(RouteDestination(className: "SaleViewController").identifier == "saleViewController")
        #expect(RouteDestination(className: "Sale", identifier: "custom").identifier == "custom")
        #expect(RouteDestination(handlers: ["x"]).identifier == nil)
    }
}
