import DeepLinkServiceTesting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DeepLinkServer
@testable import DeepLinkService

/// Which entry of a trusted proxy header is the client, seen through the claim's per-address limit.
struct ClientAddressReaderTests {
    @Test(arguments: [
        (1, "81.2.69.1", "81.2.69.1"),
        (1, "198.18.0.9, 81.2.69.1", "81.2.69.1"),
        (2, "81.2.69.1, 104.16.0.1", "81.2.69.1"),
        (2, "81.2.69.1", nil),
    ] as [(Int, String, String?)])
    func takesTheEntryTheOutermostTrustedProxyAdded(proxies: Int, header: String, client: String?) async throws {
        var configuration = try ServerHarness.configuration(deferred: "{}")
        configuration.trustedProxies = proxies
        configuration.claimsPerMinutePerAddress = 1
        try await ServerHarness.run(.sqlite, configuration: configuration) { server in
            func claim(_ forwarded: String) async throws -> HTTPResponse.Status {
                try await server.client.execute(
                    uri: "/api/v1/deferred/claim", method: .post,
                    headers: [.contentType: "application/json", HTTPField.Name("X-Forwarded-For")!: forwarded], body: .init(string: "{}")
                ).status
            }
            let first = try await claim(header)
            #expect(first == .ok)
            // The same client behind another edge is limited; another client is not.
            if let client {
                let sameClient = try await claim(proxies == 1 ? client : "\(client), 104.16.0.2")
                #expect(sameClient == .tooManyRequests)
                let otherClient = try await claim(proxies == 1 ? "81.2.69.2" : "81.2.69.2, 104.16.0.1")
                #expect(otherClient == .ok)
            } else {
                // Fewer entries than trusted proxies: no address, all such requests share one bucket.
                let alsoUnknown = try await claim("81.2.69.3")
                #expect(alsoUnknown == .tooManyRequests)
            }
        }
    }

    @Test(arguments: [
        ("203.0.113.7", 1, "203.0.113.7"), (" 203.0.113.7 ", 1, "203.0.113.7"), ("10.0.0.1, 203.0.113.7", 1, "203.0.113.7"),
        ("10.0.0.1,\t203.0.113.7,198.51.100.2", 2, "203.0.113.7"), ("a,,b", 2, "a"), ("a, ,b", 2, "a"), (",,b,", 1, "b"),
        ("203.0.113.7", 2, nil), ("", 1, nil), (" , ", 1, nil), ("2001:db8::1, 198.51.100.2", 2, "2001:db8::1"), ("é, x", 2, "é"),
    ] as [(String, Int, String?)])
    func readsTheEntryTheTrustedProxiesPointAtByteByByte(value: String, fromEnd: Int, entry: String?) {
        #expect(ClientAddressReader.entry(in: value, fromEnd: fromEnd) == entry)
        // The same as splitting on commas, without empty pieces, and trimming spaces and tabs.
        let pieces = value.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \t")) }.filter { !$0.isEmpty }
        #expect(ClientAddressReader.entry(in: value, fromEnd: fromEnd) == (pieces.count >= fromEnd ? pieces[pieces.count - fromEnd] : nil))
    }

    @Test(arguments: [("203.0.113.7", true), ("2001:db8::1", true), ("::ffff:1.2.3.4", true), ("1.2.3", false), ("example.com", false), ("", false)])
    func tellsAnAddressFromOtherText(text: String, isAddress: Bool) {
        #expect(IPAddress.isAddress(text) == isAddress)
        #expect(IPAddress.isAddress(text) == (IPAddress(text) != nil))
    }
}
