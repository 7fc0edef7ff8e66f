/// What a route opens: a screen class, handlers, or both.
public struct RouteDestination: Sendable, Hashable {
    /// The view controller or Activity class, if the route shows one.
    public let className: String?
    /// The storyboard identifier as written; see ``identifier``.
    public var explicitIdentifier: String? { rarelySet?.explicitIdentifier }
    /// The storyboard identifier: as written, else the class name with its first letter lowercased
    /// (`SaleViewController` → `saleViewController`), else `nil`.
    public let identifier: String?
    /// The route's own storyboards. When present they decide, the iPad falling back to this
    /// object's iPhone entry before the config's storyboards are considered.
    public var storyboard: StoryboardNames? { rarelySet?.storyboard }
    /// The names of the handlers to run, in order.
    public let handlers: [String]

    /// What few routes set, behind one optional reference: 8 bytes a route instead of 48, in a
    /// config of thousands of routes.
    private let rarelySet: RarelySet?

    private final class RarelySet: Sendable {
        let explicitIdentifier: String?
        let storyboard: StoryboardNames?

        init(explicitIdentifier: String?, storyboard: StoryboardNames?) {
            self.explicitIdentifier = explicitIdentifier
            self.storyboard = storyboard
        }
    }

    /// Creates a destination.
    /// - Parameters:
    ///   - className: The view controller or Activity class.
    ///   - identifier: The storyboard identifier; defaults to the class name with its first letter lowercased.
    ///   - storyboard: The route's own storyboards.
    ///   - handlers: The names of the handlers to run, in order.
    public init(className: String? = nil, identifier: String? = nil, storyboard: StoryboardNames? = nil, handlers: [String] = []) {
        self.className = className
        self.identifier = identifier ?? className.flatMap(Self.identifier(forClass:))
        self.rarelySet = identifier == nil && storyboard == nil ? nil : RarelySet(explicitIdentifier: identifier, storyboard: storyboard)
        self.handlers = handlers
    }

    /// The class name with its first letter lowercased. A name that starts with an ASCII letter,
    /// as nearly every class name does, is lowercased in its bytes: lowercasing its first
    /// `Character` and joining the rest to it cost 1,500 instructions a route (callgrind).
    private static func identifier(forClass name: String) -> String? {
        guard let first = name.utf8.first else { return nil }
        guard first < 0x80, name.utf8.dropFirst().first.map({ $0 < 0x80 }) ?? true else {
            return name.first.map { $0.lowercased() + name.dropFirst() }
        }
        guard (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) else { return name }
        return String(unsafeUninitializedCapacity: name.utf8.count) { buffer in
            _ = buffer.initialize(from: name.utf8)
            buffer[0] = first + 0x20
            return name.utf8.count
        }
    }

    /// Destinations are equal when their class, identifiers, storyboards and handlers are.
    public static func == (lhs: RouteDestination, rhs: RouteDestination) -> Bool {
        lhs.className == rhs.className && lhs.identifier == rhs.identifier && lhs.handlers == rhs.handlers
            && lhs.explicitIdentifier == rhs.explicitIdentifier && lhs.storyboard == rhs.storyboard
    }

    /// Hashes the class, identifiers, storyboards and handlers.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(className)
        hasher.combine(explicitIdentifier)
        hasher.combine(identifier)
        hasher.combine(storyboard)
        hasher.combine(handlers)
    }
}
