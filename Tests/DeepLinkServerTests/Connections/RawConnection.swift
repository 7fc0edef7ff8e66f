import DeepLinkTesting
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A plain TCP connection to the server under test, written to byte by byte as a slow or hostile
/// client would, and watched for the server closing it. Its blocking calls run on a thread of
/// their own, so the server's tasks keep the cooperative pool.
final class RawConnection: @unchecked Sendable {
    private let descriptor: Int32
    /// The connection's own port, by which the server's log names it (`peer`).
    let localPort: Int

    /// Connects to `127.0.0.1:port`.
    init(port: Int) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.descriptor = descriptor
        guard descriptor >= 0 else { throw RawConnectionError("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            Glibc.close(descriptor)
            throw RawConnectionError("connect: \(String(cString: strerror(errno)))")
        }
        var local = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } }
        localPort = Int(UInt16(bigEndian: local.sin_port))
    }

    deinit {
        close()
    }

    private let closed = Mutex(false)

    /// Closes the client's end, once.
    func close() {
        guard !closed.withLock({ closed in defer { closed = true }; return closed }) else { return }
        Glibc.close(descriptor)
    }

    /// Sends `text`; a connection the server already closed is not an error here.
    func send(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads until the server closes the connection, sending `drip` (if any) one byte at a time
    /// every `dripInterval` meanwhile. `limit` only keeps a server that never closes from holding
    /// the test for ever: a minute, far beyond any timeout the tests give the server.
    /// - Returns: How long the server took to close it, or `nil` if it was still open after `limit`,
    ///   and everything it sent.
    func waitForClose(within limit: Duration = .seconds(60), drip: String = "", dripInterval: Duration = .milliseconds(100)) async -> (closedAfter: Duration?, received: String) {
        await onOwnThread { [self] in
            blockingRead(within: limit, drip: Array(drip.utf8), dripInterval: dripInterval) { _ in false }
        }
    }

    /// Reads until what the server sent contains `text` (or it closes the connection, or a minute passes).
    /// - Returns: Everything it sent so far.
    func waitForData(containing text: String) async -> String {
        await onOwnThread { [self] in
            blockingRead(within: .seconds(60), drip: [], dripInterval: .zero) { $0.contains(text) }.received
        }
    }

    private func blockingRead(
        within limit: Duration, drip: [UInt8], dripInterval: Duration, until enough: (String) -> Bool
    ) -> (closedAfter: Duration?, received: String) {
        let start = ContinuousClock.now
        var received = [UInt8]()
        var remainingDrip = drip[...]
        var nextDrip = start
        var buffer = [UInt8](repeating: 0, count: 4096)
        while ContinuousClock.now - start < limit {
            if let byte = remainingDrip.first, ContinuousClock.now >= nextDrip {
                var one = byte
                _ = Glibc.send(descriptor, &one, 1, Int32(MSG_NOSIGNAL))
                remainingDrip = remainingDrip.dropFirst()
                nextDrip = ContinuousClock.now + dripInterval
            }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 20) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return (ContinuousClock.now - start, String(decoding: received, as: UTF8.self)) }
            received += buffer[..<count]
            if enough(String(decoding: received, as: UTF8.self)) { return (nil, String(decoding: received, as: UTF8.self)) }
        }
        return (nil, String(decoding: received, as: UTF8.self))
    }
}

struct RawConnectionError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
