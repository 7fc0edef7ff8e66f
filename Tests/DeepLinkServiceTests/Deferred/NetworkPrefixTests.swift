import Testing

@testable import DeepLinkService

struct NetworkPrefixTests {
    @Test(arguments: [
        ("81.2.69.160", "81.2.69.0/24"),
        ("8.8.8.8", "8.8.8.0/24"),
        ("::ffff:81.2.69.160", "81.2.69.0/24"),
        ("2a02:1810:4d02:9c00:1234:5678:9abc:def0", "2a02:1810:4d02:9c00::/64"),
        ("2a02:1810::1", "2a02:1810:0:0::/64"),
    ])
    func keepsTheNetworkOfPublicAddresses(address: String, prefix: String) {
        #expect(NetworkPrefix(address: address)?.text == prefix)
    }

    @Test(arguments: [
        "10.0.0.1", "172.16.5.4", "172.31.255.255", "192.168.1.1", "100.64.0.1", "100.127.255.254", "127.0.0.1", "169.254.1.1",
        "0.0.0.0", "224.0.0.1", "255.255.255.255", "192.0.2.1", "198.51.100.1", "203.0.113.9", "::1", "fe80::1", "fd12:3456::1",
        "fc00::1", "2001:db8::1", "::ffff:10.0.0.1", "ff02::1",
    ])
    func refusesPrivateSharedAndReservedAddresses(address: String) {
        #expect(NetworkPrefix(address: address) == nil)
    }

    @Test(arguments: ["", "unknown", "1.2.3", "1.2.3.4.5", "256.1.1.1", "01.2.3.4", "1::2::3", "2a02:1810:4d02:9c00:1:2:3:4:5", "2a02:zzzz::1"])
    func refusesWhatIsNotAnAddress(text: String) {
        #expect(NetworkPrefix(address: text) == nil)
    }

    @Test func hashesDependOnTheSalt() throws {
        let prefix = try #require(NetworkPrefix(address: "81.2.69.160"))
        let neighbour = try #require(NetworkPrefix(address: "81.2.69.7"))
        #expect(prefix.hash(salt: "a") == neighbour.hash(salt: "a"))
        #expect(prefix.hash(salt: "a") != prefix.hash(salt: "b"))
    }
}
