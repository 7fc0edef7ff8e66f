import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for tests that need a real socket.
///
/// It binds an ephemeral port, answers each connection on its own thread from a handler, and
/// closes every connection after one answer. It runs until ``stop()`` or until it is released,
/// however long a loaded machine takes to reach its first request (a server that stopped itself
/// after 30 seconds refused a slow test's request), and accepts at most ``maximumConnections``.
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
        /// How long to wait before answering; during a stall nothing is sent, and ``stop()`` ends
        /// it without an answer. `nil`: never answer, until the server stops.
        public var delay: Duration?

        /// Creates a response.
        /// - Parameters:
        ///   - status: The status code.
        ///   - headers: The headers, in order.
        ///   - body: The body.
        ///   - sendsContentLength: Whether to send `Content-Length`.
        ///   - delay: How long to wait before answering; `nil` for never.
        public init(
            status: Int = 200, headers: [(name: String, value: String)] = [], body: [UInt8] = [],
            sendsContentLength: Bool = true, delay: Duration? = .zero
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

        /// No answer at all: the request is read and the connection held open until the server
        /// stops, as by a server that hangs. A client's own deadline is all that ends its wait.
        public static var stall: Response { Response(delay: nil) }
    }

    /// The most connections accepted before the server stops accepting.
    public let maximumConnections: Int
    /// The port bound on 127.0.0.1.
    public let port: UInt16

    private let state: State

    /// Starts a server.
    /// - Parameters:
    ///   - maximumConnections: The most connections accepted. Default: 64.
    ///   - handler: The response for each request.
    /// - Throws: `POSIXError` when the socket cannot be set up.
    public init(maximumConnections: Int = 64, handler: @escaping @Sendable (Request) -> Response) throws {
        self.maximumConnections = maximumConnections
        let listener = try LoopbackListener()
        port = listener.port
        state = State(listener: listener, handler: handler)
        // The threads hold the state, not the server, so releasing the server stops them.
        let state = self.state
        Thread { state.acceptLoop(maximumConnections: maximumConnections) }.start()
    }

    deinit {
        state.stop()
    }

    /// The URL of a path on this server, e.g. `url("/page")`.
    /// - Parameter path: The path, starting with `/`.
    public func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    /// The requests read so far, in arrival order.
    public var requests: [Request] { state.requests }

    /// Stops accepting (within 50 ms) and ends stalls at once; open connections close after
    /// their answer, stalled ones without one.
    public func stop() {
        state.stop()
    }

    /// What the server's threads share.
    private final class State: @unchecked Sendable {
        let listener: LoopbackListener
        let handler: @Sendable (Request) -> Response
        /// Guards `stopped` and `recorded`; stalls wait on it for ``stop()``.
        private let condition = NSCondition()
        private var stopped = false
        private var recorded: [Request] = []

        init(listener: LoopbackListener, handler: @escaping @Sendable (Request) -> Response) {
            self.listener = listener
            self.handler = handler
        }

        var requests: [Request] {
            condition.lock()
            defer { condition.unlock() }
            return recorded
        }

        var isStopped: Bool {
            condition.lock()
            defer { condition.unlock() }
            return stopped
        }

        func stop() {
            condition.lock()
            stopped = true
            condition.broadcast()
            condition.unlock()
        }

        func acceptLoop(maximumConnections: Int) {
            var accepted = 0
            while !isStopped, accepted < maximumConnections {
                var descriptor = pollfd(fd: listener.descriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&descriptor, 1, 50) > 0 else { continue }
                let connection = accept(listener.descriptor, nil, nil)
                guard connection >= 0 else { continue }
                accepted += 1
                Thread { [self] in serve(connection) }.start()
            }
            listener.close()
        }

        /// Waits out a response's delay; `false` when the server stopped first.
        private func waitOut(_ delay: Duration?) -> Bool {
            let until = delay.map { Date().addingTimeInterval(Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18) }
            condition.lock()
            defer { condition.unlock() }
            while !stopped {
                if let until {
                    guard condition.wait(until: until) else { return true }
                } else {
                    condition.wait()
                }
            }
            return false
        }

        func serve(_ connection: Int32) {
            defer { close(connection) }
            // Only a bound on a client that connects and never sends, so its thread ends.
            var timeout = timeval(tv_sec: 120, tv_usec: 0)
            setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            #if canImport(Darwin)
                var on: Int32 = 1
                setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
            #endif
            guard let request = readRequest(connection) else { return }
            condition.lock()
            recorded.append(request)
            condition.unlock()
            let response = handler(request)
            if response.delay != .zero, !waitOut(response.delay) { return }
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
}
