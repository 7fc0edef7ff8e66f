import DeepLinkCore
import Foundation

/// What a config's router does with a stored link's deep link, in the terms a release check
/// needs: it reaches a route directly (as the admin API requires of every new link), it falls
/// back (a route reached only after trimming the path, or the default route), it is refused
/// (an origin rule), or it stops routing. `links verify` and `diff --database` compare two
/// configs' verdicts. A `Sendable` value.
package struct DeepLinkVerdict: Sendable, Hashable {
    /// How routing ends.
    package enum Kind: String, Sendable, Hashable {
        /// A route, directly (sign-in first counts: the app holds the link until then).
        case routes
        /// A route after trimming the path, or the default route.
        case fallsBack = "falls-back"
        /// An origin rule refuses the link.
        case refused
        /// No route and no default route, or not a link of the app.
        case stopsRouting = "stops-routing"
    }

    /// How routing ends.
    package let kind: Kind
    /// The route key reached (as written in the config), `(default route)`, or `nil`.
    package let route: String?
    /// Why, when the link does not route directly: the first failed attempt or the router's reason.
    package let reason: String?

    /// Whether the link reaches a route directly.
    package var routes: Bool { kind == .routes }

    /// What a router does with a deep link arriving from an origin: a short link's deep link
    /// arrives as a universal link (``LinkOrigin/universalLink``), as `ShortLinkResolver` and
    /// `POST /api/v1/opens` route it; a custom-scheme link tapped directly as a user tap.
    /// - Parameters:
    ///   - deepLink: The stored deep link.
    ///   - router: The config's router.
    ///   - origin: Where the link arrives from, whose origin rules apply.
    package init(_ deepLink: String, router: Router, origin: LinkOrigin) {
        guard let url = URL(string: deepLink), url.scheme != nil else {
            self.init(kind: .stopsRouting, route: nil, reason: "\(deepLink) is not an absolute URL")
            return
        }
        let result = router.match(RouteRequest(url: url, origin: origin))
        let why = result.trail.first.map { "\($0.path): \($0.reason)" } ?? result.reason
        switch result.outcome {
        case .matched, .signInRequired:
            let route = result.route?.description
            self.init(kind: result.trail.isEmpty ? .routes : .fallsBack, route: route, reason: result.trail.isEmpty ? nil : why)
        case .default:
            self.init(kind: .fallsBack, route: "(default route)", reason: why ?? "no route matches")
        case .rejected:
            self.init(kind: .refused, route: result.route?.description, reason: result.reason ?? why)
        case .coordinated:
            self.init(kind: .routes, route: "(coordinator \(result.coordinator ?? ""))", reason: nil)
        case .none:
            self.init(kind: .stopsRouting, route: nil, reason: why ?? "no route matches")
        }
    }

    private init(kind: Kind, route: String?, reason: String?) {
        self.kind = kind
        self.route = route
        self.reason = reason
    }

    /// The verdict as JSON: `{"verdict", "route", "reason"}`.
    package var jsonValue: JSONValue {
        ["verdict": .string(kind.rawValue), "route": route.map(JSONValue.string) ?? .null, "reason": reason.map(JSONValue.string) ?? .null]
    }

    /// The verdict for people: `routes to sales/:saleId`, `falls back to sales (…)`.
    package var summary: String {
        switch kind {
        case .routes: "routes to \(route ?? "?")"
        case .fallsBack: "falls back to \(route ?? "?") (\(reason ?? ""))"
        case .refused: "is refused\(route.map { " by \($0)" } ?? "") (\(reason ?? ""))"
        case .stopsRouting: "stops routing (\(reason ?? ""))"
        }
    }
}

extension Router {
    /// A router for checking links against a config, as the link server builds one: every
    /// handler passes, and nothing is logged.
    /// - Parameter config: The config.
    /// - Throws: A build error when the config's routes cannot form a router.
    package static func checking(_ config: DeepLinkConfig) throws -> Router {
        var builder = RouterBuilder(config: config, logger: SilentRouteLogger())
        builder.registerPassThroughHandlers()
        return try builder.build()
    }
}
