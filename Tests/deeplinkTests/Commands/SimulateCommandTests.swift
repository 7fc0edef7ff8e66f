import ArgumentParser
import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

@testable import deeplink

/// `deeplink simulate` follows a tap on each device with the product's own parts.
struct SimulateCommandTests {
    static let config = Fixtures.shopConfig.path

    /// A database with the link `spring` (`shop://sales/42`, a web page) in a scratch folder.
    static func database(_ scratch: Scratch, extra: [String] = []) async throws -> String {
        let database = scratch.path("links.sqlite")
        _ = try await LinksCreateCommand.parse(
            ["--config", config, "--database", database, "--code", "spring", "--deep-link", "shop://sales/42", "--web-url",
             "https://shop.example.com/sales/42"] + extra).render()
        return database
    }

    static func journeys(_ arguments: [String]) async throws -> [[String: JSONValue]] {
        let output = try await SimulateCommand.parse(arguments + ["--json"]).render()
        guard case .array(let journeys)? = try JSONValue(parsing: output).objectValue?["journeys"] else {
            Issue.record("no journeys in \(output)")
            return []
        }
        return journeys.compactMap { $0.objectValue }
    }

    static func texts(_ journey: [String: JSONValue]) -> [String] {
        guard case .array(let steps)? = journey["steps"] else { return [] }
        return steps.compactMap { $0.objectValue?["text"]?.stringValue }
    }

    @Test func anInstalledAppOpensAtTheRouteOnIPhoneAndAndroidWithNoPage() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let database = try await Self.database(scratch)
        let journeys = try await Self.journeys(
            ["--config", Self.config, "--database", database, "https://go.shop.example.com/spring?utm_source=x", "--device", "iphone", "--device",
             "android", "--app", "installed"])
        #expect(journeys.map { $0["device"] } == ["iphone", "android"])
        for journey in journeys {
            #expect(journey["ending"] == "app-opened")
            let steps = Self.texts(journey)
            #expect(steps.first?.contains("so the app opens") == true, "\(steps)")
            #expect(steps.contains { $0.contains("POST /api/v1/opens, which answers shop://sales/42 (utm_source=x)") }, "\(steps)")
            #expect(steps.last == "shop://sales/42 → route sales/:saleId → SaleViewController (saleId=42)", "\(steps)")
            #expect(!steps.contains { $0.hasPrefix("answers the landing page") })
        }
    }

    @Test func aMissingAppGoesThroughTheStoreAndAndroidsFirstLaunchClaimsTheLink() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let database = try await Self.database(scratch)
        let journeys = try await Self.journeys(
            ["--config", Self.config, "--database", database, "https://go.shop.example.com/spring", "--device", "iphone", "--device", "android",
             "--app", "missing"])
        let iPhone = Self.texts(journeys[0])
        #expect(journeys[0]["ending"] == "installed-without-link")
        #expect(iPhone.contains { $0.contains("apps.apple.com/app/id123456789") }, "\(iPhone)")
        let android = Self.texts(journeys[1])
        #expect(journeys[1]["ending"] == "installed-and-opened")
        #expect(android.contains { $0.hasPrefix("302 to an intent:// URL") }, "\(android)")
        #expect(android.last == "shop://sales/42 → route sales/:saleId → SaleViewController (saleId=42)")
    }

    @Test func aDesktopGetsTheWebPageAndACrawlerThePreview() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let database = try await Self.database(scratch, extra: ["--title", "Spring sale"])
        let journeys = try await Self.journeys(
            ["--config", Self.config, "--database", database, "https://go.shop.example.com/spring", "--device", "desktop", "--device", "crawler"])
        #expect(journeys.count == 2)
        #expect(journeys[0]["app"] == .null)
        #expect(Self.texts(journeys[0]).last == "302 to https://shop.example.com/sales/42, the link's web page")
        #expect(Self.texts(journeys[1]).last?.contains("Open Graph tags (title Spring sale)") == true)
        #expect(journeys.allSatisfy { $0["ending"] == "web-page" })
    }

    @Test func anInAppBrowserShowsTheLandingPageWhoseButtonOpensTheAppThroughTheWebsite() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let database = try await Self.database(scratch)
        let journeys = try await Self.journeys(
            ["--config", Self.config, "--database", database, "https://go.shop.example.com/spring", "--device", "iphone", "--app", "installed",
             "--in-app-browser"])
        let steps = Self.texts(journeys[0])
        #expect(steps.first?.contains("in-app browser") == true)
        #expect(steps.contains { $0.contains("Open in app goes to https://shop.example.com/sales/42") }, "\(steps)")
        #expect(journeys[0]["ending"] == "app-opened")
    }

    @Test func anUnknownCodeIsFollowedToTheServersPageAndAURLOfAnotherHostIsRefused() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let database = try await Self.database(scratch)
        let journeys = try await Self.journeys(
            ["--config", Self.config, "--database", database, "https://go.shop.example.com/autumn", "--device", "iphone", "--app", "installed"])
        #expect(Self.texts(journeys[0]).last?.contains("404 not-found") == true)
        await #expect(throws: CommandFailure.self) {
            _ = try await SimulateCommand.parse(["--config", Self.config, "--database", database, "https://evil.example/spring"]).render()
        }
    }
}

/// `simulate --country` and `--language`: who taps decides the link's targets, and the first step says which and why.
struct SimulateTargetsTests {
    /// The example config with the test GeoIP database, so links may have country targets.
    static func config(_ scratch: Scratch) throws -> String {
        let text = try String(contentsOf: Fixtures.shopConfig, encoding: .utf8).replacingOccurrences(
            of: #""server": {"#, with: #""server": {"geoIPDatabase": "\#(Fixtures.file("GeoIP/country-v6-24.mmdb").path)","#)
        return try scratch.write("MobileDeepLinkingConfig.json", text)
    }

    static let targets = #"""
        [{"countries": ["DE"], "webURL": "https://shop.example.com/de/sales/42"},
         {"languages": ["fr"], "deepLink": "shop://sales/43", "webURL": "https://shop.example.com/fr/sales/43"}]
        """#

    @Test func theCountryAndLanguageGivenDecideTheTargetAndTheFirstStepSaysWhy() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let config = try Self.config(scratch)
        let database = scratch.path("links.sqlite")
        _ = try await LinksCreateCommand.parse(
            ["--config", config, "--database", database, "--code", "spring", "--deep-link", "shop://sales/42", "--web-url",
             "https://shop.example.com/sales/42", "--targets", Self.targets]).render()
        let url = "https://go.shop.example.com/spring"
        let german = try await SimulateCommandTests.journeys(["--config", config, "--database", database, url, "--device", "desktop", "--country", "de"])
        let germanSteps = SimulateCommandTests.texts(try #require(german.first))
        #expect(germanSteps.first?.hasPrefix("targets[0] decides for the visitor (desktop, country DE") == true, "\(germanSteps)")
        #expect(germanSteps.contains("302 to https://shop.example.com/de/sales/42, the link's web page"), "\(germanSteps)")

        let french = try await SimulateCommandTests.journeys(
            ["--config", config, "--database", database, url, "--device", "iphone", "--app", "installed", "--language", "fr-CA", "--country", "GB"])
        let frenchSteps = SimulateCommandTests.texts(try #require(french.first))
        #expect(frenchSteps.first?.contains("targets[1] decides") == true, "\(frenchSteps)")
        #expect(frenchSteps.first?.contains("first language fr-CA falls under fr") == true, "\(frenchSteps)")
        #expect(frenchSteps.contains { $0.contains("which answers shop://sales/43") }, "\(frenchSteps)")

        let nobody = try await SimulateCommandTests.journeys(["--config", config, "--database", database, url, "--device", "desktop", "--country", "GB"])
        let nobodySteps = SimulateCommandTests.texts(try #require(nobody.first))
        #expect(nobodySteps.first?.hasPrefix("no target holds") == true, "\(nobodySteps)")
        #expect(nobodySteps.first?.contains("targets[0] needs country DE, the visitor's is GB") == true, "\(nobodySteps)")
        #expect(nobodySteps.contains("302 to https://shop.example.com/sales/42, the link's web page"), "\(nobodySteps)")
    }

    @Test func anUnknownCountryOrLanguageIsAUsageError() async throws {
        for arguments in [["--country", "XX"], ["--country", "Germany"], ["--language", "french!"]] {
            do {
                _ = try await SimulateCommand.parse(["--config", SimulateCommandTests.config, "https://go.shop.example.com/spring"] + arguments).render()
                Issue.record("\(arguments) accepted")
            } catch let error as CommandFailure {
                let code = error.errorDocument?.objectValue?["error"]?.objectValue?["code"]?.stringValue
                #expect(code == "invalid-\(arguments[0] == "--country" ? "country" : "language")", "\(arguments)")
                #expect(error.message.contains(arguments[1]))
            } catch {
                Issue.record("\(arguments): \(error)")
            }
        }
    }
}

/// `simulate --variant`: a link's A/B variants, the first followed unless one is named, and a step that says the split.
struct SimulateVariantsTests {
    static let variants = #"[{"name": "a", "weight": 60}, {"name": "b", "weight": 40, "webURL": "https://shop.example.com/b/sales/42"}]"#

    @Test func theJourneyFollowsTheFirstVariantOrTheOneNamedAndSaysTheSplit() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let database = try await SimulateCommandTests.database(scratch, extra: ["--variants", Self.variants])
        let config = SimulateCommandTests.config
        let url = "https://go.shop.example.com/spring"
        let first = SimulateCommandTests.texts(
            try #require(try await SimulateCommandTests.journeys(["--config", config, "--database", database, url, "--device", "desktop"]).first))
        #expect(first.first?.hasPrefix("A/B variants a 60 %, b 40 %:") == true, "\(first)")
        #expect(first.contains("302 to https://shop.example.com/sales/42, the link's web page"), "\(first)")
        let b = SimulateCommandTests.texts(
            try #require(
                try await SimulateCommandTests.journeys(["--config", config, "--database", database, url, "--device", "desktop", "--variant", "b"]).first))
        #expect(b.first?.contains("follows variant b") == true, "\(b)")
        #expect(b.contains("302 to https://shop.example.com/b/sales/42, the link's web page"), "\(b)")
        do {
            _ = try await SimulateCommand.parse(["--config", config, "--database", database, url, "--variant", "c"]).render()
            Issue.record("an unknown variant was accepted")
        } catch let error as CommandFailure {
            #expect(error.errorDocument?.objectValue?["error"]?.objectValue?["code"] == "unknown-variant")
            #expect(error.message.contains("\"c\""))
        }
    }
}
