import Logging
import Synchronization

/// Keeps what a server logs, for tests that check a reason went to the log rather than to a page.
package final class LogRecorder: Sendable {
    /// One logged message.
    package struct Entry: Sendable {
        package let level: Logger.Level
        package let message: String
        package let metadata: [String: String]
    }

    private let entries = Mutex<[Entry]>([])

    /// A recorder that has kept nothing yet.
    package init() {}

    /// Everything logged so far, oldest first.
    package var all: [Entry] { entries.withLock { $0 } }

    /// A logger whose messages from `level` up are kept here.
    package func logger(level: Logger.Level) -> Logger {
        var logger = Logger(label: "test.server") { _ in Handler(recorder: self) }
        logger.logLevel = level
        return logger
    }

    private struct Handler: LogHandler {
        let recorder: LogRecorder
        package var metadata: Logger.Metadata = [:]
        package var logLevel: Logger.Level = .trace

        package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        package func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { $1 }
            let entry = Entry(level: event.level, message: event.message.description, metadata: merged.mapValues(\.description))
            recorder.entries.withLock { $0.append(entry) }
        }
    }
}
