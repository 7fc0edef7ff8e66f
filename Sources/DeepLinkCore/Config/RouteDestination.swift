/// What a route opens: a screen class, handlers, or both.
public struct RouteDestination: Sendable, Hashable {
    /// The view controller or Activity class, if the route shows a screen.
    public let className: String?
    /// The storyboard identifier as written; see ``identifier``.
    public let explicitIdentifier: String?
    /// The storyboard identifier: as written, else the class name with its first letter lowercased
    /// (`SaleViewController` → `saleViewController`), else `nil`.
    public let identifier: String?
    /// The route's own storyboards. When present they decide, the iPad falling back to this
    /// object's iPhone entry before the config's storyboards are considered.
    public let storyboard: StoryboardNames?
    /// The names of the handlers to run, in order.
    public let handlers: [String]

    /// Creates a destination.
    /// - Parameters:
    ///   - className: The view controller or Activity class.
    ///   - identifier: The storyboard identifier; defaults to the class name with its first letter lowercased.
    ///   - storyboard: The route's own storyboards.
    ///   - handlers: The names of the handlers to run, in order.
    public init(className: String? = nil, identifier: String? = nil, storyboard: StoryboardNames? = nil, handlers: [String] = []) {
        self.className = className
        self.explicitIdentifier = identifier
        self.identifier = identifier ?? className.flatMap { name in name.first.map { $0.lowercased() + name.dropFirst() } }
        self.storyboard = storyboard
        self.handlers = handlers
    }
}
