import DeepLinkService
import SQLiteNIO
import Synchronization

/// A ``LinkStore`` in one SQLite file (or in memory), in WAL mode, through sqlite-nio.
///
/// One connection writes; a file's reads (`SELECT`s) go to two more connections that only read,
/// so a link is looked up while a batch of click counts is being written: in WAL mode readers
/// never wait for the writer, and a read sees every write that returned before it began. WAL
/// also lets other processes, such as `deeplink keys create`, read and write the same file
/// meanwhile. A fourth connection copies the write-ahead log back into the file every half
/// second (a passive checkpoint, which waits for nobody), so the writer does not do it inside
/// a commit and hold up the requests waiting on that commit. `Sendable`.
package final class SQLiteLinkStore: SQLLinkStore {
    /// `BINARY`: SQLite compares text byte by byte by default.
    package static let byteOrder = "BINARY"
    /// SQLite's `LIKE` ignores ASCII case already.
    package static let lowercasesBeforeLike = false
    /// `instr(haystack, needle)`.
    package static let findText = "instr"

    /// How many connections only read, beside the one that writes.
    static let readerCount = 2

    /// How often the write-ahead log is copied back into the file.
    static let checkpointInterval = Duration.milliseconds(500)
    /// The log's length, in pages, at which the writer copies it back itself: only reached when
    /// the background checkpoints fall behind (SQLite's default is 1,000).
    static let writerCheckpointPages = 10_000

    /// The connection that writes, and reads an in-memory database.
    let connection: SQLiteConnection
    /// The connections that only read a file's database.
    let readers: [SQLiteConnection]
    /// How many reads were sent to the readers, which take them in turn.
    let readsRun = Atomic<Int>(0)
    private let checkpoints: Checkpoints?
    /// The queries under way, and whether the store was closed.
    let uses: Uses

    /// Wraps connections already opened and set up (``open(path:logger:)`` does both).
    /// - Parameter file: The database's path, or `:memory:`, as messages name it.
    init(connection: SQLiteConnection, readers: [SQLiteConnection] = [], checkpoints: Checkpoints? = nil, file: String) {
        self.connection = connection
        self.readers = readers
        self.checkpoints = checkpoints
        uses = Uses(file: file)
    }

    /// Closes the connections once the queries under way have ended; afterwards every query
    /// fails with ``StoreError`` `unavailable`, saying the store was closed. Closing twice is
    /// harmless, and so is closing from a cancelled task (a test past its time limit, a server
    /// told to stop): the connections are closed all the same.
    package func close() async {
        guard await uses.close() else { return }
        await checkpoints?.stop()
        for reader in readers { await Self.closeEvenIfCancelled(reader) }
        await Self.closeEvenIfCancelled(connection)
    }

    /// Closes a connection. sqlite-nio's `async` close skips the close in a cancelled task
    /// (NIOThreadPool throws `CancellationError` before running it), and a connection left open
    /// stops the process when it is released; its future-based close runs regardless.
    static func closeEvenIfCancelled(_ connection: SQLiteConnection) async {
        try? await connection.close().get()
    }
}
