import DeepLinkCore
import Foundation
import Logging

/// Creating, changing, deleting and finding links, and reading their numbers: the admin API,
/// the dashboard and `deeplink links` all go through it, so each checks a link the same way.
/// A change drops the server's cached copy and tells the other servers sharing the database.
/// `Sendable`.
package struct LinkService: Sendable {
    /// Where the links and their numbers live.
    let store: any LinkStorage & ClickStatsStorage
    /// Checks request fields against the config.
    let editor: LinkEditor
    /// Where short links are addressed, for their public URLs.
    package let linkOrigin: ShortLinkOrigin?
    /// The running server's link cache; `nil` from the command line.
    let cache: LinkCache?
    /// The running server's click counter, flushed before numbers are read; `nil` from the command line.
    let clicks: ClickCounter?
    /// Where a failed change announcement is logged.
    let logger: Logger
    /// Where `link.created`, `link.updated` and `link.deleted` webhook events go; `nil` for a store without webhooks.
    package let webhooks: WebhookEvents?

    /// A service over a store.
    /// - Parameters:
    ///   - webhooks: The server's webhook events; without, the store's own when it keeps webhooks.
    package init(
        store: any LinkStorage & ClickStatsStorage, setup: DeepLinkSetup, cache: LinkCache?, clicks: ClickCounter?, webhooks: WebhookEvents? = nil,
        logger: Logger
    ) {
        self.store = store
        self.logger = logger
        self.webhooks = webhooks ?? (store as? any WebhookStorage).map { WebhookEvents(store: $0, logger: logger) }
        editor = LinkEditor(setup: setup)
        linkOrigin = setup.linkOrigin
        self.cache = cache
        self.clicks = clicks
    }

    /// A service over a store outside a running server, for the command line: a change made here
    /// reaches running servers through the change feed (PostgreSQL) or their cache's lifetime.
    /// - Parameters:
    ///   - configuration: The server settings and the app's config.
    ///   - store: The migrated store.
    ///   - logger: Where a failed change announcement is logged.
    /// - Throws: ``ConfigError`` or a router build error when the config cannot check links.
    package init(configuration: ServerConfiguration, store: any LinkStorage & ClickStatsStorage, logger: Logger) throws {
        self.init(store: store, setup: try DeepLinkSetup(configuration: configuration), cache: nil, clicks: nil, logger: logger)
    }

    /// The public URL of a link, `https://HOST/CODE`, when the config names the link host.
    /// - Parameter code: The link's code.
    package func shortURL(code: String) -> String? {
        linkOrigin?.url("/\(code)")
    }

    /// Creates a link from the admin API's fields.
    /// - Parameters:
    ///   - fields: A JSON object as `POST /api/v1/links` takes it.
    ///   - now: The creation time.
    /// - Returns: The stored link.
    /// - Throws: ``LinkServerError`` naming the first bad field, `code-taken` for a taken code,
    ///   `storage-unavailable` when the store fails.
    package func create(_ fields: JSONValue, now: Date = Date()) async throws(LinkServerError) -> Link {
        let link = try editor.create(from: fields, now: now)
        try await storing { () throws(StoreError) in try await store.insert(link) }
        try await recordEvents([.link(.linkCreated, link, origin: linkOrigin, now: now)], after: "the link \(link.code) was created")
        return link
    }

    /// Changes a link: absent fields stay, `null` clears one.
    /// - Parameters:
    ///   - code: The link's code.
    ///   - fields: A JSON object as `PATCH /api/v1/links/{code}` takes it.
    ///   - now: The change time.
    /// - Returns: The stored link.
    /// - Throws: ``LinkServerError``: `not-found`, a bad field, or `storage-unavailable`.
    package func update(code: String, with fields: JSONValue, now: Date = Date()) async throws(LinkServerError) -> Link {
        let link = try editor.update(try await link(code: code), with: fields, now: now)
        guard try await storing({ () throws(StoreError) in try await store.update(link) }) else { throw Self.notFound(code) }
        await changed(code)
        try await recordEvents([.link(.linkUpdated, link, origin: linkOrigin, now: now)], after: "the link \(code) was changed")
        return link
    }

    /// Deletes a link and its numbers.
    /// - Parameter code: The link's code.
    /// - Throws: ``LinkServerError``: `not-found` or `storage-unavailable`.
    package func delete(code: String) async throws(LinkServerError) {
        await clicks?.flush()
        guard try await storing({ () throws(StoreError) in try await store.deleteLink(code: code) }) else { throw Self.notFound(code) }
        await changed(code)
        try await recordEvents([.linkDeleted(code: code)], after: "the link \(code) was deleted")
    }

    /// Writes webhook events of a change just stored, before the change is answered as done: an
    /// answered change has its events in the outbox.
    /// - Throws: ``LinkServerError`` `storage-unavailable` saying the change itself was stored.
    func recordEvents(_ events: [WebhookEvent], after change: String) async throws(LinkServerError) {
        guard let webhooks else { return }
        do {
            try await webhooks.record(events)
        } catch {
            throw LinkServerError(
                code: .storageUnavailable, message: "\(change), but its webhook messages could not be stored, so they will not be sent: \(error.message)")
        }
    }

    /// The link with a code.
    /// - Parameter code: The code.
    /// - Throws: ``LinkServerError``: `not-found` or `storage-unavailable`.
    package func link(code: String) async throws(LinkServerError) -> Link {
        guard let link = try await storing({ () throws(StoreError) in try await store.link(code: code) }) else { throw Self.notFound(code) }
        return link
    }

    /// Every link as CSV (``LinkCSV``), handed to `write` the header first and then a page of
    /// rows at a time: `links export` and the dashboard's download.
    /// - Returns: How many links were written.
    /// - Throws: ``StoreError`` when the links cannot be read; what `write` throws.
    package func exportCSV(_ write: (String) async throws -> Void) async throws -> Int {
        try await LinkCSV.export(from: store, write: write)
    }

    /// A page of links ordered by code, after a cursor.
    /// - Parameters:
    ///   - cursor: Only codes after this one.
    ///   - limit: The most links.
    ///   - tag: Only links with this tag, or `nil`.
    package func links(after cursor: String?, limit: Int, tag: String? = nil) async throws(LinkServerError) -> [Link] {
        try await storing { () throws(StoreError) in try await store.links(after: cursor, limit: limit, tag: tag) }
    }

    /// Every tag of the stored links, with its links and their clicks of all time, by tag.
    /// - Throws: ``LinkServerError``: `storage-unavailable`.
    package func tags() async throws(LinkServerError) -> [TagCount] {
        await clicks?.flush()
        return try await storing { () throws(StoreError) in try await store.tagCounts() }
    }

    /// The tags of the stored links, by tag, for a filter's choices: their clicks are not
    /// needed, so the click counter is not flushed first.
    /// - Throws: ``LinkServerError``: `storage-unavailable`.
    package func tagNames() async throws(LinkServerError) -> [String] {
        try await storing { () throws(StoreError) in try await store.tagCounts() }.map(\.tag)
    }

    /// The numbers of the links that have a tag, summed, over a range of UTC days: a tag's
    /// numbers are the sum of its links'.
    /// - Parameters:
    ///   - tag: The tag.
    ///   - range: The days.
    /// - Throws: ``LinkServerError``: `invalid-field` for a tag no link could have, `storage-unavailable`.
    package func numbers(tag: String, range: DayRange) async throws(LinkServerError) -> LinkNumbers {
        let tag = try LinkTags.checked(tag, field: "tag")
        await clicks?.flush()
        let clicks = try await storing { () throws(StoreError) in try await store.clickSummary(tag: tag, from: range.first, through: range.last) }
        let deferredCounts = try await storing { () throws(StoreError) in try await store.deferredCounts(tag: tag, since: range.first) }
        var tagClicks = clicks
        tagClicks.byVariant = [:]
        var numbers = LinkNumbers(
            code: nil, days: range.days, clicks: tagClicks, deferred: deferredCounts, iosInstallsMeasured: editor.setup.deferred.claimsIOSInstalls)
        numbers.tag = tag
        return numbers
    }

    /// The links matching a search, one page of them.
    /// - Parameter search: The search.
    package func search(_ search: LinkSearch) async throws(LinkServerError) -> LinkSearchPage {
        try await storing { () throws(StoreError) in try await store.searchLinks(search) }
    }

    /// Every click bucket of a link, for the admin API's stats.
    /// - Parameter code: The link's code.
    package func allClickCounts(code: String, in range: DayRange? = nil) async throws(LinkServerError) -> [ClickCount] {
        await clicks?.flush()
        let counts = try await storing { () throws(StoreError) in try await store.clickCounts(code: code) }
        guard let range else { return counts }
        return counts.filter { range.contains($0.click.day) }
    }

    /// A link's numbers, or every link's, over the last days up to today (UTC).
    /// - Parameters:
    ///   - code: The link's code, or `nil` for all links.
    ///   - days: How many days, today included.
    ///   - now: The current time.
    /// - Throws: ``LinkServerError``: `storage-unavailable`.
    package func numbers(code: String?, days: Int, now: Date = Date()) async throws(LinkServerError) -> LinkNumbers {
        try await numbers(code: code, range: .last(days, endingAt: now))
    }

    /// A link's numbers, or every link's, over a range of UTC days.
    /// - Parameters:
    ///   - code: The link's code, or `nil` for all links.
    ///   - range: The days.
    /// - Throws: ``LinkServerError``: `storage-unavailable`.
    package func numbers(code: String?, range: DayRange) async throws(LinkServerError) -> LinkNumbers {
        await clicks?.flush()
        let clicks = try await storing { () throws(StoreError) in try await store.clickSummary(code: code, from: range.first, through: range.last) }
        let deferredCounts = try await storing { () throws(StoreError) in try await store.deferredCounts(code: code, since: range.first) }
        // A link's variants are its own: all links' numbers sum none.
        let variants =
            if let code {
                try await storing { () throws(StoreError) in try await store.variantCounts(code: code, from: range.first, through: range.last) }
            } else {
                [VariantCount]()
            }
        // Clicks summed over all links carry every link's variant names; only a link's own are its numbers.
        var linkClicks = clicks
        if code == nil { linkClicks.byVariant = [:] }
        return LinkNumbers(
            code: code, days: range.days, clicks: linkClicks, deferred: deferredCounts, variants: variants,
            iosInstallsMeasured: editor.setup.deferred.claimsIOSInstalls)
    }

    /// The links with the most clicks in a range, most first.
    /// - Parameters:
    ///   - range: The days.
    ///   - limit: How many links at most.
    /// - Throws: ``LinkServerError``: `storage-unavailable`.
    package func topLinks(range: DayRange, limit: Int = 10) async throws(LinkServerError) -> [LinkNumbers.Share] {
        await clicks?.flush()
        return try await storing { () throws(StoreError) in try await store.topLinks(from: range.first, through: range.last, limit: limit) }
    }

    /// Drops the link from this server's cache and announces the change to the others.
    private func changed(_ code: String) async {
        cache?.invalidate(code)
        guard let changes = store as? any LinkChangeFeed else { return }
        do {
            try await changes.announceLinkChange(code: code)
        } catch {
            // Not the caller's failure: the other servers show the change when their cached copy expires.
            logger.warning(
                "cannot tell the other servers about a link change; they show it when their cached copy expires",
                metadata: ["link.code": "\(code)", "error": "\(error.message)"])
        }
    }

    package static func notFound(_ code: String) -> LinkServerError {
        LinkServerError(code: .notFound, message: "there is no link with the code \(code)")
    }
}
