// Tests DeepLinkTesting's ChildProcess, which has no test target of its own; the PostgreSQL
// servers of these tests are what it keeps from holding the suite's connections.
import DeepLinkTesting
import Foundation
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
