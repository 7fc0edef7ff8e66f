import Synchronization

/// Runs the work of concurrent callers in batches (a group commit). `Sendable`.
///
/// An item that arrives while no batch is under way is processed at once, alone. Items that
/// arrive while one is under way wait for it and are then processed together, up to
/// ``largestBatch`` at a time. Under a burst the database sees a few large statements instead of
/// a queue of single-row ones; alone, an item costs what it would without batching. Each caller
/// returns once its own item's outcome is known. ``DeferredClickWriter`` writes store hops'
/// clicks this way and ``SharedRateLimiter`` decides its token takes.
final class GroupCommit<Item: Sendable, Outcome: Sendable>: Sendable {
    private struct Waiting {
        let item: Item
        let continuation: CheckedContinuation<Outcome, Never>
    }

    private struct State {
        var waiting: [Waiting] = []
        var processing = false
    }

    /// The most items processed together.
    let largestBatch: Int
    private let process: @Sendable ([Item]) async -> [Outcome]
    private let state = Mutex(State())

    /// Creates a group commit.
    /// - Parameters:
    ///   - largestBatch: The most items processed together.
    ///   - process: Processes a batch and returns each item's outcome, in order.
    init(largestBatch: Int, process: @escaping @Sendable ([Item]) async -> [Outcome]) {
        self.largestBatch = largestBatch
        self.process = process
    }

    /// How many items wait for the batch under way to finish.
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    /// Processes an item, together with the items of concurrent callers.
    /// - Parameter item: The item.
    /// - Returns: Its outcome.
    func submit(_ item: Item) async -> Outcome {
        await withCheckedContinuation { continuation in
            let startsProcessing = state.withLock { state in
                state.waiting.append(Waiting(item: item, continuation: continuation))
                guard !state.processing else { return false }
                state.processing = true
                return true
            }
            if startsProcessing {
                Task { await self.processWaiting() }
            }
        }
    }

    /// Processes what is waiting, batch after batch, until nothing is.
    private func processWaiting() async {
        while true {
            let batch = state.withLock { state -> [Waiting] in
                guard !state.waiting.isEmpty else {
                    state.processing = false
                    return []
                }
                let batch = Array(state.waiting.prefix(largestBatch))
                state.waiting.removeFirst(batch.count)
                return batch
            }
            guard !batch.isEmpty else { return }
            let outcomes = await process(batch.map(\.item))
            precondition(outcomes.count == batch.count, "a group commit must give every item its outcome")
            for (waiting, outcome) in zip(batch, outcomes) {
                waiting.continuation.resume(returning: outcome)
            }
        }
    }
}
