import DeepLinkCore
import Foundation

/// The check of stored links against the next release's config (`deeplink links verify`, and
/// `deeplink diff --database`): each link's deep link routed by the next config's router, and by
/// the current one when it is given, so a release that would break links is caught before it
/// ships. A `Sendable` value; feed it links with ``add(code:deepLink:)``.
package struct LinkVerification: Sendable {
    /// A link whose routing changes: it would break, or reach another route.
    package struct Finding: Sendable, Hashable {
        /// The link's code, or the line of the file it came from.
        package let code: String
        /// Its deep link.
        package let deepLink: String
        /// Where the link was judged to arrive from: a short link as a universal link.
        package let origin: LinkOrigin
        /// What the next config does with it.
        package let next: DeepLinkVerdict
        /// What the current config does with it, when it was given.
        package let current: DeepLinkVerdict?

        /// The finding as JSON: `{"code", "deepLink", "origin", "next": {…}, "current": {…}|null}`.
        package var jsonValue: JSONValue {
            [
                "code": .string(code), "deepLink": .string(deepLink), "origin": .string(origin.rawValue), "next": next.jsonValue,
                "current": current?.jsonValue ?? .null,
            ]
        }
    }

    private let next: Router
    private let current: Router?
    /// How many links were checked.
    package private(set) var checked = 0
    /// Links that reach a route now (or, without the current config, are assumed to) and would
    /// fall back, be refused or stop routing with the next config.
    package private(set) var broken: [Finding] = []
    /// Links that route directly with both configs, to different routes.
    package private(set) var rerouted: [Finding] = []
    /// Links that do not route directly with either config: already broken, not the release's doing.
    package private(set) var alreadyBroken: [Finding] = []

    /// A check against the next config's router, and the current one's when given.
    /// - Parameters:
    ///   - next: The next release's router.
    ///   - current: The router in production now, if known.
    package init(next: Router, current: Router?) {
        self.next = next
        self.current = current
    }

    /// Checks one link, as it arrives from an origin, whose origin rules (`allowedOrigins`) apply.
    /// - Parameters:
    ///   - code: The link's code, or where it came from.
    ///   - deepLink: Its deep link.
    ///   - origin: Where it arrives from: ``LinkOrigin/universalLink`` for a short link (an app
    ///     opens one as a universal link), ``LinkOrigin/userTap`` for a custom-scheme link tapped.
    package mutating func add(code: String, deepLink: String, origin: LinkOrigin) {
        checked += 1
        let after = DeepLinkVerdict(deepLink, router: next, origin: origin)
        let before = current.map { DeepLinkVerdict(deepLink, router: $0, origin: origin) }
        let finding = Finding(code: code, deepLink: deepLink, origin: origin, next: after, current: before)
        if let before, !before.routes {
            if !after.routes { alreadyBroken.append(finding) }
            return
        }
        if !after.routes {
            broken.append(finding)
        } else if let before, before.route != after.route {
            rerouted.append(finding)
        }
    }

    /// Checks every link of a store as it arrives, a short link's deep link as a universal link,
    /// read a page at a time in code order, so a million links never sit in memory together.
    /// - Parameter store: The link store.
    /// - Throws: ``StoreError`` when the store fails.
    package mutating func addEveryLink(in store: any LinkStorage) async throws(StoreError) {
        let pageSize = 5_000
        var cursor: String?
        while true {
            let page = try await store.links(after: cursor, limit: pageSize)
            for link in page {
                add(code: link.code, deepLink: link.deepLink, origin: .universalLink)
                // A link's targets and variants open their own deep links: each is checked too.
                for (index, target) in link.targets.enumerated() {
                    if let deepLink = target.deepLink { add(code: "\(link.code) target \(index + 1)", deepLink: deepLink, origin: .universalLink) }
                }
                for variant in link.variants {
                    if let deepLink = variant.deepLink { add(code: "\(link.code) variant \(variant.name)", deepLink: deepLink, origin: .universalLink) }
                }
            }
            guard page.count == pageSize, let last = page.last else { return }
            cursor = last.code
        }
    }

    /// The report as JSON: `{"checked", "broken": [...], "rerouted": [...], "alreadyBroken": [...]}`.
    package var jsonValue: JSONValue {
        [
            "checked": .number(Double(checked)), "broken": .array(broken.map(\.jsonValue)),
            "rerouted": .array(rerouted.map(\.jsonValue)), "alreadyBroken": .array(alreadyBroken.map(\.jsonValue)),
        ]
    }
}
