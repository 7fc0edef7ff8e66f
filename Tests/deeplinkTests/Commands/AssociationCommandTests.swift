import ArgumentParser
import DeepLinkAssociation
import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

@testable import deeplink

struct AssociationCommandTests {
    let config = Fixtures.file("Association/ShopConfig.json").path
    let appleExample = Fixtures.file("Association/apple-documentation-example.json").path
    let googleExample = Fixtures.file("Association/google-documentation-example.json").path
    let fingerprint = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    func failure(_ body: () async throws -> String) async -> CommandFailure? {
        do {
            _ = try await body()
            return nil
        } catch {
            return error as? CommandFailure
        }
    }

    @Test func generateWritesEveryFileUnderTheOutputFolder() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await GenerateCommand.parse(["--config", config, "--out", folder.path]).render()
        #expect(output.split(separator: "\n").count == 5)
        let aasa = folder.appendingPathComponent("hosts/shop.example.com/.well-known/apple-app-site-association")
        let golden = try Fixtures.text("Association/Generated/hosts/shop.example.com/.well-known/apple-app-site-association")
        #expect(try String(contentsOf: aasa, encoding: .utf8) == golden)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("android/intent-filters.xml").path))
    }

    /// The MobileDeepLinking spec's own samples have no `apps` section (and no `schemes`).
    @Test(arguments: ["Spec/ios-sample.json", "Spec/android-sample.json"])
    func generateSucceedsOnTheSpecsSampleConfigsAndWritesNothingItCannotKnow(sample: String) async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await GenerateCommand.parse(["--config", Fixtures.file(sample).path, "--out", folder.path]).render()
        #expect(output.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func generateWritesWhatASchemeOnlyAppNeeds() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("config.json")
        try #"{"schemes": ["myapp"], "routes": {"reservations/:id": {"class": "Reservation"}}}"#.write(to: config, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("out")
        let output = try await GenerateCommand.parse(["--config", config.path, "--out", out.path]).render()
        #expect(output.split(separator: "\n").count == 2, "\(output)")
        let plist = try String(contentsOf: out.appendingPathComponent("ios/URLTypes.plist"), encoding: .utf8)
        #expect(plist.contains("<string>myapp</string>") && plist.contains("CFBundleURLSchemes") && !plist.contains("CFBundleURLName"))
        let filters = try String(contentsOf: out.appendingPathComponent("android/intent-filters.xml"), encoding: .utf8)
        #expect(filters.contains(#"<data android:scheme="myapp" />"#))
        #expect(!filters.contains("autoVerify"), "no verified filter without hosts")
    }

    @Test func generateGivesTheServersLinkDomainFilesForShortLinksAndNamesItInTheApps() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try await GenerateCommand.parse(["--config", Fixtures.shopConfig.path, "--out", folder.path]).render()
        let wellKnown = folder.appendingPathComponent("hosts/go.shop.example.com/.well-known")
        let aasa = try AppleAppSiteAssociation.parse(
            try String(contentsOf: wellKnown.appendingPathComponent("apple-app-site-association"), encoding: .utf8))
        let appID = "ABCDE12345.com.example.shop"
        #expect(aasa.match(try #require(URL(string: "https://go.shop.example.com/spring")), appID: appID).decision == .match)
        #expect(aasa.match(try #require(URL(string: "https://go.shop.example.com/spring/install")), appID: appID).decision == .exclude)
        #expect(FileManager.default.fileExists(atPath: wellKnown.appendingPathComponent("assetlinks.json").path))
        let entitlements = try String(contentsOf: folder.appendingPathComponent("ios/AssociatedDomains.entitlements"), encoding: .utf8)
        #expect(entitlements.contains("<string>applinks:go.shop.example.com</string>"))
        let filters = try String(contentsOf: folder.appendingPathComponent("android/intent-filters.xml"), encoding: .utf8)
        #expect(filters.contains(#"<data android:host="go.shop.example.com" />"#))
    }

    @Test func generateWithALinkDomainThatIsAWebsiteHostKeepsTheWebsitesFiles() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await GenerateCommand.parse(
            ["--config", Fixtures.shopConfig.path, "--out", folder.path, "--public-host", "shop.example.com"]).render()
        #expect(!output.contains("go.shop.example.com"))
        #expect(output.split(separator: "\n").filter { $0.contains("hosts/") }.count == 4)
    }

    @Test func generateFailsOnABrokenAppsSectionNamingIt() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("config.json")
        try #"{"apps": 3, "routes": {"a": {"class": "A"}}}"#.write(to: file, atomically: true, encoding: .utf8)
        let failure = await failure { try await GenerateCommand.parse(["--config", file.path, "--out", folder.path]).render() }
        #expect(failure?.message.contains("apps") == true, "\(String(describing: failure?.message))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["config.json"], "nothing is written")
    }

    @Test(arguments: [
        ("https://www.example.com/buy/shoes", "match", "applinks.details[0].components[1]"),
        ("https://www.example.com/help/website/faq", "exclude", "applinks.details[0].components[2]"),
        ("https://www.example.com/about", "no_match", nil),
    ] as [(String, String, String?)])
    func aasaMatchPrintsTheDecisionAndRuleAsJSON(url: String, decision: String, rule: String?) async throws {
        let report = try await CommandReport {
            try await AASAMatchCommand.parse(["--file", appleExample, "--app-id", "ABCDE12345.com.example.app", "--json", url]).render()
        }
        #expect(report.status == (decision == "match" ? 0 : 1))
        let object = try #require(try JSONValue(parsing: report.output).objectValue)
        #expect(object["decision"] == .string(decision))
        #expect(object["rule"]?.objectValue?["path"]?.stringValue == rule)
    }

    @Test func aasaMatchPrintsReadableTextByDefault() async throws {
        let output = try await AASAMatchCommand.parse([
            "--file", appleExample, "--app-id", "ABCDE12345.com.example.app", "https://www.example.com/buy/shoes",
        ]).render()
        #expect(output.hasPrefix("decision: match\nrule:     applinks.details[0].components[1] "))
    }

    @Test func aasaMatchOpensThePathOfABuyStarRule() async throws {
        let output = try await AASAMatchCommand.parse([
            "--file", appleExample, "--app-id", "ABCDE12345.com.example.app", "https://www.example.com/buy",
        ]).render()
        #expect(output.hasPrefix("decision: match\nrule:     applinks.details[0].components[1] "))
    }

    @Test func aasaValidatePassesTheExampleAndFailsABrokenFile() async throws {
        let output = try await AASAValidateCommand.parse(["--file", appleExample]).render()
        #expect(output.hasSuffix("OK, 0 warnings"))
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = folder.appendingPathComponent("aasa")
        try #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a.b"], "components": 5}]}}"#.write(
            to: broken, atomically: true, encoding: .utf8)
        let failure = await failure { try await AASAValidateCommand.parse(["--file", broken.path, "--json"]).render() }
        let message = try #require(failure).message
        let object = try #require(try JSONValue(parsing: message).objectValue)
        #expect(object["valid"] == false)
        #expect(object["errors"] == 1)
    }

    @Test func assetLinksCheckPrintsLinkedAsJSON() async throws {
        let output = try await AssetLinksCheckCommand.parse([
            "--file", googleExample, "--site", "https://example.com", "--package", "com.example", "--fingerprint",
            fingerprint, "--json",
        ]).render()
        let object = try #require(try JSONValue(parsing: output).objectValue)
        #expect(object["linked"] == true)
        #expect(object["diagnostics"] == [])
    }

    @Test func assetLinksCheckFailsWithTheReasonsWhenNotLinked() async throws {
        let failure = await failure {
            try await AssetLinksCheckCommand.parse([
                "--file", googleExample, "--site", "https://example.com", "--package", "com.example", "--fingerprint",
                fingerprint, "--relation", "delegate_permission/common.get_login_creds",
            ]).render()
        }
        #expect(failure?.message.contains("(relation-not-granted)") == true)
        #expect(failure?.exitCode == 1)
    }

    @Test func assetLinksCheckLinksFromTheWellFormedStatementsAndListsTheErrors() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("assetlinks.json")
        let statement = #"{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "#
            + #""package_name": "com.example", "sha256_cert_fingerprints": ["\#(fingerprint)"]}}"#
        try "[{}, \(statement)]".write(to: file, atomically: true, encoding: .utf8)
        let output = try await AssetLinksCheckCommand.parse([
            "--file", file.path, "--site", "https://example.com", "--package", "com.example", "--fingerprint", fingerprint,
        ]).render()
        #expect(output.hasPrefix("linked: https://example.com grants delegate_permission/common.handle_all_urls to com.example"))
        #expect(output.contains("statement: [1]"))
        #expect(output.contains("[0]: missing \"relation\"") && output.contains("(missing-value)"))
    }

    @Test func assetLinksValidateReportsTheDynamicRulesExampleValid() async throws {
        let file = Fixtures.file("Association/google-dynamic-rules-example.json").path
        let output = try await AssetLinksValidateCommand.parse(["--file", file, "--json"]).render()
        #expect(try JSONValue(parsing: output).objectValue?["valid"] == true)
    }

    /// A loopback server with the files `generate` writes for shop.example.com and the pages its rules name.
    func servedShopSite() async throws -> LoopbackHTTPServer {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try await GenerateCommand.parse(["--config", config, "--out", folder.path]).render()
        let wellKnown = folder.appendingPathComponent("hosts/shop.example.com/.well-known")
        let aasa = try String(contentsOf: wellKnown.appendingPathComponent("apple-app-site-association"), encoding: .utf8)
        let assetLinks = try String(contentsOf: wellKnown.appendingPathComponent("assetlinks.json"), encoding: .utf8)
        return try LoopbackHTTPServer(routes: [
            "/.well-known/apple-app-site-association": .json(aasa), "/apple-app-site-association": .json(aasa),
            "/.well-known/assetlinks.json": .json(assetLinks), "/sales/1": .html("<h1>Sale</h1>"),
            "/addToCart/1": .html("<h1>Product</h1>"), "/search?q=1": .html("<h1>Results</h1>"),
        ])
    }

    @Test func doctorChecksALoopbackServerAgainstTheConfig() async throws {
        let server = try await servedShopSite()
        defer { server.stop() }
        let output = try await DoctorCommand.parse([
            server.origin.absoluteString, "--config", config, "--as-host", "shop.example.com", "--allow-http-loopback",
        ]).render()
        #expect(output.contains("PASS matches-config"))
        #expect(output.contains("PASS web-equivalent: /search answered 200"))
        #expect(output.hasSuffix("All required checks passed."))
    }

    @Test func doctorChecksAServerByItsHostAtTheAddressResolveGives() async throws {
        let server = try await servedShopSite()
        defer { server.stop() }
        // The site by its own host; the connection goes to this machine, the requests name the host.
        let output = try await DoctorCommand.parse([
            "http://shop.example.com:\(server.port)", "--config", config, "--resolve", "shop.example.com:\(server.port):127.0.0.1",
        ]).render()
        #expect(output.contains("PASS matches-config"), "\(output)")
        #expect(output.hasSuffix("All required checks passed."))
        #expect(!server.requests.isEmpty)
        #expect(server.requests.allSatisfy { $0.headers["host"] == "shop.example.com:\(server.port)" }, "\(server.requests.map(\.headers))")

        let wrongPort = await failure {
            try await DoctorCommand.parse(["https://shop.example.com", "--resolve", "shop.example.com:8443:127.0.0.1"]).render()
        }
        #expect(wrongPort?.message.contains("--resolve names shop.example.com:8443, but the site is shop.example.com:443") == true)
        let outside = await failure {
            try await DoctorCommand.parse(["http://shop.example.com:8080", "--resolve", "shop.example.com:8080:192.0.2.7"]).render()
        }
        #expect(outside?.message.contains("plain http to 192.0.2.7 is not a loopback address") == true)
        let malformed = await failure { try await DoctorCommand.parse(["https://shop.example.com", "--resolve", "shop.example.com:443"]).render() }
        #expect(malformed?.message.contains("write HOST:PORT:ADDRESS") == true)
    }

    @Test func doctorRefusesPlainHTTPWithoutTheLoopbackFlag() async throws {
        let failure = await failure { try await DoctorCommand.parse(["http://127.0.0.1:9"]).render() }
        #expect(failure?.message.contains("--allow-http-loopback") == true)
    }

    @Test func aasaMatchRefusesAURLThatIsNotHTTPSSinceIOSWouldNeverAskTheFile() async throws {
        let file = Fixtures.file("Association/Generated/hosts/shop.example.com/.well-known/apple-app-site-association").path
        let result = try await ServerProcess.run(["aasa", "match", "--file", file, "--app-id", "ABCDE12345.com.example.shop", "shop://sales/3", "--json"])
        #expect(result.status == 64)
        let error = try #require(try JSONValue(parsing: result.output).objectValue?["error"]?.objectValue)
        #expect(error["code"] == "invalid-url")
        #expect(error["message"]?.stringValue?.contains("iOS opens only https URLs as universal links") == true)
    }
}
