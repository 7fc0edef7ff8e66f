import Logging
import Synchronization

/// Keeps what a server logs, for tests that check a reason went to the log rather than to a page.
final class LogRecorder: Sendable {
    /// One logged message.
    struct Entry: Sendable {
        let level: Logger.Level
        let message: String
        let metadata: [String: String]
    }

    private let entries = Mutex<[Entry]>([])

    /// Everything logged so far, oldest first.
    var all: [Entry] { entries.withLock { $0 } }

    /// A logger whose messages from `level` up are kept here.
    func logger(level: Logger.Level) -> Logger {
        var logger = Logger(label: "test.server") { _ in Handler(recorder: self) }
        logger.logLevel = level
        return logger
    }

    private struct Handler: LogHandler {
        let recorder: LogRecorder
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { $1 }
            let entry = Entry(level: event.level, message: event.message.description, metadata: merged.mapValues(\.description))
            recorder.entries.withLock { $0.append(entry) }
        }
    }
}
