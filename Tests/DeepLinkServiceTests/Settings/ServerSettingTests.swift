import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

@testable import DeepLinkService

struct ServerSettingTests {
    @Test func everySettingHasItsOwnKeyFlagAndVariableNamedAfterTheFlag() {
        let all = ServerSetting.all
        #expect(Set(all.map(\.configKey)).count == all.count)
        #expect(Set(all.map(\.flag)).count == all.count)
        #expect(ServerSetting.port.environmentVariable == "DEEPLINK_PORT")
        #expect(ServerSetting.database.environmentVariable == "DEEPLINK_DATABASE")
        #expect(ServerSetting.publicHost.environmentVariable == "DEEPLINK_PUBLIC_HOST")
        #expect(ServerSetting.port.configKey == "server.listen.port")
        #expect(all.allSatisfy { $0.environmentVariable == "DEEPLINK_" + $0.flag.uppercased().replacingOccurrences(of: "-", with: "_") })
    }

    /// Text, as a variable or flag gives it, is read by the code that reads the config.
    @Test(arguments: [
        (ServerSetting.port, "abc", #"expected a whole number from 0 to 65535, found "abc""#),
        (.port, "70000", "expected a whole number from 0 to 65535, found 70000"),
        (.trustedProxies, "0", "expected a whole number from 1 to 10, found 0"),
        (.publicHost, "go.example.com/links", "write the host alone"),
        (.allowedRedirectHosts, "ok.example.com,https://bad", "not a host name"),
        (.clientAddressHeader, "X Forwarded", "is not a header name"),
        (.database, "mysql://db/links", "mysql:// is not a database this server can use"),
        (.firebaseLongLinks, "maybe", #"expected true or false, found "maybe""#),
        (.hsts, "on", #"expected true or false, found "on""#),
        (.linkCache, "soon", "expected a number of seconds from 0 to 3600"),
        (.publicURL, "https://go.shop.example.com", "go.shop.example.com is not an address of the local network"),
        (.publicURL, "http://8.8.8.8:8080", "8.8.8.8 is not an address of the local network"),
        (.publicURL, "http://172.32.0.1", "172.32.0.1 is not an address of the local network"),
        (.publicURL, "http://192.168.1.20:8080/links", "has more than an origin"),
        (.publicURL, "http://192.168.1.20:8080?x=1", "has more than an origin"),
        (.publicURL, "http://me@192.168.1.20", "has more than an origin"),
        (.publicURL, "ftp://192.168.1.20", "is not a URL such as http://192.168.1.20:8080"),
        (.publicURL, "192.168.1.20:8080", "is not a URL"),
    ])
    func refusesBadTextWithTheWordsTheConfigGets(setting: ServerSetting, text: String, message: String) {
        var configuration = ServerConfiguration(deepLinkConfig: DeepLinkConfig())
        #expect(throws: ServerSetting.Problem.self) {
            try setting.apply(text: text, to: &configuration, relativeTo: URL(fileURLWithPath: "/srv"))
        }
        do {
            try setting.apply(text: text, to: &configuration, relativeTo: URL(fileURLWithPath: "/srv"))
        } catch {
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    /// The development origin takes the local network's addresses only (RFC 1918, RFC 4193,
    /// loopback, link-local, mDNS names), so it cannot stand in for a production link domain.
    @Test(arguments: [
        ("http://192.168.1.20:8080", "http://192.168.1.20:8080"), ("http://10.0.0.7", "http://10.0.0.7"),
        ("HTTP://172.16.4.2:80/", "http://172.16.4.2:80"), ("https://172.31.255.1:8443", "https://172.31.255.1:8443"),
        ("http://localhost:8080", "http://localhost:8080"), ("http://Macbook.local:8080", "http://macbook.local:8080"),
        ("http://127.0.0.1:9000", "http://127.0.0.1:9000"), ("http://169.254.10.1", "http://169.254.10.1"),
        ("http://[fd12:3456::1]:8080", "http://[fd12:3456::1]:8080"), ("http://[fe80::1]", "http://[fe80::1]"),
    ])
    func takesADevelopmentOriginOnTheLocalNetwork(text: String, origin: String) throws {
        var configuration = ServerConfiguration(deepLinkConfig: DeepLinkConfig())
        try ServerSetting.publicURL.apply(text: text, to: &configuration, relativeTo: URL(fileURLWithPath: "/srv"))
        #expect(configuration.publicURL?.description == origin)
        #expect(configuration.linkOrigin?.url("/spring") == origin + "/spring")
    }

    @Test func aDevelopmentOriginMatchesItsOwnHostAndPortOnly() throws {
        let origin = try ShortLinkOrigin.development("http://192.168.1.20:8080")
        #expect(origin.matches(host: "192.168.1.20", port: 8080))
        #expect(!origin.matches(host: "192.168.1.20", port: nil), "port 80 is another server")
        #expect(!origin.matches(host: "192.168.1.21", port: 8080))
        let https = ShortLinkOrigin(httpsHost: "Go.Shop.Example.com")
        #expect(https.description == "https://go.shop.example.com")
        #expect(https.matches(host: "go.shop.example.com", port: 443))
    }

    @Test func appliesTextToTheConfiguration() throws {
        var configuration = ServerConfiguration(deepLinkConfig: DeepLinkConfig())
        let here = URL(fileURLWithPath: "/home/me", isDirectory: true)
        try ServerSetting.port.apply(text: "9090", to: &configuration, relativeTo: here)
        try ServerSetting.database.apply(text: "links.sqlite", to: &configuration, relativeTo: here)
        try ServerSetting.allowedRedirectHosts.apply(text: "a.example.com, *.b.example.com", to: &configuration, relativeTo: here)
        try ServerSetting.firebaseLongLinks.apply(text: "true", to: &configuration, relativeTo: here)
        try ServerSetting.databaseConnectTimeout.apply(text: "2.5", to: &configuration, relativeTo: here)
        #expect(!configuration.strictTransportSecurity)
        try ServerSetting.hsts.apply(text: "true", to: &configuration, relativeTo: here)
        #expect(configuration.strictTransportSecurity)
        #expect(configuration.port == 9090)
        #expect(configuration.database == .sqlite(path: "/home/me/links.sqlite"))
        #expect(configuration.redirectAllowlist == ["a.example.com", "*.b.example.com"])
        #expect(!configuration.firebaseLongLinks)
        #expect(configuration.databaseConnectTimeout == .milliseconds(2500))
    }

    @Test func printsADatabaseWithoutItsPassword() {
        #expect(DatabaseLocation.postgres(url: "postgres://deeplink:secret@db:5432/links").description == "postgres://deeplink:****@db:5432/links")
        #expect(DatabaseLocation.postgres(url: "postgres://deeplink@db/links").description == "postgres://deeplink@db/links")
        #expect(DatabaseLocation.sqlite(path: "/srv/deeplink/deeplink.sqlite").description == "sqlite:/srv/deeplink/deeplink.sqlite")
    }

    /// Docs/Settings.md's settings table has a row for every setting: its key, variable and flag.
    @Test(arguments: ServerSetting.all.map(\.configKey))
    func theServerDocsListEverySetting(configKey: String) throws {
        let setting = try #require(ServerSetting.all.first { $0.configKey == configKey })
        let docs = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Docs/Settings.md"), encoding: .utf8)
        let row = docs.split(separator: "\n").first { $0.hasPrefix("| `\(configKey)`") }
        #expect(row?.contains("`\(setting.environmentVariable)`") == true, "no row for \(configKey) naming \(setting.environmentVariable)")
        #expect(row?.contains("`\(setting.flagName)`") == true, "no row for \(configKey) naming \(setting.flagName)")
    }
}
