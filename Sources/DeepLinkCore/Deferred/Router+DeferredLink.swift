extension Router {
    /// Routes a claimed deferred link with origin ``LinkOrigin/deferred``; see ``route(_:)``.
    ///
    /// Routes whose `allowedOrigins` leave out `deferred` reject it. A route that needs sign-in
    /// answers ``RouteResult/Outcome/signInRequired``; ``SessionRouter/open(_:idiom:)`` keeps
    /// such a link until sign-in.
    /// - Parameters:
    ///   - claim: The claim ``DeferredLinkClaimer`` returned.
    ///   - idiom: The device idiom, which chooses storyboards.
    ///   - isSignedIn: Whether a user is signed in.
    /// - Returns: The routing result.
    public func route(_ claim: DeferredLinkClaim, idiom: DeviceIdiom = .phone, isSignedIn: Bool = false) async -> RouteResult {
        await route(RouteRequest(claim: claim, idiom: idiom, isSignedIn: isSignedIn))
    }
}
