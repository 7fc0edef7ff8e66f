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

    private struct State {
        var requests: [Received] = []
        /// Tests waiting for a number of requests.
        var waiters: [(id: UUID, count: Int, continuation: CheckedContinuation<Void, Never>)] = []
        /// Requests held without an answer until ``release()``.
        var held: [CheckedContinuation<Void, Never>] = []
        var released = false
    }

    private let state = Mutex(State())
    private let answer: Answer
    private let holds: @Sendable (Received) -> Bool

    /// A receiver.
    /// - Parameters:
    ///   - answer: The answer to every request, once it is not held.
    ///   - holds: Which requests get no answer until ``release()``: an endpoint that never
    ///     answers, or answers late.
    init(answer: @escaping Answer = { _, _ in (.noContent, "", [:]) }, holds: @escaping @Sendable (Received) -> Bool = { _ in false }) {
        self.holds = holds
        self.answer = answer
    }

    /// Every request so far.
    var received: [Received] { state.withLock { $0.requests } }

    /// Returns once `count` requests have arrived, answered or held, or when the task is
    /// cancelled (a test's time limit), so that a test waiting for requests that never come fails
    /// instead of blocking the run.
    func waitForRequests(_ count: Int) async {
        let id = UUID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let arrived = state.withLock { state -> Bool in
                    guard state.requests.count < count, !Task.isCancelled else { return true }
                    state.waiters.append((id, count, continuation))
                    return false
                }
                if arrived { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index).continuation
            }
            waiter?.resume()
        }
    }

    /// Answers every held request, and every later one at once.
    func release() {
        let held = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.released = true
            defer { state.held = [] }
            return state.held
        }
        for request in held { request.resume() }
    }

    /// Runs the receiver while `body` runs, with its base URL (`http://127.0.0.1:PORT`).
    func run(_ body: @escaping @Sendable (String) async throws -> Void) async throws {
        let router = Router()
        router.post("/**") { request, _ -> Response in
            let buffer = try await request.body.collect(upTo: 1 << 20)
            var headers: [String: String] = [:]
            for field in request.headers { headers[field.name.canonicalName] = field.value }
            let received = Received(path: request.uri.path, headers: headers, body: String(buffer: buffer))
            let (index, ready) = self.state.withLock { state in
                state.requests.append(received)
                let ready = state.waiters.filter { $0.count <= state.requests.count }.map(\.continuation)
                state.waiters.removeAll { $0.count <= state.requests.count }
                return (state.requests.count - 1, ready)
            }
            for waiter in ready { waiter.resume() }
            if self.holds(received) {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let answerNow = self.state.withLock { state -> Bool in
                        guard !state.released else { return true }
                        state.held.append(continuation)
                        return false
                    }
                    if answerNow { continuation.resume() }
                }
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
