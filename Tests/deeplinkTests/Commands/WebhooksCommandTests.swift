import DeepLinkCore
import DeepLinkTesting
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// Issue 27: `deeplink webhooks`, and a `kill -9` mid-delivery that loses no acknowledged event.
@Suite(.serialized)
struct WebhooksCommandTests {
    /// PyPI's `standardwebhooks` receiver of `Tests/Fixtures/Webhooks/receiver.py`, on a loopback port.
    final class PythonReceiver: Sendable {
        let process: ChildProcess
        let port: Int
        let log: URL

        init(mode: String) async throws {
            log = FileManager.default.temporaryDirectory.appendingPathComponent("receiver-\(UUID().uuidString).jsonl")
            let process = try ChildProcess(
                executable: "python3", arguments: [Fixtures.file("Webhooks/receiver.py").path, log.path, mode], output: .pipe, error: .null)
            self.process = process
            let line = await onOwnThread { String(decoding: process.standardOutput?.availableData ?? Data(), as: UTF8.self) }
            port = try #require(Int(line.trimmingCharacters(in: .whitespacesAndNewlines)), "the receiver printed \(line)")
        }

        /// The requests read so far.
        var requests: [[String: JSONValue]] {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").compactMap { try? JSONValue(parsing: String($0)).objectValue }
        }

        /// Waits until `condition` holds for the requests.
        func wait(for what: String, _ condition: ([[String: JSONValue]]) -> Bool) async throws {
            try await eventually("the receiver sees \(what)") { condition(requests) }
        }

        func stop() {
            process.terminate()
            _ = process.waitUntilExit()
            try? FileManager.default.removeItem(at: log)
        }
    }

    /// The code of the link a received `link.created` message is about.
    static func code(of request: [String: JSONValue]) -> String? {
        guard let body = request["body"]?.stringValue else { return nil }
        return (try? JSONValue(parsing: body))?.objectValue?["data"]?.objectValue?["code"]?.stringValue
    }

    @Test func aKillMidDeliveryLosesNoAcknowledgedEvent() async throws {
        let (folder, database) = try ServeCommandTests.temporaryDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        let token = try await ServeCommandTests.createKey(database: database)
        let receiver = try await PythonReceiver(mode: "hang-first")
        defer { receiver.stop() }
        let arguments = ["serve", "--config", Fixtures.shopConfig.path, "--database", database, "--host", "127.0.0.1", "--port", "0", "--allow-private-webhook-urls"]
        let first = try await ServerProcess(arguments)
        let auth: HTTPFields = [.authorization: "Bearer \(token)", .contentType: "application/json"]
        let endpoint = try await first.request(
            "/api/v1/webhooks", method: .post, headers: auth, body: #"{"url": "http://127.0.0.1:\#(receiver.port)/hook", "events": ["link.created"]}"#)
        #expect(endpoint.status == .created, "\(endpoint.text)")
        let secret = try #require(try JSONValue(parsing: endpoint.text).objectValue?["secret"]?.stringValue)
        let created = try await first.request("/api/v1/links", method: .post, headers: auth, body: #"{"code": "killed", "deepLink": "shop://sales/4"}"#)
        #expect(created.status == .created, "the event is acknowledged to its source")
        // The server is sending it; the receiver holds the request unanswered; the server dies.
        try await receiver.wait(for: "the first attempt") { $0.count == 1 }
        kill(first.process.id, SIGKILL)
        _ = await first.process.waitForExit()

        let second = try await ServerProcess(arguments)
        defer { _ = second.stop() }
        try await receiver.wait(for: "the attempt after the restart") { $0.count == 2 }
        let requests = receiver.requests
        let ids = requests.map { $0["headers"]?.objectValue?["webhook-id"]?.stringValue }
        #expect(ids[0] != nil && ids[0] == ids[1], "at least once, with the same webhook-id")
        #expect(requests[1]["answered"] == true)

        // The delivery log says so, and the message verifies with the Standard Webhooks library.
        let list = try await ServerProcess.run(["webhooks", "list", "--database", database, "--json"])
        let id = try #require(try JSONValue(parsing: list.output).objectValue?["webhooks"]?.arrayValue?.first?.objectValue?["id"]?.stringValue)
        try await eventually("the delivery log says delivered", every: .milliseconds(100)) {
            let log = try await ServerProcess.run(["webhooks", "deliveries", id, "--database", database, "--json"])
            return try JSONValue(parsing: log.output).objectValue?["deliveries"]?.arrayValue?.first?.objectValue?["status"] == "delivered"
        }
        let file = folder.appendingPathComponent("messages.json")
        let messages: JSONValue = [
            "secret": .string(secret), "clock": "message",
            "messages": .array(requests.map { ["headers": $0["headers"] ?? .null, "body": $0["body"] ?? .null] }),
        ]
        try JSONWriter.write(messages).write(to: file, atomically: true, encoding: .utf8)
        let verified = try await ChildProcess.run(executable: "python3", arguments: [Fixtures.file("Webhooks/verify.py").path, file.path], error: .standardOutput)
        #expect(verified.status == 0, "\(verified.output)")
        #expect(verified.output == "link.created\nlink.created\n")
    }

    @Test(.enabled(if: TestPostgreSQL.url != nil), .postgreSQLTurn)
    func twoServersOnOnePostgreSQLDatabaseDeliverEachEventOnce() async throws {
        let schema = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(16)
        let database = try #require(TestPostgreSQL.url(adding: "schema=\(schema)&pool_size=3"))
        let token = try await ServeCommandTests.createKey(database: database)
        let receiver = try await PythonReceiver(mode: "ok")
        defer { receiver.stop() }
        let arguments = ["serve", "--config", Fixtures.shopConfig.path, "--database", database, "--host", "127.0.0.1", "--port", "0", "--allow-private-webhook-urls"]
        let first = try await ServerProcess(arguments)
        let second = try await ServerProcess(arguments)
        defer {
            _ = first.stop()
            _ = second.stop()
        }
        let auth: HTTPFields = [.authorization: "Bearer \(token)", .contentType: "application/json"]
        let endpoint = try await first.request(
            "/api/v1/webhooks", method: .post, headers: auth, body: #"{"url": "http://127.0.0.1:\#(receiver.port)/hook", "events": ["link.created"]}"#)
        #expect(endpoint.status == .created, "\(endpoint.text)")
        // The other server learns of the endpoint within 5 seconds (WebhookEvents.refreshInterval):
        // once a link it creates reaches the receiver, it has.
        var probes = 0
        try await eventually("a link created through the second server reaches the receiver", every: .milliseconds(250)) {
            probes += 1
            _ = try await second.request(
                "/api/v1/links", method: .post, headers: auth, body: #"{"code": "probe-\#(probes)", "deepLink": "shop://sales/1"}"#)
            return receiver.requests.contains { Self.code(of: $0)?.hasPrefix("probe-") == true }
        }
        // Sixty links through each server; both servers' senders poll the one outbox every second.
        for (server, name) in [(first, "a"), (second, "b")] {
            let links = (0..<60).map { #"{"code": "twice-\#(name)-\#($0)", "deepLink": "shop://sales/\#($0)"}"# }.joined(separator: ",")
            let created = try await server.request("/api/v1/links/bulk", method: .post, headers: auth, body: #"{"links": [\#(links)]}"#)
            #expect(created.status == .ok, "\(created.text)")
        }
        func twice(_ requests: [[String: JSONValue]]) -> [[String: JSONValue]] { requests.filter { Self.code(of: $0)?.hasPrefix("twice-") == true } }
        try await receiver.wait(for: "120 messages") { twice($0).count >= 120 }
        // Two more polls of each server (they poll every second), for a message sent twice to
        // show: a quiet period, the one wait here that no event can end.
        try await Task.sleep(for: .seconds(2.5))
        let ids = twice(receiver.requests).compactMap { $0["headers"]?.objectValue?["webhook-id"]?.stringValue }
        #expect(ids.count == 120, "each event delivered once by the two servers: \(ids.count) requests")
        #expect(Set(ids).count == 120)
    }

    @Test func createsListsShowsDeliveriesAndDeletesEndpoints() async throws {
        let (folder, database) = try ServeCommandTests.temporaryDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        let refused = try await ServerProcess.run(["webhooks", "create", "--database", database, "--url", "http://127.0.0.1:9/hook"])
        #expect(refused.status == 1)
        #expect(refused.error.contains("url must be https"), "\(refused.error)")
        let badEvent = try await ServerProcess.run(
            ["webhooks", "create", "--database", database, "--url", "http://127.0.0.1:9/hook", "--allow-private-webhook-urls", "--event", "link.exploded"])
        #expect(badEvent.error.contains("\"link.exploded\" is not an event type"), "\(badEvent.error)")

        let created = try await ServerProcess.run(
            ["webhooks", "create", "--database", database, "--url", "http://127.0.0.1:9/hook", "--allow-private-webhook-urls", "--event", "app.opened", "--event", "link.created"])
        #expect(created.status == 0, "\(created.error)")
        #expect(created.output.contains("events: link.created, app.opened"))
        #expect(created.output.contains("secret: whsec_"))
        let id = try #require(created.output.split(separator: " ").dropFirst(3).first.map(String.init))
        let list = try await ServerProcess.run(["webhooks", "list", "--database", database])
        #expect(list.output == "\(id)  on  http://127.0.0.1:9/hook  link.created,app.opened\n")
        let deliveries = try await ServerProcess.run(["webhooks", "deliveries", id, "--database", database])
        #expect(deliveries.output == "no deliveries to \(id) yet\n")
        #expect(try await ServerProcess.run(["webhooks", "delete", id, "--database", database]).output == "deleted webhook endpoint \(id)\n")
        let missing = try await ServerProcess.run(["webhooks", "delete", id, "--database", database])
        #expect(missing.status == 1)
        #expect(missing.error.contains("there is no webhook endpoint \(id)"))
    }
}
