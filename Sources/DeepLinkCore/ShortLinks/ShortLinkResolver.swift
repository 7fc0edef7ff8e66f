import Foundation

/// Asks the link server which deep link a short link opens (`POST /api/v1/opens`), so a tap on
/// `https://go.shop.example.com/spring` opens the installed app at the right screen with no page
/// in between. The server counts the open.
///
/// ```swift
/// let resolver = ShortLinkResolver(linkDomains: config.linkDomains)
/// switch await resolver.resolve(url) {
/// case .resolved(let resolution): await router.route(RouteRequest(url: resolution.deepLink, origin: .universalLink))
/// case .openInBrowser(let url, _): present(SFSafariViewController(url: url))
/// }
/// ```
///
/// A link that needs a newer app than the one running (its `minAppVersion`) comes back as
/// ``ShortLinkOutcome/updateRequired(_:)``, with the store page to open instead of routing.
///
/// A repeated tap works offline: each answer is kept for ``cacheLifetime`` and used when the
/// server cannot be reached. Nothing throws for a network condition; every failure is a
/// ``ShortLinkOutcome/openInBrowser(_:reason:)`` with the URL to show instead.
public actor ShortLinkResolver {
    /// The hosts short links live on, lowercased.
    public nonisolated let linkDomains: Set<String>
    /// The platform the app tells the server it runs on.
    public nonisolated let platform: DeferredLinkDeviceSignals.Platform
    /// How long an answer is kept for offline taps.
    public nonisolated let cacheLifetime: Duration
    /// The most answers kept.
    public nonisolated let maximumEntries: Int
    /// The running app's version, compared with a link's minimum; `nil` compares nothing.
    public nonisolated let appVersion: AppVersion?
    /// A value that stays the same for this install, sent with each open as `visitorId`, which
    /// keeps the person's A/B variant of a link across taps; `nil` sends none, and the server
    /// draws a variant each time.
    public nonisolated let visitorID: String?

    private let transport: any DeferredLinkTransport
    private let clock: any MonotonicClock
    private var cache: [String: (resolution: ShortLinkResolution, stored: ContinuousClock.Instant)] = [:]

    private static let serverPathNames = Set(ShortLinkPaths.serverNames)

    /// Creates a resolver.
    /// - Parameters:
    ///   - linkDomains: The hosts short links live on, usually ``DeepLinkConfig/linkDomains``.
    ///   - platform: The platform the app runs on. Default: iOS.
    ///   - transport: How requests are sent. Default: an ephemeral `URLSession` that waits 3 seconds.
    ///   - cacheLifetime: How long an answer is kept for offline taps. Default: 7 days.
    ///   - maximumEntries: The most answers kept. Default: 64.
    ///   - appVersion: The running app's version, which a link's minimum is compared with. Default:
    ///     on iOS the main bundle's `CFBundleShortVersionString`; on Android none, so pass the
    ///     app's `versionCode` (`AppVersion(versionCode: "520")`).
    ///   - visitorID: A value that stays the same for this install, which keeps the person's A/B
    ///     variant of a link: 16 to 64 ASCII letters, digits, `-` or `_`, such as
    ///     `UIDevice.current.identifierForVendor?.uuidString` or a UUID the app keeps. Default:
    ///     none, so the server draws a variant on each tap. A value of another form is not sent.
    ///
    /// Without link domains, no URL is a short link.
    public init(
        linkDomains: [String], platform: DeferredLinkDeviceSignals.Platform = .ios,
        transport: any DeferredLinkTransport = URLSessionDeferredLinkTransport(timeout: 3), cacheLifetime: Duration = .seconds(7 * 86_400),
        maximumEntries: Int = 64, appVersion: AppVersion?? = nil, visitorID: String? = nil
    ) {
        self.init(
            linkDomains: linkDomains, platform: platform, transport: transport, cacheLifetime: cacheLifetime, maximumEntries: maximumEntries,
            appVersion: appVersion ?? Self.bundleVersion(for: platform), visitorID: visitorID, clock: SystemClock())
    }

    /// Creates a resolver on a clock; tests move one.
    package init(
        linkDomains: [String], platform: DeferredLinkDeviceSignals.Platform = .ios, transport: any DeferredLinkTransport,
        cacheLifetime: Duration = .seconds(7 * 86_400), maximumEntries: Int = 64, appVersion: AppVersion? = nil, visitorID: String? = nil,
        clock: any MonotonicClock
    ) {
        self.linkDomains = Set(linkDomains.map { $0.lowercased() })
        self.platform = platform
        self.appVersion = appVersion
        self.visitorID = visitorID.flatMap { AppOpenRequest.isVisitorID($0) ? $0 : nil }
        self.transport = transport
        self.cacheLifetime = cacheLifetime
        self.maximumEntries = max(1, maximumEntries)
        self.clock = clock
    }

    /// Whether a URL is a short link of the link domains: `https`, one of the hosts, and a
    /// one-segment path that is not one of the server's own.
    /// - Parameter url: A universal link the app was opened with.
    public nonisolated func isShortLink(_ url: URL) -> Bool {
        guard url.scheme?.lowercased() == "https", let host = url.host?.lowercased(), linkDomains.contains(host) else { return false }
        let segments = url.path.split(separator: "/", omittingEmptySubsequences: true)
        guard segments.count == 1, let code = segments.first else { return false }
        return !Self.serverPathNames.contains(code.lowercased())
    }

    /// Whether a URL is on one of the link domains, short link or not.
    /// - Parameter url: A universal link the app was opened with.
    public nonisolated func isOnLinkDomain(_ url: URL) -> Bool {
        url.host.map { linkDomains.contains($0.lowercased()) } ?? false
    }

    /// Resolves a short link with the link server, which counts the open.
    /// - Parameter url: The universal link the app was opened with, query included.
    /// - Returns: The deep link to route, or the URL to open in the browser and why.
    public func resolve(_ url: URL) async -> ShortLinkOutcome {
        guard isShortLink(url), let host = url.host, let endpoint = URL(string: "https://\(host)/api/v1/opens") else {
            return .openInBrowser(url, reason: .notAShortLink)
        }
        let request = AppOpenRequest(url: url.absoluteString, platform: platform, visitorID: visitorID)
        let response: DeferredLinkTransportResponse
        do {
            response = try await transport.post(request.body, to: endpoint)
        } catch {
            return offline(url, reason: Self.failure(error))
        }
        let json = (try? JSONParser.parse(String(decoding: response.body, as: UTF8.self)))?.plainValue
        switch response.statusCode {
        case 200:
            guard let resolution = json.flatMap(ShortLinkResolution.init(json:)) else {
                return offline(url, reason: .badResponse(statusCode: response.statusCode))
            }
            store(resolution, for: url)
            return outcome(of: resolution)
        case 404:
            cache[url.absoluteString] = nil
            return .openInBrowser(url, reason: json?.objectValue?["error"]?.objectValue?["code"]?.stringValue == "not-a-short-link" ? .notAShortLink : .unknownCode)
        case 410:
            cache[url.absoluteString] = nil
            let fallback = json?.objectValue?["openInBrowser"]?.stringValue.flatMap(URL.init(string:))
            return .openInBrowser(fallback ?? url, reason: .expired)
        case 403 where json?.objectValue?["error"]?.objectValue?["code"]?.stringValue == "password-required":
            cache[url.absoluteString] = nil
            let page = json?.objectValue?["openInBrowser"]?.stringValue.flatMap(URL.init(string:))
            return .openInBrowser(page ?? url, reason: .passwordRequired)
        case 429:
            return offline(url, reason: .rateLimited(retryAfter: response.header("Retry-After").flatMap { Int($0) }))
        default:
            return offline(url, reason: .badResponse(statusCode: response.statusCode))
        }
    }

    /// The last answer for the URL while it is kept, else the browser.
    private func offline(_ url: URL, reason: ShortLinkFailure) -> ShortLinkOutcome {
        if let entry = cache[url.absoluteString], entry.stored + cacheLifetime > clock.now { return outcome(of: entry.resolution) }
        return .openInBrowser(url, reason: reason)
    }

    /// The resolution to route, or to update for when the app is older than the link needs.
    private func outcome(of resolution: ShortLinkResolution) -> ShortLinkOutcome {
        resolution.needsUpdate(from: appVersion) ? .updateRequired(resolution) : .resolved(resolution)
    }

    /// The main bundle's marketing version on iOS; `nil` on Android, whose `versionCode` no bundle holds.
    private static func bundleVersion(for platform: DeferredLinkDeviceSignals.Platform) -> AppVersion? {
        guard platform == .ios, let text = Bundle.main.infoDictionary?["CFBundleShortVersionString"] as? String else { return nil }
        return AppVersion(marketingVersion: text)
    }

    private func store(_ resolution: ShortLinkResolution, for url: URL) {
        let now = clock.now
        if cache[url.absoluteString] == nil, cache.count >= maximumEntries {
            cache = cache.filter { $0.value.stored + cacheLifetime > now }
            if cache.count >= maximumEntries, let oldest = cache.min(by: { $0.value.stored < $1.value.stored })?.key { cache[oldest] = nil }
        }
        cache[url.absoluteString] = (resolution, now)
    }

    private static func failure(_ error: any Error) -> ShortLinkFailure {
        if let error = error as? URLError, error.code == .timedOut { return .timedOut }
        return .unreachable((error as? URLError)?.localizedDescription ?? String(describing: error))
    }
}
