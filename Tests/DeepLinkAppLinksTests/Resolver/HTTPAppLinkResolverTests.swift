import DeepLinkAppLinks
import DeepLinkTesting
import Foundation
import Testing

struct HTTPAppLinkResolverTests {
    static let page = """
        <html><head>
        <meta property="al:ios:url" content="example://applinks">
        <meta property="al:ios:app_name" content="Example App">
        </head><body></body></html>
        """

    /// A resolver with limits small enough for tests to reach quickly, and a timeout no loaded
    /// machine reaches on loopback (the whole suite on two busy cores once took 22 s to deliver a page).
    static let resolver = HTTPAppLinkResolver(
        configuration: .init(timeout: .seconds(300), maximumRedirects: 3, maximumPageSize: 64 * 1024))

    @Test func fetchesThePageWithThePreferHeaderAndReadsItsTags() async throws {
        let server = try LoopbackHTTPServer { _ in .html(Self.page) }
        defer { server.stop() }
        let url = server.url("/applinks")
        let metadata = try await Self.resolver.appLinks(for: url)

        #expect(metadata.ios == [IOSAppLinkTarget(url: URL(string: "example://applinks"), appName: "Example App")])
        #expect(metadata.sourceURL == url)
        #expect(metadata.web.url == url)
        #expect(server.requests.map(\.path) == ["/applinks"])
        #expect(server.requests.first?.headers["prefer-html-meta-tags"] == "al")
        #expect(server.requests.first?.headers["user-agent"] == AppLinkNavigator.defaultUserAgent)
    }

    @Test func followsRedirectsKeepingTheHeaderAndTheOriginalURL() async throws {
        let server = try LoopbackHTTPServer { request in
            switch request.path {
            case "/short": .redirect(to: "/middle", status: 301)
            case "/middle": .redirect(to: "/final", status: 302)
            default: .html(Self.page)
            }
        }
        defer { server.stop() }
        let metadata = try await Self.resolver.appLinks(for: server.url("/short"))

        #expect(server.requests.map(\.path) == ["/short", "/middle", "/final"])
        #expect(server.requests.allSatisfy { $0.headers["prefer-html-meta-tags"] == "al" })
        #expect(metadata.sourceURL == server.url("/short"))
        #expect(metadata.ios.count == 1)
    }

    @Test func givesUpAfterTooManyRedirects() async throws {
        let server = try LoopbackHTTPServer { _ in .redirect(to: "/loop") }
        defer { server.stop() }

        let error = await resolveError(server.url("/loop"))
        #expect(error?.code == .tooManyRedirects)
        #expect(server.requests.count == 4)
    }

    @Test func refusesRedirectsToOtherSchemes() async throws {
        let server = try LoopbackHTTPServer { _ in .redirect(to: "example://applinks") }
        defer { server.stop() }

        let error = await resolveError(server.url("/app"))
        #expect(error?.code == .invalidURL)
        #expect(error?.message.contains("example://applinks") == true)
    }

    @Test func givesUpWhenTheServerDoesNotAnswerInTime() async throws {
        // The server never answers: an answer at all is the resolver's own deadline, whatever
        // the time a loaded machine takes to reach it.
        let server = try LoopbackHTTPServer { _ in .stall }
        defer { server.stop() }
        let impatient = HTTPAppLinkResolver(configuration: .init(timeout: .milliseconds(500)))

        let error = await resolveError(server.url("/slow"), with: impatient)
        #expect(error?.code == .timedOut)
        #expect(error?.message == "no complete answer within 0.5 seconds")
    }

    @Test(arguments: [true, false])
    func refusesPagesLargerThanTheCap(declaresLength: Bool) async throws {
        let huge = "<html><head>" + String(repeating: "<p>filler</p>", count: 20_000) + "</head></html>"
        let server = try LoopbackHTTPServer { _ in
            var response = LoopbackHTTPServer.Response.html(huge)
            response.sendsContentLength = declaresLength
            return response
        }
        defer { server.stop() }

        let error = await resolveError(server.url("/huge"))
        #expect(error?.code == .responseTooLarge)
        #expect(error?.message.contains("65536 bytes") == true)
    }

    @Test(arguments: ["application/json", "image/png", "text/plain; charset=utf-8"])
    func refusesAnswersThatAreNotHTML(contentType: String) async throws {
        let server = try LoopbackHTTPServer { _ in .html(Self.page, contentType: contentType) }
        defer { server.stop() }

        let error = await resolveError(server.url("/data"))
        #expect(error?.code == .unsupportedContentType)
        #expect(error?.message.contains(contentType.components(separatedBy: ";")[0]) == true)
    }

    @Test(arguments: ["text/html", "TEXT/HTML; charset=UTF-8", "application/xhtml+xml"])
    func acceptsHTMLContentTypes(contentType: String) async throws {
        let server = try LoopbackHTTPServer { _ in .html(Self.page, contentType: contentType) }
        defer { server.stop() }
        #expect(try await Self.resolver.appLinks(for: server.url("/")).ios.count == 1)
    }

    @Test func decodesLatin1PagesByTheirCharset() async throws {
        let latin1Page = Array(#"<meta property="al:ios:app_name" content="Caf"#.utf8) + [0xE9] + Array(#"">"#.utf8)
        let server = try LoopbackHTTPServer { _ in
            LoopbackHTTPServer.Response(headers: [("Content-Type", "text/html; charset=ISO-8859-1")], body: latin1Page)
        }
        defer { server.stop() }
        #expect(try await Self.resolver.appLinks(for: server.url("/")).ios.first?.appName == "Café")
    }

    @Test(arguments: [404, 500])
    func reportsErrorStatuses(status: Int) async throws {
        let server = try LoopbackHTTPServer { _ in LoopbackHTTPServer.Response(status: status) }
        defer { server.stop() }

        let error = await resolveError(server.url("/missing"))
        #expect(error?.code == .httpStatus)
        #expect(error?.message.contains("HTTP \(status)") == true)
    }

    @Test func reportsAConnectionThatIsRefused() async throws {
        let url = try #require(URL(string: "http://127.0.0.1:\(try LoopbackListener.closedPort())/"))

        #expect(await resolveError(url)?.code == .networkFailure)
    }

    @Test(arguments: ["ftp://example.com/", "example://applinks", "file:///etc/hosts"])
    func refusesURLsThatAreNotHTTP(url: String) async {
        #expect(await resolveError(URL(string: url)!)?.code == .invalidURL)
    }

    private func resolveError(_ url: URL, with resolver: HTTPAppLinkResolver = resolver) async -> AppLinksError? {
        do {
            _ = try await resolver.appLinks(for: url)
            Issue.record("expected an error for \(url)")
            return nil
        } catch {
            return error
        }
    }
}
