import Logging

/// swift-log's ``StreamLogHandler`` on standard error, word for word, except that its metadata is
/// formatted when a message is written instead of whenever the metadata changes, and that every
/// message and metadata value is written with its control and format characters escaped
/// (``LogText/escaped(_:quotes:)``): values from requests (a code, a long link's `apn`, a header)
/// reach the log, and a line break in one would forge a line, an escape sequence reach the
/// operator's terminal. `Sendable`.
///
/// The framework gives every request a copy of the server's logger with the request's id added;
/// `StreamLogHandler` formats all of its metadata into text at each such change, so every request
/// paid for formatting that a server logging at `info` never writes (about 4% of a cached link's
/// time in a profile at 256 connections, Benchmarks/RESULTS.md). Here that happens only for a message
/// that passes the log level.
package struct StandardErrorLogHandler: LogHandler {
    private let label: String
    /// Where lines go instead of standard error, for tests.
    private let stream: (any TextOutputStream & Sendable)?
    package var logLevel: Logger.Level
    package var metadata: Logger.Metadata = [:]
    package var metadataProvider: Logger.MetadataProvider?

    /// Creates a handler.
    /// - Parameters:
    ///   - label: The logger's label, written on each line.
    ///   - level: The least severe level written.
    ///   - metadataProvider: Metadata added to every message, e.g. from task-local values.
    ///   - stream: Where lines go; standard error when `nil`.
    package init(
        label: String, level: Logger.Level = .info, metadataProvider: Logger.MetadataProvider? = LoggingSystem.metadataProvider,
        stream: (any TextOutputStream & Sendable)? = nil
    ) {
        self.label = label
        self.stream = stream
        self.logLevel = level
        self.metadataProvider = metadataProvider
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Writes the message as `StreamLogHandler.standardError` does.
    package func log(event: LogEvent) {
        var handler =
            stream.map { StreamLogHandler(label: label, stream: $0, metadataProvider: metadataProvider) }
            ?? StreamLogHandler.standardError(label: label, metadataProvider: metadataProvider)
        handler.logLevel = logLevel
        handler.metadata = Self.escaped(metadata)
        handler.metadataProvider = metadataProvider.map { provider in
            Logger.MetadataProvider { Self.escaped(provider.get()) }
        }
        var event = event
        event.message = Logger.Message(stringLiteral: LogText.escaped(event.message.description))
        if let metadata = event.metadata { event.metadata = Self.escaped(metadata) }
        handler.log(event: event)
    }

    /// Metadata with every value's text escaped.
    private static func escaped(_ metadata: Logger.Metadata) -> Logger.Metadata {
        metadata.mapValues(escaped)
    }

    private static func escaped(_ value: Logger.Metadata.Value) -> Logger.Metadata.Value {
        switch value {
        case .string(let text): .string(LogText.escaped(text))
        case .stringConvertible(let convertible): .string(LogText.escaped(convertible.description))
        case .array(let values): .array(values.map(escaped))
        case .dictionary(let values): .dictionary(values.mapValues(escaped))
        }
    }
}

extension Logger {
    /// A logger writing to standard error through ``StandardErrorLogHandler``.
    /// - Parameters:
    ///   - label: The logger's label, e.g. `deeplink.server`.
    ///   - level: The least severe level written.
    package static func standardError(label: String, level: Logger.Level) -> Logger {
        Logger(label: label) { StandardErrorLogHandler(label: $0, level: level) }
    }
}
