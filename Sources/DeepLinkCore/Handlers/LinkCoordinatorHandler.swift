import Foundation

/// An object that opens links in code, coordinator style: it answers "can you open this URL?"
/// and "open it". Register them with ``RouterBuilder/addCoordinator(_:)``.
///
/// The router asks coordinators, in registration order, after no route matches the full path
/// and before it trims the path or uses the default route; the first that can open the URL wins.
public protocol LinkCoordinatorHandler: Sendable {
    /// A name for results and logs; defaults to the type's name.
    var name: String { get }

    /// Whether this handler opens the URL. Called for ``Router/match(_:)`` too, so it must not
    /// have side effects.
    /// - Parameter url: The incoming link.
    func canOpen(_ url: URL) -> Bool

    /// Opens the URL; called only after ``canOpen(_:)`` returned `true`, and only by ``Router/route(_:)``.
    /// - Parameter url: The incoming link.
    func open(_ url: URL) async
}

extension LinkCoordinatorHandler {
    /// The type's name.
    public var name: String { String(describing: type(of: self)) }
}
