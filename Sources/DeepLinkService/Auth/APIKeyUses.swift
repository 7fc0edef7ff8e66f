import Foundation
import Logging

/// Records when each admin API key was last used, writing to the store at most once a minute per
/// key so that a busy integration costs one write a minute, not one a request. A failed write is
/// logged and never fails the request. `Sendable`.
package actor APIKeyUses {
    /// How long after a recorded use the next one is written.
    package static let interval: TimeInterval = 60

    private let store: any APIKeyStorage
    private let logger: Logger
    private var written: [String: Date] = [:]

    /// Creates a recorder.
    /// - Parameters:
    ///   - store: Where the keys live.
    ///   - logger: Where a failed write is reported.
    package init(store: any APIKeyStorage, logger: Logger) {
        self.store = store
        self.logger = logger
    }

    /// Records a use of a key, unless one was written for it less than a minute before.
    /// - Parameters:
    ///   - id: The key's public id.
    ///   - now: When it was used.
    package func record(id: String, at now: Date = Date()) async {
        if let last = written[id], now.timeIntervalSince(last) < Self.interval { return }
        written[id] = now
        if written.count > 10_000 { written = written.filter { now.timeIntervalSince($0.value) < Self.interval } }
        do {
            try await store.recordAPIKeyUse(id: id, at: now.roundedToSeconds)
        } catch {
            logger.warning("could not record an API key's use", metadata: ["key.id": "\(id)", "error": "\(error.message)"])
        }
    }
}
