import Foundation

/// Receives the router's diagnostics when the config turns `logging` on.
///
/// The router never prints by itself; give the builder a logger that forwards to `os.Logger`,
/// swift-log or the console. Logging never changes which route wins.
public protocol RouteLogger: Sendable {
    /// Called for each routing step worth knowing about.
    /// - Parameter entry: What happened.
    func log(_ entry: RouteLogEntry)
}

/// One diagnostic from the router.
public struct RouteLogEntry: Sendable, Hashable {
    /// The URL being routed.
    public let url: URL
    /// What happened, in one line.
    public let message: String

    /// Creates an entry.
    /// - Parameters:
    ///   - url: The URL being routed.
    ///   - message: What happened.
    public init(url: URL, message: String) {
        self.url = url
        self.message = message
    }
}

/// A logger that prints each entry to standard output, for debugging in a simulator or a terminal.
public struct PrintRouteLogger: RouteLogger {
    /// Creates the logger.
    public init() {}

    /// Prints `[deeplink] URL: message`.
    /// - Parameter entry: What happened.
    public func log(_ entry: RouteLogEntry) {
        print("[deeplink] \(entry.url.absoluteString): \(entry.message)")
    }
}
