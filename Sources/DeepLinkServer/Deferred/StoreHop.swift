import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// The store hop, `GET /{code}/install?store=apple|google`: where a landing page's store
/// buttons and Android's `intent://` fallback lead. It records a click for deferred deep
/// linking when the browser is on the store's platform, then redirects to the store; Google
/// Play gets the click's token in its install referrer. `Sendable`.
struct StoreHop: Sendable {
    let deferred: DeferredLinks
    let resolver: LinkResolver
    /// Clicks each client address may record per minute; past it, the hop still redirects.
    let limiter: RateLimiter
    /// Where the client's address comes from.
    let clientAddress: ClientAddressReader

    /// The redirect to a store, or `nil` when the link has nothing in that store.
    /// - Parameters:
    ///   - link: The link.
    ///   - store: The store the button named.
    ///   - utm: The UTM fields in effect.
    ///   - request: The request, for the user agent, language and the script's signals.
    ///   - context: The request's context.
    func redirect(
        for link: Link, to store: AppStore, utm: UTMFields, request: Request, context: ServerRequestContext
    ) async -> Response? {
        let policy = resolver.policy
        let query = request.formQuery
        switch store {
        case .apple:
            if let url = link.iosFallbackURL, policy.allowsRedirect(to: url) { return Self.found(url) }
            guard let appStoreID = link.appStoreID else { return nil }
            let recorded = query["deeplink_click"].flatMap { DeferredClick.isToken($0) ? $0 : nil }
            if recorded == nil, deferred.recordsAppStoreClicks {
                _ = await recordClick(of: link, utm: utm, request: request, context: context)
            }
            return Self.found("https://apps.apple.com/app/id\(appStoreID)")
        case .google:
            if let url = link.androidFallbackURL, policy.allowsRedirect(to: url) { return Self.found(url) }
            guard let package = link.playPackage else { return nil }
            let token = ClientPlatform(userAgent: request.headers[.userAgent]) == .android
                ? await recordClick(of: link, utm: utm, request: request, context: context) : nil
            return Self.found(resolver.playStoreURL(package: package, utm: utm, token: token))
        }
    }

    /// Records a click from an iOS or Android browser and returns its token; `nil` for other
    /// platforms, past the address's rate, or when the database fails (logged: the user still
    /// gets to the store, only without deferred deep linking).
    func recordClick(of link: Link, utm: UTMFields, request: Request, context: ServerRequestContext) async -> String? {
        let query = request.formQuery
        guard
            let device = DeviceSignals(
                userAgent: request.headers[.userAgent], acceptLanguage: request.headers[.acceptLanguage], timeZone: query["tz"],
                screen: query["screen"])
        else { return nil }
        let address = clientAddress.address(of: request, context: context)
        guard limiter.take(address ?? "unknown") == nil else { return nil }
        do {
            let click = try await deferred.record(
                code: link.code.isEmpty ? nil : link.code, deepLink: link.deepLink, campaign: link.campaign, utm: utm, device: device,
                clientAddress: address)
            return click.token
        } catch {
            context.logger.error("cannot record a deferred click", metadata: ["link.code": "\(link.code)", "error": "\(error)"])
            return nil
        }
    }

    private static func found(_ location: String) -> Response {
        Response(status: .found, headers: [.location: location, .cacheControl: "no-store", .referrerPolicyHeader: "no-referrer"])
    }
}
