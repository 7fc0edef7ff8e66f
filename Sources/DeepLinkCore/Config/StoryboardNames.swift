/// Storyboard names per device idiom (the config's `storyboard` object).
public struct StoryboardNames: Sendable, Hashable {
    /// The storyboard for iPhone, and for iPad when ``iPad`` is absent.
    public let iPhone: String?
    /// The storyboard for iPad.
    public let iPad: String?

    /// Creates storyboard names.
    /// - Parameters:
    ///   - iPhone: The storyboard for iPhone.
    ///   - iPad: The storyboard for iPad.
    public init(iPhone: String? = nil, iPad: String? = nil) {
        self.iPhone = iPhone
        self.iPad = iPad
    }

    /// The storyboard for an idiom; iPad falls back to iPhone.
    /// - Parameter idiom: The device idiom routing is done for.
    public func name(for idiom: DeviceIdiom) -> String? {
        switch idiom {
        case .phone: iPhone
        case .pad: iPad ?? iPhone
        }
    }
}

/// The kind of device a link is routed for; it chooses storyboards.
public enum DeviceIdiom: String, Sendable, Hashable, CaseIterable, Codable {
    /// An iPhone (and any other device without its own storyboard).
    case phone = "iPhone"
    /// An iPad.
    case pad = "iPad"
}
