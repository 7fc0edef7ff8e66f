import DeepLinkCore
import Foundation
import Testing

/// Builds a router from config JSON, registering a pass-through handler for every name unless told otherwise.
func makeRouter(_ json: String, registerAllHandlers: Bool = true, logger: (any RouteLogger)? = nil) throws -> Router {
    var builder = RouterBuilder(config: try DeepLinkConfig.parse(json), logger: logger)
    if registerAllHandlers {
        builder.registerPassThroughHandlers()
    }
    return try builder.build()
}

/// A URL from test text; the test fails when the text is not one.
func url(_ text: String) throws -> URL {
    try #require(URL(string: text))
}

/// Keeps every message a router logs.
final class CollectingLogger: RouteLogger, @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [String] = []

    var messages: [String] { lock.withLock { collected } }

    func log(_ entry: RouteLogEntry) {
        lock.withLock { collected.append(entry.message) }
    }
}
