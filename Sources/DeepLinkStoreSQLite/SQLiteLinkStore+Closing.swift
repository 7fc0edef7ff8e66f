import DeepLinkService
import Synchronization

extension SQLiteLinkStore {
    /// The store's queries under way, and whether it was closed. `Sendable`.
    ///
    /// sqlite-nio runs a query on a connection closed under it as SQLite's `misuse`, whose message
    /// is "out of memory": a server whose store was closed while its services still ran (the
    /// click flush, the purge of deferred clicks, a health check) logged that. Here a store that
    /// was closed refuses every query with an error that says so, and closing waits for the
    /// queries under way to end before it closes their connections.
    final class Uses: Sendable {
        private struct State {
            var closed = false
            var running = 0
            /// The close waiting for the running queries to end.
            var closing: CheckedContinuation<Void, Never>?
        }

        private let state = Mutex(State())
        /// The database, as messages name it: its path, or `:memory:`.
        let file: String

        init(file: String) {
            self.file = file
        }

        /// Runs `body` as a query of the store, unless the store was closed.
        /// - Throws: ``StoreError`` with code `unavailable` naming the file once the store was
        ///   closed; what `body` throws.
        func run<T>(_ body: () async throws(StoreError) -> T) async throws(StoreError) -> T {
            let open = state.withLock { state in
                guard !state.closed else { return false }
                state.running += 1
                return true
            }
            guard open else {
                throw StoreError(
                    code: .unavailable,
                    message: "the SQLite database \(file) was closed: this store cannot be used after close(); a service still ran on it")
            }
            defer { leave() }
            return try await body()
        }

        private func leave() {
            let closing = state.withLock { state in
                state.running -= 1
                guard state.running == 0, let closing = state.closing else { return nil as CheckedContinuation<Void, Never>? }
                state.closing = nil
                return closing
            }
            closing?.resume()
        }

        /// Refuses new queries and waits for the running ones to end.
        /// - Returns: Whether this call closed the store: `false` when another had already.
        func close() async -> Bool {
            let (first, waits) = state.withLock { state -> (Bool, Bool) in
                guard !state.closed else { return (false, false) }
                state.closed = true
                return (true, state.running > 0)
            }
            guard waits else { return first }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let endedMeanwhile = state.withLock { state in
                    guard state.running > 0 else { return true }
                    state.closing = continuation
                    return false
                }
                if endedMeanwhile { continuation.resume() }
            }
            return true
        }
    }
}
