import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 and an ephemeral port, for tests that need a real
/// socket (the association doctor). It answers each request from a fixed table, closes every
/// connection after one response, serves at most `maximumConnections` and stops by itself after
/// `lifetime`, or when ``stop()`` is called. It never listens on anything but loopback.
public final class LoopbackHTTPServer: @unchecked Sendable {
    /// A canned response.
    public struct Response: Sendable {
        /// The status code.
        public let status: Int
        /// The headers, in order.
        public let headers: [(String, String)]
        /// The body.
        public let body: String

        /// Creates a response.
        /// - Parameters:
        ///   - status: The status code.
        ///   - headers: The headers, in order.
        ///   - body: The body.
        public init(status: Int, headers: [(String, String)], body: String) {
            self.status = status
            self.headers = headers
            self.body = body
        }

        /// A 200 response with a JSON body.
        /// - Parameters:
        ///   - body: The body.
        ///   - contentType: The `Content-Type` header.
        public static func json(_ body: String, contentType: String = "application/json") -> Response {
            Response(status: 200, headers: [("Content-Type", contentType)], body: body)
        }
    }

    /// The port the server listens on.
    public let port: UInt16
    private let listener: Int32
    private let routes: [String: Response]
    private let lock = NSLock()
    private var stopped = false
    private var finished = false

    /// Starts serving on 127.0.0.1 and an ephemeral port.
    /// - Parameters:
    ///   - routes: The response for each request target (path and query), e.g. `/.well-known/assetlinks.json`;
    ///     other targets get a 404.
    ///   - maximumConnections: How many connections to serve before stopping.
    ///   - lifetime: How long to serve before stopping, in seconds.
    /// - Throws: `POSIXError` when the socket cannot be opened.
    public init(routes: [String: Response], maximumConnections: Int = 32, lifetime: TimeInterval = 120) throws {
        self.routes = routes
        #if canImport(Glibc)
        let streamType = Int32(SOCK_STREAM.rawValue)
        #else
        let streamType = SOCK_STREAM
        #endif
        let descriptor = socket(AF_INET, streamType, 0)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        listener = descriptor
        port = UInt16(bigEndian: address.sin_port)
        let deadline = Date().addingTimeInterval(lifetime)
        let thread = Thread { [self] in
            serve(maximumConnections: maximumConnections, until: deadline)
        }
        thread.start()
    }

    /// `http://127.0.0.1:PORT`.
    public var origin: URL {
        URL(string: "http://127.0.0.1:\(port)")!
    }

    /// Stops serving and waits until the listening socket is closed.
    public func stop() {
        lock.withLock { stopped = true }
        while !lock.withLock({ finished }) { usleep(10_000) }
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func serve(maximumConnections: Int, until deadline: Date) {
        var served = 0
        while served < maximumConnections, !isStopped, Date() < deadline {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            served += 1
            respond(on: connection)
            close(connection)
        }
        close(listener)
        lock.withLock { finished = true }
    }

    private func respond(on connection: Int32) {
        var request = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end = Array("\r\n\r\n".utf8)
        while request.count < 65_536, !request.ends(with: end) {
            var poller = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 2_000) > 0 else { return }
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            request += buffer[0..<count]
        }
        let requestLine = String(decoding: request, as: UTF8.self).split(separator: "\r\n").first ?? ""
        let target = requestLine.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
        let response = routes[target] ?? Response(status: 404, headers: [("Content-Type", "text/html")], body: "<h1>Not found</h1>")
        let reason = [200: "OK", 301: "Moved Permanently", 302: "Found", 404: "Not Found"][response.status] ?? "Status"
        var head = "HTTP/1.1 \(response.status) \(reason)\r\n"
        for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
        let body = Array(response.body.utf8)
        head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        let bytes = Array(head.utf8) + body
        var sent = 0
        while sent < bytes.count {
            #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)
            #else
            let flags: Int32 = 0
            #endif
            let count = bytes[sent...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, flags) }
            guard count > 0 else { return }
            sent += count
        }
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
