import DeepLinkService
import DeepLinkServiceTesting
import Logging
import Synchronization
import Testing

struct StandardErrorLogHandlerTests {
    /// A line without its leading timestamp, which differs between two writes.
    static func withoutTimestamp(_ line: String) -> String {
        String(line.drop { $0 != " " })
    }

    @Test func writesWhatStreamLogHandlerWritesWithTheMetadataAddedLast() {
        let ours = WrittenLines()
        let theirs = WrittenLines()
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
        #expect(ours.all.contains("info deeplink.server: api.key=ci hb.request.id=42 port=8080 [DeepLinkServiceTests] listening"), "\(ours.all)")
    }

    @Test func aValueFromARequestCannotForgeALineOrReachTheTerminal() {
        let lines = WrittenLines()
        var logger = Logger(label: "deeplink.server") { StandardErrorLogHandler(label: $0, level: .info, metadataProvider: nil, stream: lines) }
        logger[metadataKey: "link.code"] = "a\ninfo deeplink.server: forged"
        logger.notice(
            "refused a Firebase long link\u{1B}[2J", metadata: ["link.problem": "apn: \u{1B}]0;title\u{07}\r\nwarning forged \u{202E}txt.exe"])
        #expect(lines.all.split(separator: "\n").count == 1, "\(lines.all)")
        #expect(!lines.all.contains("\u{1B}") && !lines.all.contains("\u{07}") && !lines.all.contains("\u{202E}") && !lines.all.contains("\r"))
        #expect(lines.all.contains(#"link.code=a\ninfo deeplink.server: forged"#), "\(lines.all)")
        #expect(lines.all.contains(#"apn: \u{1B}]0;title\u{7}\r\nwarning forged \u{202E}txt.exe"#), "\(lines.all)")
        #expect(lines.all.contains(#"refused a Firebase long link\u{1B}[2J"#))
    }

    @Test func keepsItsLevelAndMetadataThroughTheLogger() {
        var logger = Logger.standardError(label: "deeplink.import", level: .warning)
        logger[metadataKey: "link.code"] = "spring"
        #expect(logger.logLevel == .warning)
        #expect(logger[metadataKey: "link.code"] == "spring")
    }
}
