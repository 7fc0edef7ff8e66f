import DeepLinkService
import NIOPosix
import Synchronization

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The system's resolver (`getaddrinfo`), asked on NIO's thread pool, since it blocks. `Sendable`.
package struct SystemHostResolver: WebhookHostResolver {
    /// Why a name does not resolve.
    struct ResolutionError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// A resolver.
    package init() {}

    /// How long a name may take to resolve.
    static let timeout = Duration.seconds(5)

    /// The host's IPv4 and IPv6 addresses, each once, in the resolver's order.
    /// - Throws: When the name does not resolve within ``timeout``.
    package func addresses(of host: String) async throws -> [IPAddress] {
        // getaddrinfo cannot be cancelled, and a task group would wait for it: the first of the
        // answer and the timeout resumes the caller, and the lookup's thread finishes alone.
        let waiting = Waiting()
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[IPAddress], any Error>) in
            waiting.continuation.withLock { $0 = continuation }
            Task {
                do { waiting.finish(.success(try await Self.resolve(host))) } catch { waiting.finish(.failure(error)) }
            }
            Task {
                try? await Task.sleep(for: Self.timeout)
                waiting.finish(.failure(ResolutionError(message: "no answer within \(Self.timeout)")))
            }
        }
    }

    /// A caller waiting for the first of two results.
    private final class Waiting: Sendable {
        let continuation = Mutex<CheckedContinuation<[IPAddress], any Error>?>(nil)

        /// Resumes the caller with the first result; a later one finds nobody waiting.
        func finish(_ result: Result<[IPAddress], any Error>) {
            let waiting = continuation.withLock { waiting in
                defer { waiting = nil }
                return waiting
            }
            waiting?.resume(with: result)
        }
    }

    private static func resolve(_ host: String) async throws -> [IPAddress] {
        try await NIOThreadPool.singleton.runIfActive {
            var hints = addrinfo()
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            var list: UnsafeMutablePointer<addrinfo>?
            let status = getaddrinfo(host, nil, &hints, &list)
            guard status == 0, let first = list else {
                throw ResolutionError(message: String(cString: gai_strerror(status)))
            }
            defer { freeaddrinfo(first) }
            var addresses: [IPAddress] = []
            var entry: UnsafeMutablePointer<addrinfo>? = first
            while let current = entry {
                if let address = address(current.pointee), !addresses.contains(address) { addresses.append(address) }
                entry = current.pointee.ai_next
            }
            return addresses
        }
    }

    private static func address(_ info: addrinfo) -> IPAddress? {
        guard let socketAddress = info.ai_addr else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        switch info.ai_family {
        case AF_INET:
            var address = socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            guard inet_ntop(AF_INET, &address, &buffer, socklen_t(buffer.count)) != nil else { return nil }
        case AF_INET6:
            var address = socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
            guard inet_ntop(AF_INET6, &address, &buffer, socklen_t(buffer.count)) != nil else { return nil }
        default:
            return nil
        }
        return IPAddress(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
}
