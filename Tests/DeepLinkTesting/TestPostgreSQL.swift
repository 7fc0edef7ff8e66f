import Foundation
import Testing

/// The PostgreSQL database the tests share, named by `DEEPLINK_TEST_POSTGRES_URL`, and the turns
/// tests take to use it.
///
/// Every test in the process runs at once, and each that uses the database opens connections of its
/// own (a store's pool, or `deeplink serve` processes with pools of theirs): unchecked, the suite
/// can want more than the 100 connections a default PostgreSQL allows, and on a slow machine did
/// (`too many clients already`). At most ``concurrentUsers`` tests hold a turn at once; the others
/// wait for one, which costs seconds, not failures.
public enum TestPostgreSQL {
    /// The database's URL, when one is set.
    public static let url: String? = ProcessInfo.processInfo.environment["DEEPLINK_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }

    /// How many tests use the database at once. With the pools tests open (6 connections for a
    /// store, two servers of 6 and their change listeners for the command tests) that stays well
    /// within the 97 connections a default server gives ordinary users.
    public static let concurrentUsers = 6

    /// The most connections each test's store or server opens: append as `pool_size` to ``url``.
    public static let poolSize = 6

    private static let turns = AsyncTurns(count: concurrentUsers)

    /// Runs `body` once a turn is free, holding it until `body` returns.
    public static func withTurn<Result: Sendable>(_ body: () async throws -> Result) async rethrows -> Result {
        await turns.take()
        do {
            let result = try await body()
            await turns.give()
            return result
        } catch {
            await turns.give()
            throw error
        }
    }

    /// ``url`` with `parameters` added to its query.
    public static func url(adding parameters: String) -> String? {
        url.map { $0 + ($0.contains("?") ? "&" : "?") + parameters }
    }
}

/// A counting semaphore for async code: ``take()`` waits while every turn is out, first come first served.
actor AsyncTurns {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) { free = count }

    func take() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func give() {
        if waiting.isEmpty {
            free += 1
        } else {
            // The turn passes straight to the longest waiter.
            waiting.removeFirst().resume()
        }
    }
}

/// A test that uses the shared PostgreSQL database: it runs only when `DEEPLINK_TEST_POSTGRES_URL`
/// is set, and holds one of ``TestPostgreSQL``'s turns while it runs.
public struct PostgreSQLTurnTrait: TestTrait, TestScoping {
    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        try await TestPostgreSQL.withTurn(function)
    }
}

extension Trait where Self == PostgreSQLTurnTrait {
    /// Holds a turn of the shared PostgreSQL database while the test runs (see ``TestPostgreSQL``).
    public static var postgreSQLTurn: Self { PostgreSQLTurnTrait() }
}
