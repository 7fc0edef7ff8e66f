import Logging
import SQLiteNIO

extension SQLiteLinkStore {
    /// The connection that checkpoints the log and the task that runs it.
    struct Checkpoints: Sendable {
        let connection: SQLiteConnection
        let task: Task<Void, Never>

        /// Starts checkpointing every ``SQLiteLinkStore/checkpointInterval``; a failed checkpoint
        /// is logged and the next one tried as usual.
        init(connection: SQLiteConnection, logger: Logger) {
            self.connection = connection
            task = Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: SQLiteLinkStore.checkpointInterval)
                    guard !Task.isCancelled else { return }
                    do {
                        _ = try await connection.query("PRAGMA wal_checkpoint(PASSIVE)")
                    } catch {
                        logger.warning("cannot checkpoint the SQLite write-ahead log", metadata: ["error": "\(error)"])
                    }
                }
            }
        }

        /// Stops checkpointing and closes the connection.
        func stop() async {
            task.cancel()
            await task.value
            await SQLiteLinkStore.closeEvenIfCancelled(connection)
        }
    }
}
