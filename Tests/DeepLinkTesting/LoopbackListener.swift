import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A listening TCP socket on 127.0.0.1 at an ephemeral port.
///
/// ``LoopbackHTTPServer`` accepts on one. Left alone, it holds its port and never accepts: a
/// client connects (the kernel completes the handshake) and then waits for an answer that never
/// comes, as with a server that hangs.
public final class LoopbackListener: @unchecked Sendable {
    /// The socket's file descriptor.
    public let descriptor: Int32
    /// The port bound on 127.0.0.1.
    public let port: UInt16

    /// Opens the socket and listens.
    /// - Throws: `POSIXError` when the socket cannot be set up.
    public init() throws {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && listen(descriptor, 16) == 0
                    && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else {
            let code = errno
            Self.close(descriptor)
            throw POSIXError(.init(rawValue: code) ?? .EIO)
        }
        self.descriptor = descriptor
        self.port = UInt16(bigEndian: address.sin_port)
    }

    /// Closes the socket, freeing the port.
    public func close() {
        Self.close(descriptor)
    }

    private static func close(_ descriptor: Int32) {
        #if canImport(Glibc)
            _ = Glibc.close(descriptor)
        #else
            _ = Darwin.close(descriptor)
        #endif
    }

    /// A loopback port nothing listens on: connecting to it is refused.
    /// - Throws: `POSIXError` when no socket can be set up.
    public static func closedPort() throws -> Int {
        let listener = try LoopbackListener()
        listener.close()
        return Int(listener.port)
    }
}
