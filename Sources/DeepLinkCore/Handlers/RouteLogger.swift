import Foundation

/// Receives the router's diagnostics when the config turns `logging` on.
///
/// With `"logging": true` and no logger given, the router prints each decision to the console
/// (``PrintRouteLogger``), as the MobileDeepLinking spec says the key does; give the builder a
/// logger that forwards to `os.Logger` or swift-log to send them elsewhere, or
/// ``SilentRouteLogger`` to keep a tool's own output clean. Logging never changes which route wins.
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

    /// Prints ``line(for:)``.
    /// - Parameter entry: What happened.
    public func log(_ entry: RouteLogEntry) {
        print(Self.line(for: entry))
    }

    /// The line printed for an entry: `[deeplink] URL: message`.
    /// - Parameter entry: What happened.
    public static func line(for entry: RouteLogEntry) -> String {
        "[deeplink] \(entry.url.absoluteString): \(entry.message)"
    }
}

/// A logger that drops every entry: for tools that build a router to inspect a config rather than
/// to route an app's links, where `"logging": true` would print into their own output.
public struct SilentRouteLogger: RouteLogger {
    /// Creates the logger.
    public init() {}

    /// Drops the entry.
    /// - Parameter entry: What happened.
    public func log(_ entry: RouteLogEntry) {}
}
