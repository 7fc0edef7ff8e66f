import Logging
import ServiceLifecycle

/// Drops cached links when any server sharing the database announces a change, so an edit or
/// a delete made through one server shows on every server within the announcement's round trip.
/// After a gap in the announcements, every cached link is read again before it is used, unless
/// the database is out (see ``LinkCache/expireAll()``).
/// A `Service`; `Sendable`.
package struct LinkChangeFollower: Service {
    let feed: any LinkChangeFeed
    let cache: LinkCache
    let logger: Logger

    /// Creates a follower.
    /// - Parameters:
    ///   - feed: The store's change feed.
    ///   - cache: The cache to drop changed links from.
    ///   - logger: Where a broken feed is logged.
    package init(feed: any LinkChangeFeed, cache: LinkCache, logger: Logger) {
        self.feed = feed
        self.cache = cache
        self.logger = logger
    }

    package func run() async throws {
        await cancelWhenGracefulShutdown { [feed, cache, logger] in
            await feed.followLinkChanges { change in
                switch change {
                case .changed(let code):
                    logger.debug("a link changed on a server sharing the database", metadata: ["link.code": "\(code)"])
                    cache.invalidate(code)
                case .mayHaveMissedChanges:
                    cache.expireAll()
                }
            }
        }
    }
}
