import DeepLinkCore
import DeepLinkServer
import DeepLinkService
import DeepLinkServiceTesting
import DeepLinkTesting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Synchronization
import Testing

/// Builds the server over a store and drives it in-process, with an API key ready.
struct ServerHarness: Sendable {
    let client: any TestClientProtocol
    let store: any LinkStore
    let token: String

    static let iPhone = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1"
    static let android = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36"
    static let desktop = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15"
    static let crawler = "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)"

    /// The example app's config, with an `apps` section so association files exist.
    static func configuration() throws -> ServerConfiguration {
        ServerConfiguration(
            deepLinkConfig: try DeepLinkConfig.load(contentsOf: Fixtures.shopConfig),
            redirectAllowlist: ["*.partner.example"])
    }

    /// The example app's config with another `deferred` section, and the proxy header that tests
    /// use to give each request a client address.
    /// - Parameter deferred: The section's JSON.
    static func configuration(deferred: String) throws -> ServerConfiguration {
        var configuration = ServerConfiguration(
            deepLinkConfig: try shopConfig(replacing: "deferred", with: deferred), redirectAllowlist: ["*.partner.example"],
            clientAddressHeader: "X-Forwarded-For")
        configuration.claimsPerMinutePerAddress = 1000
        return configuration
    }

    /// The example app's config with another `pages` section.
    /// - Parameter pages: The section's JSON.
    static func configuration(pages: String) throws -> ServerConfiguration {
        ServerConfiguration(deepLinkConfig: try shopConfig(replacing: "pages", with: pages), redirectAllowlist: ["*.partner.example"])
    }

    /// The example app's config with one top-level section's value replaced, read as `NAME.json`.
    static func shopConfig(replacing section: String, with json: String) throws -> DeepLinkConfig {
        let text = try String(contentsOf: Fixtures.shopConfig, encoding: .utf8)
        let start = try #require(text.range(of: "\"\(section)\": {"))
        let end = try #require(text.range(of: "\n  },\n", range: start.upperBound..<text.endIndex))
        return try DeepLinkConfig.parse(
            text.replacingCharacters(in: start.lowerBound..<end.upperBound, with: "\"\(section)\": \(json),\n"), file: "\(section).json")
    }

    /// Runs `body` against an in-process server.
    /// - Parameters:
    ///   - logs: Where the server's messages from `debug` up go; without it, only warnings are logged.
    ///   - clock: The server's monotonic clock: by default one that stands still, so that no
    ///     cache entry expires and no rate limit refills while a loaded machine runs the test
    ///     (a test of expiry or refill gives a ``TestClock`` it moves).
    static func run(
        _ backend: StoreBackend, mode: TestingSetup = .router, configuration: ServerConfiguration? = nil, logs: LogRecorder? = nil,
        clock: any MonotonicClock = TestClock(), passwords: PasswordChecks = PasswordChecks(),
        resolver: any WebhookHostResolver = SystemHostResolver(),
        _ body: @escaping @Sendable (ServerHarness) async throws -> Void
    ) async throws {
        let configuration = try configuration ?? Self.configuration()
        try await backend.withStore { store in
            let key = APIKey.generate(name: "test", at: Date())
            try await store.insert(key.record)
            var logger = logs?.logger(level: .debug) ?? Logger(label: "test.server")
            if logs == nil { logger.logLevel = .warning }
            // The tests deliver webhooks themselves (WebhookSender.deliverDue), at the times they choose.
            let app = try buildApplication(
                configuration: configuration, store: store, logger: logger, clock: clock, passwords: passwords, resolver: resolver, sendsWebhooks: false)
            try await app.test(mode) { client in
                try await body(ServerHarness(client: client, store: store, token: key.token))
            }
        }
    }

    /// The body the server answers `GET path` with, started on the example config.
    static func served(_ path: String) async throws -> String {
        let body = TextBox()
        try await run(.sqlite) { server in
            let response = try await server.client.execute(uri: path, method: .get)
            body.set(String(buffer: response.body))
        }
        return body.value
    }

    /// Sends a request with the API key.
    @discardableResult
    func api(_ method: HTTPRequest.Method, _ uri: String, json: String? = nil, token: String? = nil) async throws -> TestResponse {
        var headers: HTTPFields = [.authorization: "Bearer \(token ?? self.token)"]
        if json != nil { headers[.contentType] = "application/json" }
        return try await client.execute(uri: uri, method: method, headers: headers, body: json.map { ByteBuffer(string: $0) })
    }

    /// Claims a deferred link as an app on first launch, from a client address.
    func claim(_ json: String, from address: String = "81.2.69.160") async throws -> TestResponse {
        try await client.execute(
            uri: "/api/v1/deferred/claim", method: .post,
            headers: [.contentType: "application/json", HTTPField.Name("X-Forwarded-For")!: address], body: ByteBuffer(string: json))
    }

    /// Creates a link and returns its JSON.
    func createLink(_ json: String) async throws -> [String: JSONValue] {
        let response = try await api(.post, "/api/v1/links", json: json)
        #expect(response.status == .created, "\(response.text)")
        return try response.object()
    }

    /// Follows the store hop an Android `intent://` falls back to, as Chrome does without the app.
    /// - Parameters:
    ///   - fallback: The hop's absolute URL, from ``TestResponse/intentBrowserFallback()``.
    ///   - headers: More request headers, such as the client's forwarded address.
    /// - Returns: The Google Play URL the hop redirects to.
    func followAndroidStoreHop(_ fallback: String, headers: HTTPFields = [:]) async throws -> URLComponents {
        let hop = try #require(URLComponents(string: fallback))
        let store = try await open(hop.percentEncodedPath + "?" + (hop.percentEncodedQuery ?? ""), userAgent: Self.android, headers: headers)
        let location = try #require(store.headers[.location], "the hop did not redirect: \(store.status)")
        return try #require(URLComponents(string: location))
    }

    /// Opens a short link as a client would.
    func open(_ path: String, userAgent: String, method: HTTPRequest.Method = .get, headers extra: HTTPFields = [:]) async throws
        -> TestResponse
    {
        var headers = extra
        headers[.userAgent] = userAgent
        return try await client.execute(uri: path, method: method, headers: headers)
    }
}

extension TestResponse {
    /// The decoded `S.browser_fallback_url` of an `intent://` redirect.
    func intentBrowserFallback() throws -> String {
        let location = try #require(headers[.location])
        return try #require(
            location.split(separator: ";").first { $0.hasPrefix("S.browser_fallback_url=") }?
                .dropFirst("S.browser_fallback_url=".count).removingPercentEncoding)
    }

    /// The body as text.
    var text: String { body.getString(at: body.readerIndex, length: body.readableBytes) ?? "" }

    /// The body as a JSON object.
    func object() throws -> [String: JSONValue] {
        try #require(try JSONValue(parsing: text).objectValue, "not a JSON object: \(text)")
    }

    /// The error object's code and field.
    func error() throws -> (code: String?, field: String?) {
        let error = try #require(try object()["error"]?.objectValue, "no error object: \(text)")
        return (error["code"]?.stringValue, error["field"]?.stringValue)
    }
}

extension URLComponents {
    /// The `referrer` of a Google Play URL: what the Install Referrer API hands the installed app.
    var installReferrer: String? { queryItems?.first { $0.name == "referrer" }?.value }
}

/// A string a `@Sendable` closure can hand back.
final class TextBox: Sendable {
    private let storage = Mutex("")
    var value: String { storage.withLock { $0 } }
    func set(_ text: String) { storage.withLock { $0 = text } }
}
