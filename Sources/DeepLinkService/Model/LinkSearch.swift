import Foundation

/// A search of the stored links: text, filter, order and page. A `Sendable` value.
package struct LinkSearch: Sendable, Hashable {
    /// Matched, ignoring ASCII case, anywhere in the code, the deep link, the campaign or the note; empty for all links.
    package var text: String
    /// Which links to keep.
    package var filter: LinkFilter
    /// Only links with this tag; `nil` for any.
    package var tag: String?
    /// The order.
    package var sort: LinkSort
    /// How many matching links to skip.
    package var offset: Int
    /// The most links to return.
    package var limit: Int
    /// The time `expired` and `active` compare with.
    package var now: Date

    /// Creates a search.
    /// - Parameters:
    ///   - text: The text to look for, or `""`.
    ///   - filter: Which links to keep.
    ///   - tag: Only links with this tag, or `nil`.
    ///   - sort: The order.
    ///   - offset: How many to skip.
    ///   - limit: The most to return.
    ///   - now: The current time.
    package init(text: String = "", filter: LinkFilter = .all, tag: String? = nil, sort: LinkSort = .newest, offset: Int = 0, limit: Int = 50, now: Date = Date()) {
        self.text = text
        self.filter = filter
        self.tag = tag
        self.sort = sort
        self.offset = offset
        self.limit = limit
        self.now = now
    }
}

/// Which links a search keeps.
package enum LinkFilter: String, Sendable, Hashable, CaseIterable {
    /// Every link.
    case all
    /// Links that have not expired.
    case active
    /// Links whose expiry has passed.
    case expired
    /// Links with an iOS fallback URL.
    case iosFallback = "ios-fallback"
    /// Links with an Android fallback URL.
    case androidFallback = "android-fallback"
    /// Links with neither a platform fallback nor a web URL.
    case noFallback = "no-fallback"
}

/// The order of a search's results; ties are broken by code.
package enum LinkSort: String, Sendable, Hashable, CaseIterable {
    /// Newest first.
    case newest
    /// Oldest first.
    case oldest
    /// By code, byte by byte.
    case code
    /// Most recently changed first.
    case updated
    /// Soonest expiry first; links that never expire last.
    case expiring
    /// Most clicks of all time first (people's, not link-preview crawlers'); ties by code.
    case clicks
}

/// One page of a search: the links and how many match in all. A `Sendable` value.
package struct LinkSearchPage: Sendable, Hashable {
    /// The page's links.
    package var links: [Link]
    /// How many links match, on every page.
    package var total: Int
    /// Each link's clicks of all time by code; a link without clicks is absent.
    package var clicks: [String: Int]

    /// Creates a page.
    /// - Parameters:
    ///   - links: The links.
    ///   - total: The number of matches.
    ///   - clicks: The links' clicks of all time by code.
    package init(links: [Link], total: Int, clicks: [String: Int] = [:]) {
        self.links = links
        self.total = total
        self.clicks = clicks
    }
}
