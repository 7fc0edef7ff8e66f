import Foundation

/// A link to route, with what routing needs to know about where it came from.
public struct RouteRequest: Sendable, Hashable, Codable {
    /// The incoming link.
    public var url: URL
    /// Where the link came from; routes may refuse some origins.
    public var origin: LinkOrigin
    /// The device idiom, which chooses storyboards.
    public var idiom: DeviceIdiom
    /// Whether a user is signed in; routes with `requiresAuth` wait for sign-in otherwise.
    public var isSignedIn: Bool

    /// Creates a request.
    /// - Parameters:
    ///   - url: The incoming link.
    ///   - origin: Where the link came from.
    ///   - idiom: The device idiom.
    ///   - isSignedIn: Whether a user is signed in.
    public init(url: URL, origin: LinkOrigin = .userTap, idiom: DeviceIdiom = .phone, isSignedIn: Bool = false) {
        self.url = url
        self.origin = origin
        self.idiom = idiom
        self.isSignedIn = isSignedIn
    }
}
