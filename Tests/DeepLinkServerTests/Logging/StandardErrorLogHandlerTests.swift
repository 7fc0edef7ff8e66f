import DeepLinkServer
import DeepLinkService
import Logging
import Synchronization
import Testing

struct StandardErrorLogHandlerTests {
    /// Lines written, kept for the test.
    final class Lines: TextOutputStream, Sendable {
        private let text = Mutex("")
        var all: String { text.withLock { $0 } }
        func write(_ string: String) { text.withLock { $0 += string } }
    }

    /// A line without its leading timestamp, which differs between two writes.
    static func withoutTimestamp(_ line: String) -> String {
        String(line.drop { $0 != " " })
    }

    @Test func writesWhatStreamLogHandlerWritesWithTheMetadataAddedLast() {
        let ours = Lines()
        let theirs = Lines()
        var loggers = [
            Logger(label: "deeplink.server") { StandardErrorLogHandler(label: $0, level: .info, metadataProvider: nil, stream: ours) },
            Logger(label: "deeplink.server") { StreamLogHandler(label: $0, stream: theirs, metadataProvider: nil) },
        ]
        for index in loggers.indices {
            loggers[index][metadataKey: "hb.request.id"] = "42"
            loggers[index][metadataKey: "api.key"] = "ci"
            loggers[index].info("listening", metadata: ["port": "8080"])
            loggers[index].debug("not written at info")
            loggers[index].warning("slow", metadata: ["seconds": "1.5"])
        }
        #expect(ours.all.split(separator: "\n").count == 2)
        #expect(ours.all.split(separator: "\n").map { Self.withoutTimestamp(String($0)) }
            == theirs.all.split(separator: "\n").map { Self.withoutTimestamp(String($0)) })
        #expect(ours.all.contains("info deeplink.server: api.key=ci hb.request.id=42 port=8080 [DeepLinkServerTests] listening"), "\(ours.all)")
    }

    @Test func keepsItsLevelAndMetadataThroughTheLogger() {
        var logger = Logger.standardError(label: "deeplink.import", level: .warning)
        logger[metadataKey: "link.code"] = "spring"
        #expect(logger.logLevel == .warning)
        #expect(logger[metadataKey: "link.code"] == "spring")
    }
}
