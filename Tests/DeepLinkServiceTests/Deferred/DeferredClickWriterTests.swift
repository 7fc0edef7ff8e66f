import Foundation
import Synchronization
import Testing

@testable import DeepLinkService

/// The group commit of store hops' clicks, against a storage that counts its statements.
struct DeferredClickWriterTests {
    /// Records each `insert` as one statement; the first one waits until released, so the test
    /// decides how many clicks arrive while a write is under way. Refuses a batch holding `takenToken`.
    final class CountingStorage: DeferredClickStorage {
        private let state = Mutex<(statements: [[String]], stored: Set<String>)>(([], []))
        private let firstWrite = AsyncStream.makeStream(of: Void.self)
        private let firstStarted = Mutex(false)
        let takenToken: String?

        init(takenToken: String? = nil) { self.takenToken = takenToken }

        var statements: [[String]] { state.withLock { $0.statements } }
        var stored: Set<String> { state.withLock { $0.stored } }
        var firstWriteStarted: Bool { firstStarted.withLock { $0 } }

        /// Lets the first write finish.
        func release() { firstWrite.continuation.finish() }

        func insert(_ clicks: [DeferredClick]) async throws(StoreError) {
            let isFirst = firstStarted.withLock { started in
                defer { started = true }
                return !started
            }
            if isFirst {
                for await _ in firstWrite.stream {}
            }
            let tokens = clicks.map(\.token)
            try state.withLock { state throws(StoreError) in
                state.statements.append(tokens)
                if let takenToken, tokens.contains(takenToken) {
                    throw StoreError(code: .duplicate, message: "the click token is taken")
                }
                state.stored.formUnion(tokens)
            }
        }

        func claimDeferredClick(token: String, at now: Date) async throws(StoreError) -> DeferredClick? { nil }
        func deferredCandidates(networkHashes: [String], platform: ClientPlatform, since: Date, now: Date) async throws(StoreError)
            -> [DeferredClick]
        { [] }
        func purgeDeferredClicks(now: Date, signalsBefore: Date, saltsBefore: Int) async throws(StoreError) -> Int { 0 }
        func deferredSalt(period: Int, proposed: String) async throws(StoreError) -> String { proposed }
    }

    static func click(_ token: String) -> DeferredClick {
        DeferredClick(
            token: token, code: "spring", deepLink: "shop://sales/42", platform: .android, createdAt: Date(),
            expiresAt: Date().addingTimeInterval(3600))
    }

    /// Starts the first click's write, which blocks, then `count` more clicks, and waits until
    /// all of them are waiting behind it.
    static func burst(
        _ writer: DeferredClickWriter, _ storage: CountingStorage, count: Int
    ) async throws -> [Task<Result<Void, StoreError>, Never>] {
        let first = Task { () -> Result<Void, StoreError> in
            do throws(StoreError) { try await writer.insert(click("first")) } catch { return .failure(error) }
            return .success(())
        }
        while !storage.firstWriteStarted { await Task.yield() }
        var tasks = [first]
        for index in 0..<count {
            tasks.append(
                Task { () -> Result<Void, StoreError> in
                    do throws(StoreError) { try await writer.insert(click("click-\(index)")) } catch { return .failure(error) }
                    return .success(())
                })
        }
        // No time limit: with the whole suite on two cores, 700 tasks may take seconds to start, and a
        // writer that never queues them is a hang CI's bound reports.
        while writer.waitingCount < count { await Task.yield() }
        #expect(writer.waitingCount == count)
        return tasks
    }

    @Test func clicksThatArriveDuringAWriteAreWrittenTogetherInBatchesOfAtMostFiveHundred() async throws {
        let storage = CountingStorage()
        let writer = DeferredClickWriter(store: storage)
        let tasks = try await Self.burst(writer, storage, count: 700)
        #expect(storage.statements.isEmpty, "the first write is still under way")
        storage.release()
        for task in tasks { #expect(try await task.value.get() == ()) }

        let sizes = storage.statements.map(\.count)
        #expect(sizes == [1, 500, 200], "statement sizes \(sizes)")
        #expect(storage.stored.count == 701)
    }

    @Test func aClickAloneIsWrittenAtOnceAndTheCallerReturnsOnlyOnceItIsStored() async throws {
        let storage = CountingStorage()
        storage.release()
        let writer = DeferredClickWriter(store: storage)
        try await writer.insert(Self.click("alone"))
        #expect(storage.stored == ["alone"])
        try await writer.insert(Self.click("later"))
        #expect(storage.statements == [["alone"], ["later"]])
    }

    @Test func aTakenTokenFailsOnlyItsOwnClickAndTheOthersInItsBatchAreStored() async throws {
        let storage = CountingStorage(takenToken: "click-3")
        let writer = DeferredClickWriter(store: storage)
        let tasks = try await Self.burst(writer, storage, count: 10)
        storage.release()
        var failed: [Int] = []
        for (index, task) in tasks.enumerated() {
            if case .failure(let error) = await task.value {
                #expect(error.code == .duplicate)
                failed.append(index - 1)
            }
        }
        #expect(failed == [3])
        #expect(storage.stored.count == 10)
        #expect(!storage.stored.contains("click-3"))
    }
}
