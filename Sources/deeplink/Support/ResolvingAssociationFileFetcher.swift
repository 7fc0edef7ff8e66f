import AsyncHTTPClient
import DeepLinkAssociation
import DeepLinkService
import Foundation
import NIOCore
import NIOHTTP1

/// `deeplink doctor --resolve HOST:PORT:ADDRESS`, as curl has it: requests to `HOST` connect
/// to `ADDRESS` instead of what DNS says, while the request names `HOST` (its `Host` header and,
/// over https, the TLS server name the certificate is checked against), so a staging or local
/// link server is checked before DNS points at it. Redirects are not followed.
struct ResolvingAssociationFileFetcher: AssociationFileFetcher {
    /// One `--resolve` entry.
    struct Entry: Sendable, Hashable {
        /// The host the site is named by.
        let host: String
        /// The port it applies to.
        let port: Int
        /// The address connected to.
        let address: String

        /// Whether the address is this machine's.
        var isLoopback: Bool { address == "127.0.0.1" || address == "::1" || address.hasPrefix("127.") || address == "localhost" }

        /// Reads `HOST:PORT:ADDRESS`; an IPv6 address may be in brackets (`[::1]`).
        init(parsing text: String) throws(CommandFailure) {
            let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            func refuse(_ why: String) -> CommandFailure {
                CommandFailure("--resolve \(text): \(why); write HOST:PORT:ADDRESS, e.g. go.shop.example.com:8080:127.0.0.1", code: "invalid-resolve", status: .usage)
            }
            guard parts.count == 3 else { throw refuse("it has no HOST, PORT and ADDRESS") }
            let host = parts[0].lowercased()
            guard !host.isEmpty, host.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }) else { throw refuse("\(parts[0]) is not a host name") }
            guard let port = Int(parts[1]), (1...65_535).contains(port) else { throw refuse("\(parts[1]) is not a port from 1 to 65535") }
            var address = parts[2]
            if address.hasPrefix("["), address.hasSuffix("]") { address = String(address.dropFirst().dropLast()) }
            guard IPAddress.isAddress(address) else { throw refuse("\(parts[2]) is not an IP address") }
            self.host = host
            self.port = port
            self.address = address
        }
    }

    /// The most bytes of a file read: Apple ignores files over 128 KB, so a megabyte is plenty.
    static let maximumBodyBytes = 1 << 20

    let entries: [Entry]
    let timeout: TimeInterval

    func fetch(_ url: URL) async throws -> FetchedResponse {
        let seconds = Int64(timeout.rounded(.up))
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow, timeout: .init(connect: .seconds(min(seconds, 10)), read: .seconds(seconds)))
        let port = url.port ?? (url.scheme == "https" ? 443 : 80)
        if let host = url.host?.lowercased(), let entry = entries.first(where: { $0.host == host && $0.port == port }) {
            configuration.dnsOverride = [host: entry.address]
            if let written = url.host { configuration.dnsOverride[written] = entry.address }
        }
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        do {
            var request = HTTPClientRequest(url: url.absoluteString)
            request.headers.add(name: "User-Agent", value: "swift-deeplink-doctor")
            let response = try await client.execute(request, timeout: .seconds(seconds))
            var body = ByteBuffer()
            for try await part in response.body {
                var part = part
                body.writeBuffer(&part)
                if body.readableBytes > Self.maximumBodyBytes { break }
            }
            var headers: [String: String] = [:]
            for header in response.headers { headers[header.name.lowercased()] = headers[header.name.lowercased()].map { "\($0), \(header.value)" } ?? header.value }
            try? await client.shutdown()
            return FetchedResponse(url: url, statusCode: Int(response.status.code), headers: headers, body: Data(body.readableBytesView))
        } catch {
            try? await client.shutdown()
            throw error
        }
    }
}
