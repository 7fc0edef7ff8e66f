// Tests DeepLinkTesting's ChildProcess, which has no test target of its own; the PostgreSQL
// servers of these tests are what it keeps from holding the suite's connections.
import DeepLinkTesting
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif
import Testing

struct ChildProcessTests {
    /// A PostgreSQL server started by a test once inherited every descriptor of the test process,
    /// among them other tests' database connections: one closed mid-migration stayed open in the
    /// server's hands, its transaction kept the migration lock, and every later store waited for
    /// it until the run was killed. Descriptors other than the three standard ones stay behind.
    @Test func aChildInheritsNoDescriptorButItsStandardOnes() async throws {
        // Opened without O_CLOEXEC, as the database connections were. (Not moved to a chosen
        // number: with the suite running, any number may be another test's socket.)
        let inheritable = open("/dev/null", O_RDONLY)
        try #require(inheritable > 3)
        defer { close(inheritable) }
        let listed = try await ChildProcess.run(executable: "ls", arguments: ["-1", "/proc/self/fd"])
        #expect(listed.status == 0)
        let descriptors = Set(listed.output.split(separator: "\n").compactMap { Int32($0) })
        // 0, 1 and 2, and the folder ls itself opened to list them (the lowest number free, 3).
        #expect(descriptors.isSubset(of: [0, 1, 2, 3]), "\(descriptors.sorted())")
    }

    @Test func passesInputWorkingFolderAndStatusAndMergesStandardErrorWhenAsked() async throws {
        let folder = try temporaryFolder(prefix: "deeplink-child")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("input.txt")
        try "from a file\n".write(to: input, atomically: true, encoding: .utf8)
        let run = try await ChildProcess.run(
            executable: "/bin/sh", arguments: ["-c", "cat; pwd; echo oops >&2; exit 3"], directory: folder, input: .file(input),
            error: .standardOutput)
        #expect(run.status == 3)
        #expect(run.output == "from a file\n\(folder.resolvingSymlinksInPath().path)\noops\n")
    }

    @Test func aChildEndedByASignalReportsItAboveOneHundredTwentyEight() async throws {
        let child = try ChildProcess(executable: "sleep", arguments: ["30"])
        #expect(child.isRunning)
        child.terminate()
        #expect(await child.waitForExit() == 128 + SIGTERM)
        #expect(!child.isRunning)
    }
}

/// The suite once hung on a busy two-core machine with every thread parked. Swift's cooperative
/// pool has one thread a core, and a test that waited for a child process (`zbarimg`, `pg_ctl`,
/// `deeplink`) blocked one of them until the child ended: with as many such waits as cores, no
/// other task of the process could run, not even the one the children were waiting for. Waits
/// now happen on threads of their own (``ChildProcess/waitForExit()``). Here more children than
/// the pool has threads wait for a file that only a task on the pool creates once every wait has
/// begun; with the waits on the pool, that task never runs, and a watchdog thread creates the file
/// after two minutes so that the test fails instead of hanging the run.
///
/// The waits and the task run on an executor of their own with one thread, not on the shared
/// pool: on the shared pool a loaded machine running the whole suite could leave the task queued
/// behind other tests' work for as long as the watchdog waits, a wall-clock bound the test must
/// not depend on. One thread stands for the pool as well as two do: a wait that blocks it stops
/// the task just the same.
struct ChildProcessStarvationTests {
    @Test func moreWaitsForChildrenThanCoresLeaveThePoolFreeForTheTaskTheyWaitFor() async throws {
        let folder = try temporaryFolder(prefix: "deeplink-starvation")
        defer { try? FileManager.default.removeItem(at: folder) }
        let signal = folder.appendingPathComponent("go")
        let count = 4
        let children = try (0..<count).map { _ in
            try ChildProcess(executable: "/bin/sh", arguments: ["-c", "while [ ! -e '\(signal.path)' ]; do sleep 0.01; done"])
        }
        let watchdog = Watchdog(after: 120) { _ = FileManager.default.createFile(atPath: signal.path, contents: Data()) }
        defer { watchdog.cancel() }

        let waiting = Counter()
        let everyWaitBegan = Latch()
        let executor = OneThreadExecutor()
        defer { executor.stop() }
        let creator = Task(executorPreference: executor) {
            await everyWaitBegan.wait()
            _ = FileManager.default.createFile(atPath: signal.path, contents: Data())
        }
        let statuses = await withTaskGroup(of: Int32.self) { group in
            for child in children {
                group.addTask(executorPreference: executor) {
                    // On the executor's one thread, or the test would prove nothing.
                    #expect(executor.isCurrent)
                    if waiting.increment() == count { everyWaitBegan.open() }
                    return await child.waitForExit()
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        await creator.value
        #expect(statuses == Array(repeating: 0, count: count))
        #expect(!watchdog.fired, "the task that creates the file did not run while \(count) children were waited for")
    }
}

/// A task executor with one thread of its own, which runs its jobs one after another until
/// stopped. `Sendable`.
private final class OneThreadExecutor: TaskExecutor, Sendable {
    private struct Queue {
        var jobs: [UnownedJob] = []
        var stopped = false
    }
    private let queue = Mutex(Queue())
    private let ready = DispatchSemaphore(value: 0)
    private let thread = Mutex<pthread_t?>(nil)

    /// Whether the caller runs on the executor's thread.
    var isCurrent: Bool { thread.withLock { $0.map { pthread_equal($0, pthread_self()) != 0 } ?? false } }

    init() {
        let started = DispatchSemaphore(value: 0)
        Thread { [self] in
            thread.withLock { $0 = pthread_self() }
            started.signal()
            while true {
                ready.wait()
                let next: UnownedJob? = queue.withLock { queue in queue.jobs.isEmpty ? nil : queue.jobs.removeFirst() }
                if let next {
                    next.runSynchronously(on: asUnownedTaskExecutor())
                } else if queue.withLock({ $0.stopped }) {
                    return
                }
            }
        }.start()
        started.wait()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.withLock { $0.jobs.append(job) }
        ready.signal()
    }

    /// Ends the thread once its queue is empty.
    func stop() {
        queue.withLock { $0.stopped = true }
        ready.signal()
    }
}

/// A count tasks add to. `Sendable`.
private final class Counter: Sendable {
    private let value = Mutex(0)

    /// Adds one and returns the new count.
    func increment() -> Int { value.withLock { $0 += 1; return $0 } }
}

/// Runs an action on a thread of its own after a delay unless cancelled first: a bound for a test
/// whose failure would otherwise be a hang. `Sendable`.
private final class Watchdog: Sendable {
    private let cancelled = DispatchSemaphore(value: 0)
    private let didFire = Mutex(false)

    /// Whether the delay passed before ``cancel()``.
    var fired: Bool { didFire.withLock { $0 } }

    init(after seconds: Double, action: @escaping @Sendable () -> Void) {
        Thread { [self] in
            guard cancelled.wait(timeout: .now() + seconds) == .timedOut else { return }
            didFire.withLock { $0 = true }
            action()
        }.start()
    }

    func cancel() { cancelled.signal() }
}
