import DeepLinkService
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Finds a request's client address: with trusted reverse proxies, the entry of their header
/// that the outermost one added (the last entry for one proxy, the one before it for a CDN in
/// front of a load balancer); otherwise the connection's peer. Used for rate limits and
/// probabilistic matching; never stored. `Sendable`.
///
/// A header entry that is not an IP address is not taken: the connection's peer is used instead,
/// and the first such request is logged, since it means the proxy does not set the header as the
/// server was told (``ServerConfiguration/clientAddressHeader``).
struct ClientAddressReader: Sendable {
    /// The trusted proxies' header, or `nil` to use the connection's peer.
    let header: HTTPField.Name?
    /// How many trusted proxies append to the header, at least 1.
    var trustedProxies = 1
    /// Whether a header value that is not an address was logged already, shared by the copies.
    private let reportedBadHeader = LogOnce()

    init(header: HTTPField.Name?, trustedProxies: Int = 1) {
        self.header = header
        self.trustedProxies = trustedProxies
    }

    /// The client's address, or `nil` when it is unknown (in-process tests).
    func address(of request: Request, context: ServerRequestContext) -> String? {
        if let header, let value = request.headers[header], let entry = Self.entry(in: value, fromEnd: trustedProxies) {
            if IPAddress.isAddress(entry) { return entry }
            if !reportedBadHeader.set() {
                context.logger.warning(
                    "a request's client address header holds no IP address; the connection's address counts instead (is the proxy in front setting the header, and is trustedProxies right?)",
                    metadata: ["header": "\(header)", "value": "\(LogText.quoted(String(entry.prefix(64))))"])
            }
        }
        return context.remoteAddress?.ipAddress
    }

    /// What the per-address limits count the client by (``RateLimitKey``): its IPv4 address, or
    /// the /64 of its IPv6 address; `unknown` only in in-process tests, which have no peer.
    /// The `n`th non-empty comma-separated entry from the end of a header's value, without the
    /// spaces and tabs around it; `nil` when the value has fewer. Read byte by byte: this runs for
    /// every click behind a proxy, and Foundation's `trimmingCharacters` was 5 % of a landing
    /// page's time on Linux.
    static func entry(in value: String, fromEnd n: Int) -> String? {
        guard n >= 1 else { return nil }
        let bytes = value.utf8
        var end = bytes.endIndex
        var remaining = n
        while true {
            // One entry: [start, end) after trimming.
            var start = end
            while start > bytes.startIndex, bytes[bytes.index(before: start)] != UInt8(ascii: ",") { start = bytes.index(before: start) }
            var first = start
            var last = end
            while first < last, bytes[first] == UInt8(ascii: " ") || bytes[first] == UInt8(ascii: "\t") { first = bytes.index(after: first) }
            while last > first, bytes[bytes.index(before: last)] == UInt8(ascii: " ") || bytes[bytes.index(before: last)] == UInt8(ascii: "\t") {
                last = bytes.index(before: last)
            }
            // An empty piece (",,") is no entry, as `split` omits it.
            if start < end, first < last {
                remaining -= 1
                if remaining == 0 { return String(Substring(value.utf8[first..<last])) }
            }
            guard start > bytes.startIndex else { return nil }
            end = bytes.index(before: start)
        }
    }

    func limitKey(of request: Request, context: ServerRequestContext) -> String {
        address(of: request, context: context).flatMap(RateLimitKey.of(address:)) ?? "unknown"
    }
}
