import Foundation

/// What the router did with a URL: the route and destination, the parameters, the handlers
/// that ran, and, when the URL did not match directly, the trail of attempts that explains why.
public struct RouteResult: Sendable, Hashable {
    /// How routing ended.
    public enum Outcome: String, Sendable, Hashable, CaseIterable, Codable {
        /// A route from `routes` matched, possibly after trimming the path.
        case matched
        /// Nothing matched and the config's `defaultRoute` was used, without parameters.
        case `default`
        /// Nothing matched and there is no usable default route: show the normal launch screen.
        case none
        /// The URL is not the app's to route (foreign scheme or host), or its origin may not
        /// navigate to the route; the result then still names the route and its parameters, so
        /// the app can record the link.
        case rejected
        /// The route needs a signed-in user and none is; see ``SessionRouter`` to keep the link
        /// until sign-in.
        case signInRequired
        /// A ``LinkCoordinatorHandler`` opens the URL; ``RouteResult/coordinator`` names it.
        case coordinated
    }

    /// One attempt that failed before the outcome.
    public struct Attempt: Sendable, Hashable {
        /// The route path that was tried, e.g. `sales/abc`.
        public let path: String
        /// Why it failed.
        public let reason: String

        /// Creates an attempt.
        /// - Parameters:
        ///   - path: The route path that was tried.
        ///   - reason: Why it failed.
        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// The URL that was routed.
    public let url: URL
    /// Where the link came from.
    public let origin: LinkOrigin
    /// How routing ended.
    public let outcome: Outcome
    /// The matched route's pattern, whose description is the key exactly as written in the config
    /// (`/sales/:saleId/` stays `/sales/:saleId/`); `nil` unless ``outcome`` is ``Outcome/matched``,
    /// ``Outcome/signInRequired``, or ``Outcome/rejected`` because the route refuses the link's
    /// origin (a push that arrived in the background names the route it would have opened).
    public let route: RoutePattern?
    /// The destination's screen class, if any.
    public let className: String?
    /// The destination's storyboard identifier, if any.
    public let identifier: String?
    /// The storyboard for the idiom routed for, if any.
    public let storyboard: String?
    /// The parameters after validation and every handler's changes.
    public let parameters: [String: String]
    /// The handlers, in run order: those that ran for ``Router/route(_:idiom:)``, those that
    /// would run for ``Router/match(_:idiom:)``.
    public let handlers: [String]
    /// The handler that stopped the chain, if one did; the app should then not navigate.
    public let stoppedBy: String?
    /// Each attempt that failed before the outcome, in order; empty when the URL matched directly.
    public let trail: [Attempt]
    /// Why there is no match, for ``Outcome/none``, ``Outcome/rejected`` and ``Outcome/signInRequired``.
    public let reason: String?
    /// The screens from the root to the destination, following the routes' `parent`s; the last
    /// step is the destination itself. Empty when there is no destination.
    public let plan: [NavigationStep]
    /// The coordinator handler that opens the URL, for ``Outcome/coordinated``.
    public let coordinator: String?
    /// The declared types of the matched route's parameters that are not ``ParameterType/string``,
    /// which ``value(_:)`` and ``decode(_:)`` convert by.
    public let parameterTypes: [String: ParameterType]

    /// Creates a result.
    /// - Parameters:
    ///   - url: The URL that was routed.
    ///   - origin: Where the link came from.
    ///   - outcome: How routing ended.
    ///   - route: The matched pattern.
    ///   - className: The destination's screen class.
    ///   - identifier: The destination's storyboard identifier.
    ///   - storyboard: The storyboard for the idiom.
    ///   - parameters: The final parameters.
    ///   - handlers: The handlers in run order.
    ///   - stoppedBy: The handler that stopped the chain.
    ///   - trail: The failed attempts.
    ///   - reason: Why there is no match.
    ///   - plan: The screens from the root to the destination.
    ///   - coordinator: The coordinator handler that opens the URL.
    ///   - parameterTypes: The declared types of the route's parameters.
    public init(
        url: URL, origin: LinkOrigin = .userTap, outcome: Outcome, route: RoutePattern? = nil, className: String? = nil,
        identifier: String? = nil, storyboard: String? = nil, parameters: [String: String] = [:], handlers: [String] = [],
        stoppedBy: String? = nil, trail: [Attempt] = [], reason: String? = nil, plan: [NavigationStep] = [],
        coordinator: String? = nil, parameterTypes: [String: ParameterType] = [:]
    ) {
        self.parameterTypes = parameterTypes
        self.url = url
        self.origin = origin
        self.plan = plan
        self.coordinator = coordinator
        self.outcome = outcome
        self.route = route
        self.className = className
        self.identifier = identifier
        self.storyboard = storyboard
        self.parameters = parameters
        self.handlers = handlers
        self.stoppedBy = stoppedBy
        self.trail = trail
        self.reason = reason
    }

    /// Whether the app should show ``className``: routing reached a destination with a screen
    /// class and no handler stopped the chain.
    public var shouldNavigate: Bool {
        (outcome == .matched || outcome == .default) && stoppedBy == nil && className != nil
    }
}
