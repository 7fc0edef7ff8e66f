/// Where short links live: the admin API, resolution and the Firebase importer use it. `Sendable`.
public protocol LinkStorage: Sendable {
    /// Stores a new link.
    /// - Parameter link: The link.
    /// - Throws: ``StoreError`` with code `duplicate` when the code is taken.
    func insert(_ link: Link) async throws(StoreError)

    /// The link with a code, or `nil`.
    /// - Parameter code: The short code.
    func link(code: String) async throws(StoreError) -> Link?

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
    func links(after cursor: String?, limit: Int) async throws(StoreError) -> [Link]
}
