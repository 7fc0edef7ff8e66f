// At the target's root: the documentation's samples span every source folder of the module.
import DeepLinkAppLinks
import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

/// The code samples of `Documentation.docc` and of the symbol documentation, verbatim between
/// the `// sample` markers, so that they keep compiling and doing what the text says.
struct DocumentationSampleTests {
    @Test func readingAppLinksGroupsTagsAndKeepsLinkDataWithABadExtras() throws {
        // sample: ReadingAppLinks.md, "Targets from repeated tags"
        let html = """
            <meta property="al:ios:url" content="first://docs" />
            <meta property="al:ios:url" content="second://docs" />
            <meta property="al:ios:app_name" content="First" />
            <meta property="al:ios:app_name" content="Second" />
            """
        let targets = AppLinkMetadata(html: html, pageURL: URL(string: "https://example.com/docs")!).ios
        // [first://docs "First", second://docs "Second"]
        // end sample
        #expect(
            targets == [
                IOSAppLinkTarget(url: URL(string: "first://docs"), appName: "First"),
                IOSAppLinkTarget(url: URL(string: "second://docs"), appName: "Second"),
            ])

        // sample: ReadingAppLinks.md, "Link data that opened your app"
        let incoming = URL(string: "example://docs?al_applink_data=%7B%22target_url%22%3A%22https%3A%2F%2Fexample.com%2Fdocs%22%2C%22extras%22%3A%5B%5D%7D")!
        let appLink = InboundAppLink.read(from: incoming).appLink
        // appLink?.targetURL == https://example.com/docs, appLink?.extras == [:]
        // appLink?.ignoredMembers[0].path == al_applink_data.extras
        // end sample
        #expect(appLink?.targetURL.absoluteString == "https://example.com/docs")
        #expect(appLink?.extras == [:])
        #expect(appLink?.ignoredMembers.first?.path?.description == "al_applink_data.extras")
    }

    @Test func gettingStartedReadsNavigatesAndReadsBack() async throws {
        // sample: GettingStarted.md, "Read a page's App Links"
        let html = """
            <meta property="al:ios:url" content="example://applinks" />
            <meta property="al:ios:app_store_id" content="12345" />
            <meta property="al:ios:app_name" content="Example App" />
            """
        let page = URL(string: "http://example.com/applinks")!
        let metadata = AppLinkMetadata(html: html, pageURL: page)
        // metadata.ios[0].url == example://applinks, metadata.web.url == page
        // end sample
        #expect(metadata.ios[0].url?.absoluteString == "example://applinks")
        #expect(metadata.web.url == page)

        var opened: URL?
        var failure: AppLinksError?
        // sample: GettingStarted.md, "Navigate to the app"
        let installedSchemes: Set<String> = ["example"]
        let navigation = AppLinkNavigator().navigation(
            to: metadata, on: .iphone, extras: ["myapp_token": "t0kEn"],
            referer: AppLinkReferer(url: URL(string: "myapp://docs"), appName: "My App")
        ) { launch in
            installedSchemes.contains(launch.url.scheme ?? "")
        }
        switch navigation {
        case .app(let launch, _, _, _):
            opened = launch.url  // example://applinks?al_applink_data=%7B%22extras%22...
        case .web(let url, _):
            opened = url  // http://example.com/applinks?al_applink_data=...
        case .failure(let reason):
            failure = reason  // the page set al:web:should_fallback to false
        }
        // end sample
        #expect(opened?.absoluteString.hasPrefix("example://applinks?al_applink_data=%7B%22extras%22") == true)
        #expect(failure == nil)

        let router = try RouterBuilder(config: DeepLinkConfig.parse(#"{"routes": {"applinks": {"class": "Docs"}}}"#)).build()
        let incomingURL = try #require(opened)
        var backButton: (title: String, url: URL)?
        let session = (isSignedIn: false, user: "nobody")
        // sample: GettingStarted.md, "Read the context of an incoming link"
        let result = await router.routeAppLink(incomingURL, isSignedIn: session.isSignedIn)
        if let referer = result.referer, let back = referer.url {
            backButton = (title: "Back to \(referer.appName ?? "the app")", url: back)
        }
        let token = result.extras["myapp_token"]?.stringValue
        // end sample
        #expect(result.route.className == "Docs")
        #expect(backButton?.title == "Back to My App")
        #expect(backButton?.url.absoluteString == "myapp://docs")
        #expect(token == "t0kEn")
    }

    @Test func gettingStartedResolvesThroughTheCache() async throws {
        let server = try LoopbackHTTPServer { _ in .html(#"<meta property="al:android:package" content="com.example">"#) }
        defer { server.stop() }
        let pageURL = server.url("/docs")
        // sample: GettingStarted.md, "Read a page's App Links"
        let resolver = CachingAppLinkResolver(base: HTTPAppLinkResolver(), timeToLive: .seconds(600))
        let fetched = try await resolver.appLinks(for: pageURL)
        // end sample
        #expect(fetched.android == [AndroidAppLinkTarget(packageName: "com.example")])
        _ = try await resolver.appLinks(for: pageURL)
        #expect(server.requests.count == 1)
    }

    @Test func symbolDocumentationSamplesWork() throws {
        let metadata = AppLinkMetadata(sourceURL: URL(string: "https://example.com/a")!, iphone: [IOSAppLinkTarget(url: URL(string: "example://a"))])
        let installedSchemes: Set<String> = ["example"]
        // sample: AppLinkNavigator
        let navigation = AppLinkNavigator().navigation(to: metadata, on: .iphone, extras: ["myapp_token": "t0kEn"]) {
            launch in installedSchemes.contains(launch.url.scheme ?? "")
        }
        // end sample
        #expect(navigation.kind == "app")

        let incomingURL = try #require(navigation.url)
        var referer: AppLinkReferer?
        var ignoredBecause: AppLinksError?
        // sample: InboundAppLink
        switch InboundAppLink.read(from: incomingURL) {
        case .decoded(let appLink):
            referer = appLink.referer
        case .ignored(let reason):
            ignoredBecause = reason  // the URL itself is still routed
        case .absent:
            break
        }
        // end sample
        #expect(referer == nil)
        #expect(ignoredBecause == nil)
        #expect(InboundAppLink.read(from: incomingURL).appLink?.extras == ["myapp_token": "t0kEn"])
    }

    @Test(arguments: [
        "Sources/DeepLinkAppLinks/Documentation.docc/GettingStarted.md",
        "Sources/DeepLinkAppLinks/Navigation/AppLinkNavigator.swift",
        "Sources/DeepLinkAppLinks/Inbound/InboundAppLink.swift",
    ])
    func everySampleInTheDocumentationIsCopiedHere(file: String) throws {
        let documentation = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent(file), encoding: .utf8)
        let tests = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let samples = Self.swiftBlocks(in: documentation)

        #expect(!samples.isEmpty)
        for sample in samples {
            #expect(Self.normalized(tests).contains(Self.normalized(sample)), "not copied into the tests:\n\(sample)")
        }
    }

    /// The contents of the ```swift blocks of a Markdown file or of `///` comments.
    static func swiftBlocks(in text: String) -> [String] {
        var blocks: [String] = []
        var current: [String]?
        for rawLine in text.components(separatedBy: "\n") {
            var line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("///") { line = String(line.dropFirst(3)) }
            if line.trimmingCharacters(in: .whitespaces) == "```swift" {
                current = []
            } else if line.trimmingCharacters(in: .whitespaces) == "```", let lines = current {
                blocks.append(lines.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// The lines without indentation and without blank lines, so that indented copies compare equal.
    static func normalized(_ text: String) -> String {
        text.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .joined(separator: "\n")
    }
}
