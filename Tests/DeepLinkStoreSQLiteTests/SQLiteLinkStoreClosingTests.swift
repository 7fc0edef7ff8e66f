import DeepLinkService
import DeepLinkTesting
import Foundation
import Logging
import SQLiteNIO
import Testing

@testable import DeepLinkStoreSQLite

/// A store closed while something still uses it says so, instead of SQLite's `misuse` ("out of
/// memory") from a connection closed under it, and closing waits for the queries under way.
struct SQLiteLinkStoreClosingTests {
    static let logger = Logger(label: "test.store")

    @Test func aClosedStoreRefusesEveryQueryNamingTheFile() async throws {
        let folder = try temporaryFolder(prefix: "deeplink-closing")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("links.sqlite").path
        let store = try await SQLiteLinkStore.open(path: path, logger: Self.logger)
        try await store.checkHealth()
        await store.close()
        let error = await #expect(throws: StoreError.self) { try await store.checkHealth() }
        #expect(error?.code == .unavailable)
        #expect(
            error?.message == "the SQLite database \(path) was closed: this store cannot be used after close(); a service still ran on it")
        await #expect(throws: StoreError.self) { _ = try await store.links(after: nil, limit: 1) }
        // Closing again is harmless.
        await store.close()
    }

    /// A test past its time limit closes its store from a cancelled task. sqlite-nio's `async`
    /// close then did nothing, and releasing the open connection stopped the whole test process
    /// ("SQLiteConnection was not closed before deinitializing").
    @Test func closingFromACancelledTaskStillClosesEveryConnection() async throws {
        let folder = try temporaryFolder(prefix: "deeplink-closing")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try await SQLiteLinkStore.open(path: folder.appendingPathComponent("links.sqlite").path, logger: Self.logger)
        try await store.checkHealth()
        let closing = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await store.close()
            return Task.isCancelled
        }
        #expect(await closing.value, "the close ran in a cancelled task")
        await #expect(throws: StoreError.self) { try await store.checkHealth() }
        // The store, and every connection it held, released here: an open one would stop the process.
    }

    @Test func closingWaitsForTheQueryUnderWay() async throws {
        let store = try await SQLiteLinkStore.open(path: nil, logger: Self.logger)
        let (started, began) = AsyncStream.makeStream(of: Void.self)
        let query = Task {
            try await store.run("count") { connection in
                began.yield()
                // About a second of work on one core.
                let rows = try await connection.query(
                    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 2000000) SELECT COUNT(*) AS n FROM c")
                return rows.first?.column("n")?.integer
            }
        }
        _ = await started.first { _ in true }
        await store.close()
        #expect(try await query.value == 2_000_000)
    }
}
