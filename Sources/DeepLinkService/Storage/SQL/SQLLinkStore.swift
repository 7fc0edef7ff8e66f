/// A ``LinkStore`` over the SQL that SQLite and PostgreSQL agree on: the store only runs queries, and
/// every requirement of ``LinkStorage``, ``APIKeyStorage``, ``ClickStorage``, ``ClickStatsStorage``,
/// ``DeferredClickStorage``, ``DashboardStorage`` and ``RateLimitStorage`` (declared by a store that
/// shares rate limits) is implemented once, in the `SQLLinkStore+…` extensions. The store modules conform.
package protocol SQLLinkStore: LinkStore {
    /// The collation that compares text byte by byte, which orders codes: `BINARY`, `"C"`.
    static var byteOrder: String { get }

    /// Whether a column is lowercased before `LIKE` with a lowercase pattern: SQLite's `LIKE`
    /// ignores ASCII case already; PostgreSQL's does not, and `LOWER(x) LIKE` is about three times
    /// faster there than `ILIKE` (94 against 269 ms over 100,000 links).
    static var lowercasesBeforeLike: Bool { get }

    /// The function that finds text in text, `(haystack, needle)`, 0 when absent: `instr`,
    /// `strpos`. A tag filter uses it, exactly and without `LIKE`'s wildcards.
    static var findText: String { get }

    /// Runs a query, turning the database's errors into ``StoreError``: `duplicate`, with the
    /// query's message, for a unique-key violation, `unavailable` otherwise.
    func run<Result>(_ query: SQLQuery<Result>) async throws(StoreError) -> Result

    /// Runs writes that belong together, in order: on PostgreSQL as one statement, so they
    /// are stored all or none and the database flushes its log once for them instead of once
    /// each (about 4 ms a flush on the development machine's disk); on SQLite one after another
    /// (its one writing connection is shared by concurrent callers, so a transaction there would
    /// take in their writes too, and its commits do not wait on the disk).
    func runTogether(_ queries: [SQLQuery<Void>]) async throws(StoreError)
}

extension SQLLinkStore {
    /// Runs the writes one after another; see ``SQLLinkStore/runTogether(_:)``.
    package func runTogether(_ queries: [SQLQuery<Void>]) async throws(StoreError) {
        for query in queries { try await run(query) }
    }
}

extension SQLLinkStore {
    /// The condition that keeps the links with a tag, its value added to `values` as the next placeholder.
    func hasTag(_ tag: String, values: inout [SQLValue]) -> String {
        values.append(.text(LinkTags.needle(tag)))
        return "\(Self.findText)(tags, $\(values.count)) > 0"
    }
}
