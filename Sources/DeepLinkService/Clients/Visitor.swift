/// Who opens a link, as far as the `User-Agent` tells: the platform clicks are counted by, and
/// the two kinds of browser whose page differs from their platform's. A `Sendable` value.
package struct Visitor: Sendable, Hashable {
    /// The platform, as clicks are counted.
    package let platform: ClientPlatform
    /// A desktop browser with a Mac's `User-Agent`, which Safari on an iPad also sends when it
    /// asks for desktop sites (iPadOS's default): the desktop page then carries the iPad's
    /// buttons too, for its script to show on a touch screen.
    package let mayBeIPad: Bool
    /// An Android app's WebView, such as an in-app browser (`; wv)` in its `User-Agent`): it
    /// cannot follow an `intent://` redirect, so it gets the landing page.
    package let isAndroidWebView: Bool

    /// A command-line HTTP client or an HTTP library (``commandLineClients``), not a person: it
    /// gets a desktop browser's answer, and its visit counts apart from clicks, with link
    /// previews (``countedPlatform``).
    package let isCommandLineClient: Bool

    private static let macMarker = Array("macintosh".utf8)
    private static let webViewMarker = Array("; wv)".utf8)

    /// The `User-Agent` prefixes (lowercased, each followed by `/` and a version) of command-line
    /// HTTP clients and HTTP libraries, whose requests are counted apart from people's clicks:
    /// curl, Wget, HTTPie, python-requests, Python's urllib, httpx, aiohttp, Go's net/http,
    /// Java's HttpURLConnection and HttpClient, Apache HttpClient, OkHttp, libwww-perl, Ruby,
    /// node-fetch, axios, undici and PostmanRuntime.
    package static let commandLineClients = [
        "curl", "wget", "httpie", "python-requests", "python-urllib", "python-httpx", "aiohttp", "go-http-client", "java",
        "java-http-client", "apache-httpclient", "okhttp", "libwww-perl", "ruby", "node-fetch", "axios", "undici", "postmanruntime",
    ]
    private static let commandLinePrefixes = commandLineClients.map { Array(($0 + "/").utf8) }

    /// Reads a `User-Agent` header.
    package init(userAgent: String?) {
        let agent = UserAgentText(userAgent)
        platform = ClientPlatform(agent: agent)
        mayBeIPad = platform == .desktop && agent.contains(Self.macMarker)
        isAndroidWebView = platform == .android && agent.contains(Self.webViewMarker)
        isCommandLineClient = platform == .desktop && Self.commandLinePrefixes.contains(where: agent.hasPrefix)
    }

    /// The platform a visit counts under: ``ClientPlatform/crawler`` for a command-line client,
    /// so it adds no click and shows with link previews; otherwise ``platform``.
    package var countedPlatform: ClientPlatform {
        isCommandLineClient ? .crawler : platform
    }
}
