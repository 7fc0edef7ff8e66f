import Testing

@testable import DeepLinkServer

/// "Check now" clicked twenty times at once fetches the public host's files once: twenty runs
/// took 20 to 35 s and slowed `/healthz` to 5 s.
struct SharedRunTests {
    /// Counts runs and holds each one until released.
    actor Gate {
        var runs = 0
        private var release: CheckedContinuation<Void, Never>?
        func run() async -> Int {
            runs += 1
            let run = runs
            await withCheckedContinuation { release = $0 }
            return run
        }
        func open() {
            release?.resume()
            release = nil
        }
        var isHolding: Bool { release != nil }
    }

    @Test func callersThatComeWhileARunIsUnderWayShareItsResult() async throws {
        let shared = SharedRun<Int>()
        let gate = Gate()
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<20 { group.addTask { await shared.value { await gate.run() } } }
            // Every caller has joined and the one run is held open.
            while true {
                let callers = await shared.callersOfCurrentRun
                let holding = await gate.isHolding
                if callers == 20 && holding { break }
                await Task.yield()
            }
            await gate.open()
            var results: [Int] = []
            for try await result in group { results.append(result) }
            #expect(results == Array(repeating: 1, count: 20))
        }
        #expect(await gate.runs == 1)
    }

    @Test func aCallAfterARunFinishedStartsANewOne() async {
        let shared = SharedRun<Int>()
        let gate = Gate()
        async let first = shared.value { await gate.run() }
        while !(await gate.isHolding) { await Task.yield() }
        await gate.open()
        #expect(await first == 1)
        async let second = shared.value { await gate.run() }
        while !(await gate.isHolding) { await Task.yield() }
        await gate.open()
        #expect(await second == 2)
        #expect(await shared.callersOfCurrentRun == 0)
    }
}
