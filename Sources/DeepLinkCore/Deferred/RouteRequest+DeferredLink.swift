extension RouteRequest {
    /// A request to route a claimed deferred link: its deep link, with origin ``LinkOrigin/deferred``.
    /// - Parameters:
    ///   - claim: The claim ``DeferredLinkClaimer`` returned.
    ///   - idiom: The device idiom.
    ///   - isSignedIn: Whether a user is signed in.
    public init(claim: DeferredLinkClaim, idiom: DeviceIdiom = .phone, isSignedIn: Bool = false) {
        self.init(url: claim.deepLink, origin: .deferred, idiom: idiom, isSignedIn: isSignedIn)
    }
}
