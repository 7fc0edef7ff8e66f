import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

@testable import DeepLinkAssociation

/// Runs the doctor against real sockets on 127.0.0.1; nothing leaves the machine.
@Suite(.serialized)
struct AssociationDoctorTests {
    static let aasaPath = "/.well-known/apple-app-site-association"
    static let rootPath = "/apple-app-site-association"
    static let assetLinksPath = "/.well-known/assetlinks.json"

    func generated() throws -> (settings: AssociationSettings, aasa: String, assetLinks: String) {
        let settings = try AssociationFixtures.shopSettings()
        let files = try AssociationGenerator(settings: settings).files()
        let aasa = try #require(files.first { $0.kind == .appleAppSiteAssociation }).contents
        let assetLinks = try #require(files.first { $0.kind == .assetLinks }).contents
        return (settings, aasa, assetLinks)
    }

    func examine(
        _ routes: [String: LoopbackHTTPServer.Response], settings: AssociationSettings?
    ) async throws -> DoctorReport {
        let server = try LoopbackHTTPServer(routes: routes)
        defer { server.stop() }
        let doctor = AssociationDoctor(allowInsecureLoopback: true)
        return try await doctor.examine(server.origin, settings: settings, configHost: "shop.example.com")
    }

    @Test func theLinkDomainsFilesAreCheckedAgainstTheLinkDomainsOwn() async throws {
        let settings = try AssociationFixtures.shopSettings()
        let domain = LinkDomain(host: "go.shop.example.com", exclusions: ["/", "/?*/?*", "/dashboard"])
        let files = try AssociationGenerator(settings: settings, linkDomain: domain).files().filter { $0.host == domain.host }
        let aasa = try #require(files.first { $0.kind == .appleAppSiteAssociation }).contents
        let assetLinks = try #require(files.first { $0.kind == .assetLinks }).contents
        let server = try LoopbackHTTPServer(routes: [Self.aasaPath: .json(aasa), Self.rootPath: .json(aasa), Self.assetLinksPath: .json(assetLinks)])
        defer { server.stop() }
        let doctor = AssociationDoctor(allowInsecureLoopback: true)
        let report = try await doctor.examine(server.origin, settings: settings, configHost: domain.host, linkDomain: domain)
        #expect(status(report, Self.aasaPath, "matches-config") == .pass)
        #expect(status(report, Self.assetLinksPath, "matches-config") == .pass)
        #expect(report.webEquivalents.isEmpty, "the link domain has no routes of its own")
        #expect(report.passed, "\(report.text)")
        // The website's files served on the link domain are not the link domain's.
        let (_, websiteAASA, _) = try generated()
        let wrong = try LoopbackHTTPServer(routes: [Self.aasaPath: .json(websiteAASA), Self.assetLinksPath: .json(assetLinks)])
        defer { wrong.stop() }
        let mismatched = try await doctor.examine(wrong.origin, settings: settings, configHost: domain.host, linkDomain: domain)
        #expect(status(mismatched, Self.aasaPath, "matches-config") == .fail)
    }

    func status(_ report: DoctorReport, _ path: String, _ check: String) -> DoctorCheck.Status? {
        report.files.first { $0.url.path == path }?.checks.first { $0.name == check }?.status
    }

    @Test func theGeneratedFilesServedCorrectlyPassEveryCheck() async throws {
        let (settings, aasa, assetLinks) = try generated()
        let files: [String: LoopbackHTTPServer.Response] = [
            Self.aasaPath: .json(aasa), Self.rootPath: .json(aasa), Self.assetLinksPath: .json(assetLinks),
        ]
        let report = try await examine(files.merging(AssociationFixtures.shopPages) { file, _ in file }, settings: settings)
        #expect(report.passed, "\(report.text)")
        #expect(report.webEquivalents.map(\.status) == [.pass, .pass, .pass])
        for file in report.files {
            #expect(file.checks.map(\.name) == [
                "https", "reachable", "no-redirect", "status", "content-type", "size", "valid-json",
                file.kind == .assetLinks ? "fingerprints" : "app-ids", "matches-config",
            ])
            #expect(file.checks.filter { $0.name != "https" }.allSatisfy { $0.status == .pass }, "\(file.checks)")
        }
    }

    @Test func aRouteWithoutAWebPageFailsAndARedirectedOneWarns() async throws {
        let (settings, aasa, assetLinks) = try generated()
        let report = try await examine(
            [
                Self.aasaPath: .json(aasa), Self.assetLinksPath: .json(assetLinks),
                "/sales/1": .redirect(to: "/login"), "/addToCart/1": .html("<h1>Product</h1>"),
            ], settings: settings)
        #expect(report.webEquivalents.map(\.status) == [.warning, .pass, .fail])
        #expect(report.webEquivalents[2].message == "/search answered 404")
        #expect(!report.passed)
        #expect(report.text.contains("web pages of the universal-link routes"))
    }

    @Test func aRedirectFailsAndIsNotFollowed() async throws {
        let (settings, aasa, assetLinks) = try generated()
        let redirect = LoopbackHTTPServer.Response.redirect(to: "/moved", status: 301)
        let report = try await examine(
            [Self.aasaPath: redirect, "/moved": .json(aasa), Self.rootPath: .json(aasa), Self.assetLinksPath: .json(assetLinks)],
            settings: settings)
        #expect(!report.passed)
        #expect(status(report, Self.aasaPath, "no-redirect") == .fail)
        #expect(status(report, Self.aasaPath, "valid-json") == .skip)
        let check = report.files[0].checks.first { $0.name == "no-redirect" }
        #expect(check?.message.contains("301") == true)
        #expect(check?.fix?.contains("do not follow redirects") == true)
    }

    @Test func aWrongContentTypeFails() async throws {
        let (settings, aasa, assetLinks) = try generated()
        let report = try await examine(
            [
                Self.aasaPath: .json(aasa, contentType: "application/octet-stream"), Self.rootPath: .json(aasa),
                Self.assetLinksPath: .json(assetLinks, contentType: "application/json; charset=utf-8"),
            ], settings: settings)
        #expect(status(report, Self.aasaPath, "content-type") == .fail)
        #expect(status(report, Self.assetLinksPath, "content-type") == .pass)
    }

    @Test func aMissingFileFailsButTheFallbackLocationOnlyWarns() async throws {
        let (settings, aasa, _) = try generated()
        let report = try await examine([Self.aasaPath: .json(aasa)], settings: settings)
        #expect(status(report, Self.rootPath, "status") == .warning)
        #expect(status(report, Self.assetLinksPath, "status") == .fail)
        #expect(!report.passed)
    }

    @Test func aStaleFileFailsTheConfigComparisonAndTheFingerprintCheck() async throws {
        let (settings, aasa, assetLinks) = try generated()
        let stale = assetLinks.replacingOccurrences(of: "14:6D:E9", with: "AA:BB:CC")
        let report = try await examine(
            [Self.aasaPath: .json(aasa), Self.rootPath: .json(aasa), Self.assetLinksPath: .json(stale)], settings: settings)
        #expect(status(report, Self.assetLinksPath, "fingerprints") == .fail)
        #expect(status(report, Self.assetLinksPath, "matches-config") == .fail)
        #expect(status(report, Self.aasaPath, "matches-config") == .pass)
    }

    /// A file that names only an app ID iOS would keep but that is not the config's app loads
    /// (a warning), and the check still fails: the config's own app is not associated.
    @Test func aFileThatDoesNotNameTheConfigsAppFailsThoughIOSLoadsIt() async throws {
        let (settings, _, assetLinks) = try generated()
        let other = #"{"applinks": {"details": [{"appIDs": ["abc.com.x"], "components": [{"/": "/*"}]}]}}"#
        let report = try await examine(
            [Self.aasaPath: .json(other), Self.rootPath: .json(other), Self.assetLinksPath: .json(assetLinks)], settings: settings)
        #expect(status(report, Self.aasaPath, "valid-json") == .warning, "iOS loads it; the unusual app ID is a warning")
        #expect(status(report, Self.aasaPath, "app-ids") == .fail)
        #expect(!report.passed)
    }

    @Test func withoutAConfigOnlyTheFilesThemselvesAreChecked() async throws {
        let (_, aasa, assetLinks) = try generated()
        let report = try await examine(
            [Self.aasaPath: .json(aasa), Self.rootPath: .json("{"), Self.assetLinksPath: .json(assetLinks)], settings: nil)
        #expect(status(report, Self.aasaPath, "app-ids") == .skip)
        #expect(status(report, Self.rootPath, "valid-json") == .warning)
        #expect(report.passed)
    }

    @Test func anUnreachableServerFailsReachable() async throws {
        let origin = try #require(URL(string: "http://127.0.0.1:\(try LoopbackListener.closedPort())"))
        let report = try await AssociationDoctor(allowInsecureLoopback: true).examine(origin)
        #expect(status(report, Self.aasaPath, "reachable") == .fail)
        // In words, and naming the port that was tried, not Foundation's NSURLErrorDomain code or 443.
        let reachable = try #require(report.files.first { $0.url.path == Self.aasaPath }?.checks.first { $0.name == "reachable" })
        #expect(reachable.message == "could not fetch the file: nothing accepts connections there (connection refused)", "\(reachable.message)")
        #expect(reachable.fix?.hasSuffix("answers on port \(origin.port ?? 0)") == true, "\(reachable.fix ?? "")")
    }

    @Test func aTimeoutIsSaidInWords() {
        #expect(AssociationDoctor.fetchFailure(URLError(.timedOut)) == "no answer in time (timed out)")
        #expect(AssociationDoctor.fetchFailure(URLError(.cannotFindHost)) == "the host name does not resolve (DNS)")
    }

    @Test(arguments: [
        ("http://127.0.0.1:8080", false, AssociationError.Code.insecureURL),
        ("http://shop.example.com", true, .insecureURL),
        ("https://shop.example.com/path", false, .invalidArgument),
        ("ftp://shop.example.com", true, .insecureURL),
    ])
    func sitesThatMustNotBeFetchedAreRefusedBeforeAnyRequest(site: String, allowLoopback: Bool, code: AssociationError.Code)
        async throws
    {
        let doctor = AssociationDoctor(fetcher: RefusingFetcher(), allowInsecureLoopback: allowLoopback)
        await #expect {
            _ = try await doctor.examine(try #require(URL(string: site)))
        } throws: { error in
            (error as? AssociationError)?.code == code
        }
    }

    @Test func anOversizedFileFailsTheSizeCheck() async throws {
        let body = "{\"applinks\": {\"details\": [], \"padding\": \"\(String(repeating: "x", count: 140_000))\"}}"
        let doctor = AssociationDoctor(fetcher: FixedFetcher(body: body))
        let report = try await doctor.examine(try #require(URL(string: "https://shop.example.com")))
        #expect(status(report, Self.aasaPath, "size") == .fail)
        #expect(report.text.contains("FAIL size"))
        #expect(report.jsonValue.objectValue?["passed"] == false)
    }
}

/// A fetcher for checks that must fail before any request.
private struct RefusingFetcher: AssociationFileFetcher {
    func fetch(_ url: URL) async throws -> FetchedResponse {
        Issue.record("the doctor fetched \(url) although it should have refused the site")
        throw URLError(.cancelled)
    }
}

/// A fetcher that answers every URL with the same JSON body.
private struct FixedFetcher: AssociationFileFetcher {
    let body: String

    func fetch(_ url: URL) async throws -> FetchedResponse {
        FetchedResponse(url: url, statusCode: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
    }
}
