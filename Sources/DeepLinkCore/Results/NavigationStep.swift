/// One screen of a navigation plan: what to show and with which parameters.
///
/// A ``RouteResult``'s ``RouteResult/plan`` lists the steps from the root to the destination,
/// so the user lands on a stable hierarchy with a way back. Steps are `Hashable`, so a SwiftUI
/// `NavigationStack(path:)` can bind an array of them directly.
public struct NavigationStep: Sendable, Hashable, Codable {
    /// The route's key as written in the config, e.g. `sales/:saleId`; `nil` for the default route.
    public let route: String?
    /// The screen class, if the route shows one.
    public let className: String?
    /// The storyboard identifier, if any.
    public let identifier: String?
    /// The storyboard for the idiom routed for, if any.
    public let storyboard: String?
    /// The parameters this screen needs.
    public let parameters: [String: String]

    /// Creates a step.
    /// - Parameters:
    ///   - route: The route's pattern.
    ///   - className: The screen class.
    ///   - identifier: The storyboard identifier.
    ///   - storyboard: The storyboard.
    ///   - parameters: The parameters this screen needs.
    public init(route: String?, className: String?, identifier: String?, storyboard: String?, parameters: [String: String]) {
        self.route = route
        self.className = className
        self.identifier = identifier
        self.storyboard = storyboard
        self.parameters = parameters
    }
}
