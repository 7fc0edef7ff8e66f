import DeepLinkCore
import Foundation
import Logging

/// Opening links, for every route that opens one (`GET /{code}`, the store hop, the QR codes,
/// Firebase long links, the app's `POST /api/v1/opens`): the live link through the cache, the
/// click, the store hop with its deferred click, the app open. It answers with values
/// (``LinkLookup``, ``LinkOpening``, ``StoreHop``); the HTTP layer turns them into pages and
/// redirects. `Sendable`.
///
/// The store hop, `GET /{code}/install?store=apple|google`, is where a landing page's store
/// buttons and Android's `intent://` fallback lead: it records a click for deferred deep linking
/// when the browser is on the store's platform, then redirects to the store; Google Play gets the
/// click's token in its install referrer.
package struct LinkVisits: Sendable {
    let store: any LinkStorage & DailyCountStorage
    /// The short-lived copies of links.
    let cache: LinkCache
    /// Where clicks are counted, in memory until the next flush.
    let clicks: ClickCounter
    /// Where store hops record their clicks.
    let deferred: DeferredLinks
    /// The config, read once: the redirect policy and the `deferred` section.
    let setup: DeepLinkSetup
    /// Where `link.store_visited` and `app.opened` webhook events go.
    let webhooks: WebhookEvents?
    /// Where visitors' countries come from: the GeoIP database, or `nil` without one.
    let countries: (any CountryLookup)?
    /// Each `Accept-Language` header's first language, read once.
    let firstLanguages = HeaderTable<String?>()
    /// People's clicks per link and client address per minute, in this process's memory (each
    /// server counts its own); past it, a click is answered but counted as excess. `nil`: no limit.
    let clickRate: RateLimiter?

    /// The service.
    /// - Parameters:
    ///   - store: Where links are read when the cache does not hold them, and visits without a click are counted.
    ///   - cache: The short-lived copies of links.
    ///   - clicks: Where clicks are counted.
    ///   - deferred: Where store hops record their clicks.
    ///   - setup: The config, read once.
    ///   - webhooks: Where visit events go; `nil` for none.
    ///   - countries: Where visitors' countries come from; `nil` without a GeoIP database.
    ///   - clickRate: People's clicks per link and address per minute (`server.limits.clicksPerMinutePerAddress`); `nil` for no limit.
    package init(
        store: any LinkStorage & DailyCountStorage, cache: LinkCache, clicks: ClickCounter, deferred: DeferredLinks, setup: DeepLinkSetup,
        webhooks: WebhookEvents? = nil, countries: (any CountryLookup)? = nil, clickRate: RateLimiter? = nil
    ) {
        self.clickRate = clickRate
        self.store = store
        self.cache = cache
        self.clicks = clicks
        self.deferred = deferred
        self.setup = setup
        self.webhooks = webhooks
        self.countries = countries
    }

    /// What a link comes to for a visitor: the link with its deciding target's destinations in
    /// place (``Link/decidingTarget(for:)``), or, when no target decides, the visitor's A/B
    /// variant's (``Link/variant(for:)``); which rule that was, and the visitor's country. A link
    /// without targets or variants on a server without a GeoIP database reads nothing of the visit.
    /// - Parameters:
    ///   - link: The stored link.
    ///   - visit: Who opens it.
    package func decision(for link: Link, visit: LinkVisit) -> VisitDecision {
        guard countries != nil || !link.targets.isEmpty || !link.variants.isEmpty else { return VisitDecision(link: link) }
        guard countries != nil || !link.targets.isEmpty else { return variantDecision(for: link, platform: visit.platform, visitorID: visit.visitorID) }
        let signals = visit.signals()
        // The cookie is read only for a link with variants that no target decides for.
        return decision(
            for: link, platform: visit.platform, acceptLanguage: signals.acceptLanguage, clientAddress: signals.clientAddress,
            visitorID: visit.visitorID)
    }

    /// What a link comes to for a visitor described by its parts, as an app's open
    /// (`POST /api/v1/opens`) gives them: the platform the app runs on, its `Accept-Language`,
    /// the address the server trusts and the stable value the app sends.
    /// - Parameters:
    ///   - link: The stored link.
    ///   - platform: The visitor's platform.
    ///   - acceptLanguage: The `Accept-Language` header.
    ///   - clientAddress: The client's address.
    ///   - visitorID: The visitor's stable value, which keeps their variant; a new one is drawn
    ///     (``VisitRule/newVisitorID``) for a link with variants when it is `nil`.
    package func decision(
        for link: Link, platform: ClientPlatform, acceptLanguage: String?, clientAddress: String?,
        visitorID: @autoclosure () -> VisitorID? = nil
    ) -> VisitDecision {
        guard !link.targets.isEmpty else {
            var decision = variantDecision(for: link, platform: platform, visitorID: visitorID())
            decision.country = country(of: clientAddress)
            return decision
        }
        let traits = traits(platform: platform, acceptLanguage: acceptLanguage, clientAddress: clientAddress)
        if let (index, target) = link.decidingTarget(for: traits) {
            return VisitDecision(link: link.applying(target), rule: VisitRule(targetIndex: index), country: traits.country)
        }
        var decision = link.variants.isEmpty ? VisitDecision(link: link) : variantDecision(for: link, platform: platform, visitorID: visitorID())
        decision.country = traits.country
        return decision
    }

    /// The visitor's A/B variant of a link: none for a link without variants, and none for a
    /// link-preview crawler, which gets the link's own preview.
    private func variantDecision(for link: Link, platform: ClientPlatform, visitorID: @autoclosure () -> VisitorID?) -> VisitDecision {
        guard !link.variants.isEmpty, platform != .crawler else { return VisitDecision(link: link) }
        let given = visitorID()
        let id = given ?? VisitorID.random()
        guard let variant = link.variant(for: id) else { return VisitDecision(link: link) }
        return VisitDecision(
            link: link.applying(variant), rule: VisitRule(variant: variant.name, newVisitorID: given == nil ? id : nil))
    }

    /// What links' targets ask of a visitor: the platform given, the first language of
    /// `Accept-Language`, the country of the address (with a GeoIP database).
    /// - Parameters:
    ///   - platform: The visitor's platform.
    ///   - acceptLanguage: The `Accept-Language` header.
    ///   - clientAddress: The client's address.
    package func traits(platform: ClientPlatform, acceptLanguage: String?, clientAddress: String?) -> VisitorTraits {
        VisitorTraits(
            platform: platform,
            language: acceptLanguage.flatMap { header in firstLanguages.value(for: header) { LanguageTag.preferences(in: $0).first } },
            country: country(of: clientAddress))
    }

    /// The country of an address from the GeoIP database; `nil` without one.
    private func country(of clientAddress: String?) -> String? {
        countries.flatMap { lookup in clientAddress.flatMap(lookup.country(for:)) }
    }

    /// The link with a code, from the cache, and whether it can be opened.
    /// - Parameters:
    ///   - code: The code.
    ///   - logger: Where a database failure is logged.
    package func lookup(code: String, logger: Logger) async -> LinkLookup {
        let link: Link?
        do {
            link = try await cache.link(code: code) { () throws(StoreError) in try await store.link(code: code) }
        } catch {
            logger.error("cannot read a link", metadata: ["link.code": "\(code)", "error": "\(error)"])
            return .unavailable
        }
        guard let link else {
            logger.debug("no link has this code", metadata: ["link.code": "\(code)"])
            return .missing
        }
        guard !link.isExpired(at: Date()) else {
            logger.debug("the link expired", metadata: ["link.code": "\(code)"])
            return .expired(link)
        }
        return .found(link)
    }

    /// Where an expired link sends a browser (``DeepLinkSetup/expiredRedirect(for:)``).
    package func expiredRedirect(for link: Link) -> String? {
        setup.expiredRedirect(for: link)
    }

    /// Where an app opens an expired link in the browser (``DeepLinkSetup/browserURL(forExpired:)``).
    package func browserURL(forExpired link: Link) -> String? {
        setup.browserURL(forExpired: link)
    }

    /// Opens a stored link: looks it up, counts the click (by platform, day, referring domain and
    /// UTM fields, never by address) unless the visit is no click, and records the pasteboard
    /// flow's click when it applies. The one call `GET /{code}` makes.
    /// - Parameters:
    ///   - code: The code.
    ///   - visit: Who opens it.
    ///   - logger: Where failures are logged.
    package func open(code: String, visit: LinkVisit, logger: Logger) async -> LinkOpening {
        let lookup = await lookup(code: code, logger: logger)
        guard case .found(let stored) = lookup else { return .notOpened(lookup) }
        // A password link opens only for a visitor who gave its password; the page that asks is no click.
        guard !stored.isPasswordProtected || LinkPassword.isUnlocked(stored, cookieHeader: visit.cookies) else {
            return .notOpened(.locked(stored))
        }
        // Most links have no rules and most servers no GeoIP database: then nothing is decided.
        let decision = countries == nil && stored.targets.isEmpty && stored.variants.isEmpty ? nil : decision(for: stored, visit: visit)
        let link = decision?.link ?? stored
        let rule = decision?.rule ?? VisitRule()
        var utm = visit.utm(for: link)
        if visit.counts {
            var click = Click(
                code: link.code, day: Date().utcDay, platform: visit.visitor.countedPlatform, referrerDomain: visit.referrerDomain, utmSource: utm.source ?? "",
                utmMedium: utm.medium ?? "", utmCampaign: utm.campaign ?? "")
            if let decision {
                click.target = decision.targetIndex.map(String.init) ?? ""
                click.country = decision.country ?? ""
                click.variant = decision.rule.variant ?? ""
            }
            // One address clicking one link past the rate is a flood: answered, counted apart,
            // and with the link's own UTM fields, not the request's: a flood that sends a new
            // `utm_source` with every request then gets the page already rendered instead of
            // costing a new one each time.
            if let clickRate, click.platform != .crawler, let address = visit.signals().clientAddress,
                let key = RateLimitKey.of(address: address), clickRate.take(key + " " + link.code) != nil
            {
                click = Click(code: link.code, day: click.day, platform: click.platform)
                click.excess = true
                utm = link.utm
            }
            clicks.add(click)
        }
        return await opening(of: link, utm: utm, visit: visit, rule: rule, logger: logger)
    }

    /// Opens a link that is not stored, a Firebase long link: no click is counted (it has no
    /// code), and the pasteboard flow's click is recorded when it applies.
    package func open(_ link: Link, visit: LinkVisit, logger: Logger) async -> LinkOpening {
        await opening(of: link, utm: visit.utm(for: link), visit: visit, rule: VisitRule(), logger: logger)
    }

    private func opening(of link: Link, utm: UTMFields, visit: LinkVisit, rule: VisitRule, logger: Logger) async -> LinkOpening {
        guard visit.counts, visit.platform == .ios, !visit.appLinksOnly, setup.deferred.pasteboard, link.appStoreID != nil,
            link.iosFallbackURL == nil
        else { return .open(link, utm: utm, pasteboardToken: nil, rule: rule) }
        let token = await recordClick(of: link, utm: utm, visit: visit, variant: rule.variant, logger: logger)
        return .open(link, utm: utm, pasteboardToken: token, rule: rule)
    }

    /// The store hop of a stored link.
    /// - Parameters:
    ///   - code: The code.
    ///   - storeParameter: The query parameter that names the store.
    ///   - visit: Who hops; a visit that is no click (`HEAD`) records nothing.
    ///   - logger: Where failures are logged.
    package func hop(code: String, storeParameter: String, visit: LinkVisit, logger: Logger) async -> StoreHop {
        let lookup = await lookup(code: code, logger: logger)
        guard case .found(let link) = lookup else { return .notOpened(lookup) }
        guard !link.isPasswordProtected || LinkPassword.isUnlocked(link, cookieHeader: visit.cookies) else { return .notOpened(.locked(link)) }
        // The hop goes where the visitor's page pointed: the deciding target's or variant's store page.
        let decision = decision(for: link, visit: visit)
        let hop = await hop(decision.link, storeParameter: storeParameter, visit: visit, variant: decision.rule.variant, logger: logger)
        if visit.counts, case .redirect = hop, let variant = decision.rule.variant {
            do {
                try await store.recordVariantCount(.storeVisits, code: link.code, day: Date().utcDay, variant: variant)
            } catch {
                logger.error("cannot count a variant's store visit", metadata: ["link.code": "\(link.code)", "error": "\(error)"])
            }
        }
        return hop
    }

    /// The store hop of a link, stored or long: the store the query names, the click recorded for
    /// deferred deep linking where it can be claimed (with the visitor's A/B variant, whose
    /// installs its claim counts), and the redirect.
    package func hop(_ link: Link, storeParameter: String, visit: LinkVisit, variant: String? = nil, logger: Logger) async -> StoreHop {
        // `store=Google` from a hand-written link still means Google Play.
        guard let appStore = visit.query[storeParameter].flatMap({ AppStore(rawValue: $0.lowercased()) }) else {
            logger.debug("a store link names no store", metadata: ["link.code": "\(link.code)", "store": "\(visit.query[storeParameter] ?? "")"])
            return .noStoreNamed
        }
        guard
            let location = await storeRedirect(for: link, to: appStore, utm: visit.utm(for: link), visit: visit, variant: variant, logger: logger)
        else {
            logger.debug("the link has no app in this store", metadata: ["link.code": "\(link.code)", "store": "\(appStore)"])
            return .notInStore
        }
        if visit.counts, let webhooks, await webhooks.isTaken(.linkStoreVisited) {
            // Written before the redirect, so a visit answered is a message stored; only when an endpoint takes it.
            await webhooks.recordLoggingFailure([
                WebhookEvent(
                    .linkStoreVisited,
                    data: ["code": .string(link.code), "platform": .string(visit.platform.rawValue), "store": .string(appStore.rawValue)])
            ])
        }
        return .redirect(location)
    }

    /// Counts an app's open of a link (`POST /api/v1/opens`) by UTC day and platform, and by A/B
    /// variant when the link has one, and sends its `app.opened` event. A failure is logged: the
    /// app still gets its link.
    package func countAppOpen(of link: Link, platform: ClientPlatform, variant: String? = nil, logger: Logger) async {
        do {
            try await store.recordAppOpen(code: link.code, day: Date().utcDay, platform: platform)
            if let variant { try await store.recordVariantCount(.opens, code: link.code, day: Date().utcDay, variant: variant) }
        } catch {
            logger.error("cannot count an app open", metadata: ["link.code": "\(link.code)", "error": "\(error)"])
        }
        await webhooks?.recordLoggingFailure([.visit(.appOpened, code: link.code, platform: platform)])
    }

    /// What an app must be to open a link on its platform (``DeepLinkSetup/appRequirement(of:platform:utm:)``).
    package func appRequirement(of link: Link, platform: DeferredLinkDeviceSignals.Platform, utm: UTMFields) -> AppRequirement {
        setup.appRequirement(of: link, platform: platform, utm: utm)
    }

    /// The Play Store page of a package with an install referrer: the UTM fields and, when a
    /// click was recorded, its token as `deeplink_click`, which the app claims on first launch.
    /// - Parameters:
    ///   - package: The Android package.
    ///   - utm: The UTM fields in effect.
    ///   - token: The recorded click's token.
    package static func playStoreURL(package: String, utm: UTMFields, token: String?) -> String {
        AndroidIntentURL.playStore(
            package: package, referrer: utm.queryItems + (token.map { [URLQueryItem(name: DeferredLinkToken.queryItemName, value: $0)] } ?? []))
    }

    /// The redirect to a store, or `nil` when the link has nothing in that store.
    private func storeRedirect(
        for link: Link, to appStore: AppStore, utm: UTMFields, visit: LinkVisit, variant: String?, logger: Logger
    ) async -> String? {
        let policy = setup.policy
        switch appStore {
        case .apple:
            if let url = link.iosFallbackURL.flatMap(policy.redirectURL(for:)) { return url }
            guard let appStoreID = link.appStoreID else { return nil }
            let recorded = visit.query[DeferredLinkToken.queryItemName].flatMap(DeferredLinkToken.init(rawValue:))
            // A page shown for the pasteboard flow recorded its click, and so its hop, already.
            if visit.counts, recorded == nil {
                if deferred.recordsAppStoreClicks {
                    _ = await recordClick(of: link, utm: utm, visit: visit, variant: variant, logger: logger)
                } else {
                    await countStoreHop(of: link, platform: visit.platform, logger: logger)
                }
            }
            return "https://apps.apple.com/app/id\(appStoreID)"
        case .google:
            if let url = link.androidFallbackURL.flatMap(policy.redirectURL(for:)) { return url }
            guard let package = link.playPackage else { return nil }
            let token =
                visit.counts && visit.platform == .android ? await recordClick(of: link, utm: utm, visit: visit, variant: variant, logger: logger) : nil
            return Self.playStoreURL(package: package, utm: utm, token: token)
        }
    }

    /// Counts a phone's visit to a store through the hop that records no click for deferred deep
    /// linking: an App Store visit that neither the pasteboard flow nor probabilistic matching
    /// could claim still counts in "went to a store". A failure is logged, never the visitor's.
    private func countStoreHop(of link: Link, platform: ClientPlatform, logger: Logger) async {
        guard !link.code.isEmpty, platform == .ios || platform == .android else { return }
        do {
            try await store.recordStoreHop(code: link.code, day: Date().utcDay, platform: platform)
        } catch {
            logger.error("cannot count a store hop", metadata: ["link.code": "\(link.code)", "error": "\(error)"])
        }
    }

    /// Records a click from an iOS or Android browser and returns its token; `nil` for other
    /// platforms, past the address's limit (``DeferredLinks/recordWithinLimit(code:deepLink:campaign:utm:device:clientAddress:variant:)``),
    /// or when the database fails (logged: the user still gets to the store, only without
    /// deferred deep linking).
    private func recordClick(of link: Link, utm: UTMFields, visit: LinkVisit, variant: String?, logger: Logger) async -> String? {
        let signals = visit.signals()
        guard
            let device = DeviceSignals(
                userAgent: signals.userAgent, platform: visit.platform, acceptLanguage: signals.acceptLanguage, timeZone: visit.query["tz"],
                screen: visit.query["screen"])
        else { return nil }
        do {
            let click = try await deferred.recordWithinLimit(
                code: link.code.isEmpty ? nil : link.code, deepLink: link.deepLink, campaign: utm.campaign, utm: utm, device: device,
                clientAddress: signals.clientAddress, variant: variant)
            return click?.token
        } catch {
            logger.error("cannot record a deferred click", metadata: ["link.code": "\(link.code)", "error": "\(error)"])
            return nil
        }
    }
}
