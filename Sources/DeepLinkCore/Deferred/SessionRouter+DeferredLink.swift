extension SessionRouter {
    /// Routes a claimed deferred link with origin ``LinkOrigin/deferred`` and the current
    /// sign-in state; a link that needs sign-in waits as the pending link, as with
    /// ``open(_:origin:idiom:)``.
    /// - Parameters:
    ///   - claim: The claim ``DeferredLinkClaimer`` returned.
    ///   - idiom: The device idiom.
    /// - Returns: The routing result.
    public func open(_ claim: DeferredLinkClaim, idiom: DeviceIdiom = .phone) async -> RouteResult {
        await open(claim.deepLink, origin: .deferred, idiom: idiom)
    }
}
