import DeepLinkServer
import DeepLinkService
import DeepLinkServiceTesting
import DeepLinkTesting
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import DeepLinkServer

/// Values an unauthenticated request puts in the log (a long link's `apn`, a code) are written
/// escaped, so a `%0A` cannot forge a log line and an escape sequence cannot reach the terminal.
struct RequestValuesInTheLogTests {
    @Test func aLongLinksAppAndACodeCannotForgeALogLine() async throws {
        let lines = WrittenLines()
        let logger = Logger(label: "deeplink.server") { StandardErrorLogHandler(label: $0, level: .debug, metadataProvider: nil, stream: lines) }
        try await StoreBackend.sqlite.withStore { store in
            let app = try buildApplication(configuration: try ServerHarness.configuration(), store: store, logger: logger)
            try await app.test(.router) { client in
                let forged = "com.example.shop%0A2026-11-27T00:00:00%2B0000%20critical%20deeplink.server:%20forged%1B%5B2J"
                _ = try await client.execute(uri: "/?link=https%3A%2F%2Fshop.example.com%2Fsales%2F42&apn=\(forged)", method: .get)
                _ = try await client.execute(uri: "/no%0Acritical%20forged", method: .get)
            }
        }
        let written = lines.all
        #expect(written.contains("refused a Firebase long link"), "\(written)")
        #expect(!written.split(separator: "\n").contains { $0.hasPrefix("2026-11-27T00:00:00+0000 critical") }, "\(written)")
        #expect(!written.contains("\u{1B}"))
    }
}
