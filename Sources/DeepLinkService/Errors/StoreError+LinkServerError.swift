import DeepLinkCore

extension StoreError {
    /// Seconds a client is asked to wait when the database failed: about how long the server
    /// takes to notice it is back.
    package static let retryAfterSeconds = 2

    /// The error a client sees: `code-taken` for duplicates, `storage-unavailable` with
    /// `Retry-After` otherwise, without the database's internals.
    package var serverError: LinkServerError {
        code == .duplicate
            ? LinkServerError(code: .codeTaken, message: message, field: "code")
            : LinkServerError(
                code: .storageUnavailable, message: "the link database is unavailable; try again in \(Self.retryAfterSeconds) s",
                retryAfter: Self.retryAfterSeconds)
    }
}

extension DeferredLinkClaimRequest.ReadError {
    /// The error a client sees: `invalid-json` for a body that is not an object, `invalid-field` naming the field otherwise.
    package var serverError: LinkServerError {
        LinkServerError(code: field == nil ? .invalidJSON : .invalidField, message: message, field: field)
    }
}

/// Runs store work for a service, its ``StoreError`` turned into the ``LinkServerError`` the
/// service's callers get (`storage-unavailable`, or the store's own meaning).
func storing<T>(_ body: () async throws(StoreError) -> T) async throws(LinkServerError) -> T {
    do {
        return try await body()
    } catch {
        throw error.serverError
    }
}
