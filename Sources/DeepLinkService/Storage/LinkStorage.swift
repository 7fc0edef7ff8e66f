/// Where short links live: the admin API, resolution, the dashboard's search and the Firebase importer use it. `Sendable`.
package protocol LinkStorage: Sendable {
    /// Stores new links, all or none: the Firebase importer writes its rows in batches.
    /// - Parameter links: The links, with distinct codes.
    /// - Throws: ``StoreError`` with code `duplicate` when a code is taken, and then stores none.
    func insert(_ links: [Link]) async throws(StoreError)

    /// The link with a code, or `nil`.
    /// - Parameter code: The short code.
    func link(code: String) async throws(StoreError) -> Link?

    /// The stored links with any of the codes, in no particular order.
    /// - Parameter codes: The short codes; the importer asks for a batch's at once.
    func links(codes: [String]) async throws(StoreError) -> [Link]

    /// Replaces a stored link with the same code.
    /// - Parameter link: The new value.
    /// - Returns: Whether a link with that code existed.
    func update(_ link: Link) async throws(StoreError) -> Bool

    /// Deletes a link and its click counts.
    /// - Parameter code: The short code.
    /// - Returns: Whether a link with that code existed.
    func deleteLink(code: String) async throws(StoreError) -> Bool

    /// A page of links ordered by code.
    /// - Parameters:
    ///   - cursor: Only codes after this one; `nil` for the first page.
    ///   - limit: The most links to return.
    ///   - tag: Only links with this tag; `nil` for all.
    func links(after cursor: String?, limit: Int, tag: String?) async throws(StoreError) -> [Link]

    /// Every tag of the stored links, with how many links have it and their clicks of all time
    /// (people's), by tag.
    func tagCounts() async throws(StoreError) -> [TagCount]

    /// One page of the links that match a search, and how many match in all.
    /// - Parameter search: The text, filter, order and page.
    func searchLinks(_ search: LinkSearch) async throws(StoreError) -> LinkSearchPage
}

extension LinkStorage {
    /// A page of every link ordered by code; see ``links(after:limit:tag:)``.
    package func links(after cursor: String?, limit: Int) async throws(StoreError) -> [Link] {
        try await links(after: cursor, limit: limit, tag: nil)
    }

    /// Stores a new link.
    /// - Parameter link: The link.
    /// - Throws: ``StoreError`` with code `duplicate` when the code is taken.
    package func insert(_ link: Link) async throws(StoreError) {
        try await insert([link])
    }
}

/// A tag, how many links have it, and those links' clicks of all time. A `Sendable` value.
package struct TagCount: Sendable, Hashable {
    /// The tag.
    package var tag: String
    /// How many links have it.
    package var links: Int
    /// Their clicks of all time, people's (link-preview crawlers' visits are not clicks).
    package var clicks: Int

    /// Creates a count.
    package init(tag: String, links: Int, clicks: Int) {
        self.tag = tag
        self.links = links
        self.clicks = clicks
    }
}
