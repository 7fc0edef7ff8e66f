/// Tells every server sharing a database that a link changed, so each drops its cached copy at
/// once instead of at the end of the cache's lifetime. PostgreSQL's store is one (`NOTIFY` and
/// `LISTEN`); a store without it leaves other servers to the cache lifetime. `Sendable`.
package protocol LinkChangeFeed: Sendable {
    /// Announces that a link was changed or deleted, to every server following the feed,
    /// this one included.
    /// - Parameter code: The link's code.
    /// - Throws: ``StoreError`` when the database cannot be reached.
    func announceLinkChange(code: String) async throws(StoreError)

    /// Follows the announcements of every server until cancelled, reconnecting after a failure.
    /// - Parameter changed: Called with each announcement, and with ``LinkChange/mayHaveMissedChanges``
    ///   whenever following (re)starts, since announcements made while not following are lost.
    func followLinkChanges(_ changed: @escaping @Sendable (LinkChange) -> Void) async
}

/// What a ``LinkChangeFeed`` reports.
package enum LinkChange: Sendable, Hashable {
    /// The link with this code was changed or deleted.
    case changed(code: String)
    /// Following (re)started: changes made since the last announcement seen may have been missed.
    case mayHaveMissedChanges
}
