import DeepLinkService
import DeepLinkCore
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
    /// Where the client's address comes from.
    let clientAddress: ClientAddressReader

    /// The redirect to a store, or `nil` when the link has nothing in that store.
    /// - Parameters:
    ///   - link: The link.
    ///   - store: The store the button named.
    ///   - utm: The UTM fields in effect.
    ///   - opened: The request, for the platform, language, address and the script's signals.
    ///   - context: The request's context.
    ///   - records: Whether the click is recorded; `HEAD` records none, and its store link has no token.
    func redirect(
        for link: Link, to store: AppStore, utm: UTMFields, opened: LinkRequest, context: ServerRequestContext, records: Bool = true
    ) async -> Response? {
        let policy = resolver.setup.policy
        switch store {
        case .apple:
            if let url = link.iosFallbackURL.flatMap(policy.redirectURL(for:)) { return Response.found(url) }
            guard let appStoreID = link.appStoreID else { return nil }
            let recorded = opened.query[DeferredLinkToken.queryItemName].flatMap(DeferredLinkToken.init(rawValue:))
            if records, recorded == nil, deferred.recordsAppStoreClicks {
                _ = await recordClick(of: link, utm: utm, opened: opened, context: context)
            }
            return Response.found("https://apps.apple.com/app/id\(appStoreID)")
        case .google:
            if let url = link.androidFallbackURL.flatMap(policy.redirectURL(for:)) { return Response.found(url) }
            guard let package = link.playPackage else { return nil }
            let token = records && opened.platform == .android ? await recordClick(of: link, utm: utm, opened: opened, context: context) : nil
            return Response.found(resolver.playStoreURL(package: package, utm: utm, token: token))
        }
    }

    /// Records a click from an iOS or Android browser and returns its token; `nil` for other
    /// platforms, past the address's limit (``DeferredLinks/recordWithinLimit(code:deepLink:campaign:utm:device:clientAddress:)``),
    /// or when the database fails (logged: the user still gets to the store, only without
    /// deferred deep linking).
    func recordClick(of link: Link, utm: UTMFields, opened: LinkRequest, context: ServerRequestContext) async -> String? {
        let headers = opened.request.headers
        guard
            let device = DeviceSignals(
                userAgent: headers[.userAgent], platform: opened.platform, acceptLanguage: headers[.acceptLanguage], timeZone: opened.query["tz"],
                screen: opened.query["screen"])
        else { return nil }
        let address = clientAddress.address(of: opened.request, context: context)
        do {
            let click = try await deferred.recordWithinLimit(
                code: link.code.isEmpty ? nil : link.code, deepLink: link.deepLink, campaign: link.campaign, utm: utm, device: device,
                clientAddress: address)
            return click?.token
        } catch {
            context.logger.error("cannot record a deferred click", metadata: ["link.code": "\(link.code)", "error": "\(error)"])
            return nil
        }
    }
}
