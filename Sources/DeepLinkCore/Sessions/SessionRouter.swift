import Foundation

/// A router that knows whether a user is signed in and keeps the link that waits for sign-in.
///
/// When a link to a `requiresAuth` route arrives and nobody is signed in, ``open(_:origin:idiom:)``
/// returns ``RouteResult/Outcome/signInRequired`` and keeps the link as pending: the latest
/// such link wins, and it expires after ``pendingLinkLifetime``. After sign-in, ``signIn()``
/// routes the pending link as if it had just arrived. Sign-out, expiry, or a newer link that
/// navigates drop it.
public actor SessionRouter {
    /// The router links go through.
    public let router: Router
    /// How long a link waits for sign-in; 10 minutes unless set.
    public let pendingLinkLifetime: TimeInterval
    /// Whether a user is signed in.
    public private(set) var isSignedIn: Bool
    private var pending: PendingLink?
    private var latestOpen = 0
    private let now: @Sendable () -> Date

    /// Creates a session router.
    /// - Parameters:
    ///   - router: The router links go through.
    ///   - isSignedIn: Whether a user is signed in at start.
    ///   - pendingLinkLifetime: How long a link waits for sign-in, in seconds.
    ///   - now: The clock; tests pass their own.
    public init(
        router: Router, isSignedIn: Bool = false, pendingLinkLifetime: TimeInterval = 600,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.router = router
        self.isSignedIn = isSignedIn
        self.pendingLinkLifetime = pendingLinkLifetime
        self.now = now
    }

    /// Routes a link with the current sign-in state; a link that needs sign-in becomes the
    /// pending link.
    /// - Parameters:
    ///   - url: The incoming link.
    ///   - origin: Where the link came from.
    ///   - idiom: The device idiom.
    /// - Returns: The routing result.
    public func open(_ url: URL, origin: LinkOrigin = .userTap, idiom: DeviceIdiom = .phone) async -> RouteResult {
        // The actor may run other calls while a link is routed (handlers are async): number the
        // calls so that only the latest link decides what is pending.
        latestOpen += 1
        let ticket = latestOpen
        var request = RouteRequest(url: url, origin: origin, idiom: idiom, isSignedIn: isSignedIn)
        var result = await router.route(request)
        if result.outcome == .signInRequired, isSignedIn {
            // The user signed in while the link was being routed.
            request.isSignedIn = true
            result = await router.route(request)
        }
        guard ticket == latestOpen else { return result }
        switch result.outcome {
        case .signInRequired:
            let arrived = now()
            pending = PendingLink(request: request, receivedAt: arrived, expiresAt: arrived.addingTimeInterval(pendingLinkLifetime))
        case .matched, .default, .coordinated:
            pending = nil
        case .none, .rejected:
            break
        }
        return result
    }

    /// Records that a user signed in and routes the pending link, if one is still waiting.
    /// - Returns: The pending link's result, or `nil` when no link was waiting or it expired.
    public func signIn() async -> RouteResult? {
        isSignedIn = true
        guard let link = pendingLink else { return nil }
        pending = nil
        var request = link.request
        request.isSignedIn = true
        return await router.route(request)
    }

    /// Records that the user signed out, and drops the pending link.
    public func signOut() {
        isSignedIn = false
        pending = nil
    }

    /// The link waiting for sign-in, if it has not expired; an expired link is dropped.
    public var pendingLink: PendingLink? {
        if let link = pending, link.isExpired(at: now()) { pending = nil }
        return pending
    }

    /// Puts back a pending link kept across a restart; an expired one is ignored.
    /// - Parameter link: The link ``pendingLink`` returned before.
    public func restore(_ link: PendingLink) {
        guard !link.isExpired(at: now()) else { return }
        pending = link
    }
}
