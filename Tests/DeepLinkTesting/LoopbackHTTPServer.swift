import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for tests that need a real socket.
///
/// It binds an ephemeral port, answers each connection on its own thread from a handler, and
/// closes every connection after one answer. It is bounded: at most ``maximumConnections``
/// connections, and it stops by itself after ``lifetime``; tests call ``stop()`` when done.
public final class LoopbackHTTPServer: @unchecked Sendable {
    /// A request as the server read it.
    public struct Request: Sendable, Hashable {
        /// `GET`, `HEAD`, ...
        public let method: String
        /// The request target, e.g. `/page?x=1`.
        public let path: String
        /// The headers, names lower-cased.
        public let headers: [String: String]
    }

    /// What the server does with a request.
    public struct Response: Sendable {
        /// The status code.
        public var status: Int
        /// The headers, in order. `Content-Length` and `Connection: close` are added unless
        /// ``sendsContentLength`` is false.
        public var headers: [(name: String, value: String)]
        /// The body.
        public var body: [UInt8]
        /// Whether to send `Content-Length`; without it the body ends when the connection closes.
        public var sendsContentLength: Bool
        /// How long to wait before answering; during a stall nothing is sent.
        public var delay: Duration

        /// Creates a response.
        /// - Parameters:
        ///   - status: The status code.
        ///   - headers: The headers, in order.
        ///   - body: The body.
        ///   - sendsContentLength: Whether to send `Content-Length`.
        ///   - delay: How long to wait before answering.
        public init(
            status: Int = 200, headers: [(name: String, value: String)] = [], body: [UInt8] = [],
            sendsContentLength: Bool = true, delay: Duration = .zero
        ) {
            self.status = status
            self.headers = headers
            self.body = body
            self.sendsContentLength = sendsContentLength
            self.delay = delay
        }

        /// A `200` HTML page.
        /// - Parameters:
        ///   - text: The page.
        ///   - contentType: The `Content-Type` header.
        public static func html(_ text: String, contentType: String = "text/html; charset=utf-8") -> Response {
            Response(headers: [("Content-Type", contentType)], body: Array(text.utf8))
        }

        /// A redirect.
        /// - Parameters:
        ///   - location: The `Location` header, absolute or relative.
        ///   - status: The status code.
        public static func redirect(to location: String, status: Int = 302) -> Response {
            Response(status: status, headers: [("Location", location)])
        }
    }

    /// The most connections accepted before the server stops accepting.
    public let maximumConnections: Int
    /// How long the server runs at most.
    public let lifetime: Duration
    /// The port bound on 127.0.0.1.
    public let port: UInt16

    private let handler: @Sendable (Request) -> Response
    private let listener: LoopbackListener
    private let lock = NSLock()
    private var stopped = false
    private var recorded: [Request] = []

    /// Starts a server.
    /// - Parameters:
    ///   - maximumConnections: The most connections accepted. Default: 64.
    ///   - lifetime: How long the server runs at most. Default: 30 seconds.
    ///   - handler: The response for each request.
    /// - Throws: `POSIXError` when the socket cannot be set up.
    public init(
        maximumConnections: Int = 64, lifetime: Duration = .seconds(30),
        handler: @escaping @Sendable (Request) -> Response
    ) throws {
        self.maximumConnections = maximumConnections
        self.lifetime = lifetime
        self.handler = handler
        listener = try LoopbackListener()
        port = listener.port
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// The URL of a path on this server, e.g. `url("/page")`.
    /// - Parameter path: The path, starting with `/`.
    public func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    /// The requests read so far, in arrival order.
    public var requests: [Request] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    /// Stops accepting (within 50 ms) and ends stalls; open connections close after their answer.
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        stopped = true
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func acceptLoop() {
        let deadline = ContinuousClock.now + lifetime
        var accepted = 0
        while !isStopped, accepted < maximumConnections, ContinuousClock.now < deadline {
            var descriptor = pollfd(fd: listener.descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 50) > 0 else { continue }
            let connection = accept(listener.descriptor, nil, nil)
            guard connection >= 0 else { continue }
            accepted += 1
            Thread { [self] in serve(connection) }.start()
        }
        stop()
        listener.close()
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
            var on: Int32 = 1
            setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        guard let request = readRequest(connection) else { return }
        lock.lock()
        recorded.append(request)
        lock.unlock()
        let response = handler(request)
        let until = ContinuousClock.now + response.delay
        while ContinuousClock.now < until {
            if isStopped { return }
            Thread.sleep(forTimeInterval: 0.01)
        }
        write(response, to: connection)
    }

    private func readRequest(_ connection: Int32) -> Request? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        while bytes.count < 65_536 {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            bytes += buffer[..<count]
            if let range = bytes.firstRange(of: end) {
                return parse(String(decoding: bytes[..<range.lowerBound], as: UTF8.self))
            }
        }
        return nil
    }

    private func parse(_ head: String) -> Request? {
        let lines = head.components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        guard requestLine.count == 3 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Request(method: String(requestLine[0]), path: String(requestLine[1]), headers: headers)
    }

    private func write(_ response: Response, to connection: Int32) {
        var head = "HTTP/1.1 \(response.status) Test\r\n"
        for header in response.headers { head += "\(header.name): \(header.value)\r\n" }
        if response.sendsContentLength { head += "Content-Length: \(response.body.count)\r\n" }
        head += "Connection: close\r\n\r\n"
        let bytes = Array(head.utf8) + response.body
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Self.noSignal) }
            guard sent > 0 else { return }
            offset += sent
        }
    }

    /// Writing to a peer that hung up must fail with `EPIPE`, not kill the test process
    /// (Darwin sets `SO_NOSIGPIPE` on the socket instead).
    #if canImport(Glibc)
        private static let noSignal = Int32(MSG_NOSIGNAL)
    #else
        private static let noSignal: Int32 = 0
    #endif
}
