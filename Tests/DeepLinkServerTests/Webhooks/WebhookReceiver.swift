import DeepLinkCore
import DeepLinkService
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Synchronization

/// A webhook receiver on a loopback port for the tests: it keeps every request and answers each
/// as the test says.
final class WebhookReceiver: Sendable {
    /// A request as received.
    struct Received: Sendable {
        let path: String
        let headers: [String: String]
        let body: String
        var id: String { headers["webhook-id"] ?? "" }
        var type: String? { (try? JSONValue(parsing: body))?.objectValue?["type"]?.stringValue }
    }

    /// What to answer: a status and a body.
    typealias Answer = @Sendable (_ index: Int, _ request: Received) -> (status: HTTPResponse.Status, body: String, headers: HTTPFields)

    private let requests = Mutex<[Received]>([])
    private let answer: Answer

    init(answer: @escaping Answer = { _, _ in (.noContent, "", [:]) }) {
        self.answer = answer
    }

    /// Every request so far.
    var received: [Received] { requests.withLock { $0 } }

    /// Runs the receiver while `body` runs, with its base URL (`http://127.0.0.1:PORT`).
    func run(_ body: @escaping @Sendable (String) async throws -> Void) async throws {
        let router = Router()
        router.post("/**") { request, _ -> Response in
            let buffer = try await request.body.collect(upTo: 1 << 20)
            var headers: [String: String] = [:]
            for field in request.headers { headers[field.name.canonicalName] = field.value }
            let received = Received(path: request.uri.path, headers: headers, body: String(buffer: buffer))
            let index = self.requests.withLock { requests in
                requests.append(received)
                return requests.count - 1
            }
            let (status, text, extra) = self.answer(index, received)
            return Response(status: status, headers: extra, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
        }
        var logger = Logger(label: "test.receiver")
        logger.logLevel = .critical
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)), logger: logger)
        try await app.test(.live) { client in
            try await body("http://127.0.0.1:\(client.port ?? 0)")
        }
    }
}

/// A resolver with fixed answers that a test may change.
final class FixedResolver: WebhookHostResolver {
    private let answers: Mutex<[String: [String]]>

    init(_ answers: [String: [String]]) {
        self.answers = Mutex(answers)
    }

    func set(_ host: String, _ addresses: [String]) {
        answers.withLock { $0[host] = addresses }
    }

    func addresses(of host: String) async throws -> [IPAddress] {
        guard let texts = answers.withLock({ $0[host] }) else { throw CocoaError(.fileNoSuchFile) }
        return texts.compactMap(IPAddress.init)
    }
}
