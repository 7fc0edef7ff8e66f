import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

@testable import DeepLinkService

struct ServerConfigurationReadingTests {
    /// A config in a folder of its own, with the given `server` section.
    static func config(server: String, folder: String = "/srv/deeplink") throws -> DeepLinkConfig {
        try DeepLinkConfig.parse(
            """
            {
              "hosts": ["shop.example.com"],
              "routes": {"sales/:id": {"class": "Sale"}},
              "server": \(server)
            }
            """, file: folder + "/MobileDeepLinkingConfig.json")
    }

    @Test func readsEveryKeyOfTheShopExample() throws {
        let configuration = try ServerConfiguration(reading: try DeepLinkConfig.load(contentsOf: Fixtures.shopConfig))
        let folder = Fixtures.shopConfig.deletingLastPathComponent().path
        #expect(configuration.database == .sqlite(path: folder + "/.deeplink/deeplink.sqlite"))
        #expect(configuration.databaseConnectTimeout == .seconds(5))
        #expect(configuration.databaseWait == .seconds(1))
        #expect((configuration.host, configuration.port) == ("127.0.0.1", 8080))
        #expect(configuration.publicHost == "go.shop.example.com")
        #expect(configuration.linkHost == "go.shop.example.com")
        #expect(configuration.redirectAllowlist == [])
        #expect(configuration.linkCacheLifetime == .seconds(2))
        #expect(configuration.writesPerMinutePerKey == 1_200)
        #expect(configuration.writesPerMinutePerAddress == 300)
        #expect(configuration.claimsPerMinutePerAddress == 30)
        #expect(configuration.deferredClicksPerMinutePerAddress == 60)
        #expect(configuration.maximumBodySize == 16384)
        #expect(configuration.maximumPageSize == 100)
    }

    @Test func withoutTheSectionTheDatabaseIsBesideTheConfigFile() throws {
        let config = try DeepLinkConfig.parse(#"{"routes": {"a": {"class": "A"}}}"#, file: "/srv/deeplink/MobileDeepLinkingConfig.json")
        let configuration = try ServerConfiguration(reading: config)
        #expect(configuration.database == .sqlite(path: "/srv/deeplink/.deeplink/deeplink.sqlite"))
        #expect(configuration.port == 8080)
        #expect(configuration.publicHost == nil)
        #expect(configuration.firebaseLongLinks)
    }

    @Test(arguments: [
        (#""data/links.sqlite""#, DatabaseLocation.sqlite(path: "/srv/deeplink/data/links.sqlite")),
        (#""sqlite:../shared/links.sqlite""#, .sqlite(path: "/srv/shared/links.sqlite")),
        (#""sqlite:/var/lib/deeplink.sqlite""#, .sqlite(path: "/var/lib/deeplink.sqlite")),
        (#""postgres://deeplink:secret@db:5432/links""#, .postgres(url: "postgres://deeplink:secret@db:5432/links")),
        (#""postgresql://deeplink@db/links?schema=go""#, .postgres(url: "postgresql://deeplink@db/links?schema=go")),
    ])
    func resolvesARelativeSQLitePathAgainstTheConfigFilesFolder(database: String, location: DatabaseLocation) throws {
        let configuration = try ServerConfiguration(reading: try Self.config(server: #"{"database": \#(database)}"#))
        #expect(configuration.database == location)
    }

    @Test func readsTheSwitchesNullsAndLists() throws {
        let configuration = try ServerConfiguration(
            reading: try Self.config(
                server: """
                    {"publicHost": "Go.Shop.Example.com", "clientAddressHeader": "X-Forwarded-For", "trustedProxies": 2,
                     "firebaseLongLinks": false, "allowedRedirectHosts": ["help.example.com", "*.partner.example"],
                     "databaseConnectTimeoutSeconds": 0.5, "databaseWaitSeconds": 2.5, "linkCacheSeconds": 0, "hsts": true}
                    """))
        #expect(configuration.publicHost == "go.shop.example.com")
        #expect(configuration.clientAddressHeader == "X-Forwarded-For")
        #expect(configuration.trustedProxies == 2)
        #expect(!configuration.firebaseLongLinks)
        #expect(configuration.strictTransportSecurity)
        #expect(configuration.redirectAllowlist == ["help.example.com", "*.partner.example"])
        #expect(configuration.databaseConnectTimeout == .milliseconds(500))
        #expect(configuration.databaseWait == .milliseconds(2500))
        #expect(configuration.linkCacheLifetime == .zero)
        let cleared = try ServerConfiguration(reading: try Self.config(server: #"{"publicHost": null, "clientAddressHeader": null}"#))
        #expect(cleared.publicHost == nil)
        #expect(cleared.clientAddressHeader == nil)
    }

    /// One bad value per row: its code, JSON path and a part of the message.
    @Test(arguments: [
        (#"{"listen": {"portt": 80}}"#, "unknown-key", "server.listen.portt", #"unknown key "portt"; did you mean "port"?"#),
        (#"{"databse": "x.sqlite"}"#, "unknown-key", "server.databse", #"did you mean "database"?"#),
        (#"{"listen": {"port": 70000}}"#, "invalid-value", "server.listen.port", "expected a whole number from 0 to 65535, found 70000"),
        (#"{"listen": {"port": "80"}}"#, "wrong-type", "server.listen.port", "expected a number"),
        (#"{"listen": 8080}"#, "wrong-type", "server.listen", "expected an object"),
        (#"{"publicHost": "https://go.shop.example.com"}"#, "invalid-value", "server.publicHost", "write the host alone"),
        (#"{"allowedRedirectHosts": ["ok.example.com", "bad host"]}"#, "invalid-value", "server.allowedRedirectHosts[1]", "not a host name"),
        (#"{"allowedRedirectHosts": "ok.example.com"}"#, "wrong-type", "server.allowedRedirectHosts", "expected an array"),
        (#"{"database": "mysql://db/links"}"#, "invalid-value", "server.database", "mysql:// is not a database this server can use"),
        (#"{"database": "sqlite:"}"#, "invalid-value", "server.database", "needs a file path"),
        (#"{"databaseConnectTimeoutSeconds": 0}"#, "invalid-value", "server.databaseConnectTimeoutSeconds", "from 0.1 to 300"),
        (#"{"clientAddressHeader": "X Forwarded"}"#, "invalid-value", "server.clientAddressHeader", "is not a header name"),
        (#"{"trustedProxies": 1.5}"#, "invalid-value", "server.trustedProxies", "expected a whole number from 1 to 10, found 1.5"),
        (#"{"firebaseLongLinks": "no"}"#, "wrong-type", "server.firebaseLongLinks", "expected a boolean"),
        (#"{"limits": {"maxBodyBytes": 10}}"#, "invalid-value", "server.limits.maxBodyBytes", "from 1024 to 16777216"),
        (#"{"limits": {"claimsPerMinute": 10}}"#, "unknown-key", "server.limits.claimsPerMinute", #"unknown key "claimsPerMinute""#),
        ("[]", "wrong-type", "server", "expected an object"),
    ])
    func refusesABadValueNamingItsFileLineAndPath(server: String, code: String, path: String, message: String) throws {
        let errors = ServerConfiguration.diagnose(try Self.config(server: server)).errors
        let error = try #require(errors.first, "no error for \(server)")
        #expect(error.code.name == code)
        #expect(error.path.description == path)
        #expect(error.message.contains(message), "\(error.message)")
        #expect(error.file == "/srv/deeplink/MobileDeepLinkingConfig.json")
        #expect(error.location?.line == 4)
        #expect(error.description.hasPrefix("/srv/deeplink/MobileDeepLinkingConfig.json:4:"))
    }

    @Test func reportsEveryBadValueNotJustTheFirst() throws {
        let config = try Self.config(server: #"{"listen": {"port": -1}, "publicHost": "a b", "limits": {"maxPageSize": 0}}"#)
        #expect(ServerConfiguration.diagnose(config).errors.map(\.path.description)
            == ["server.listen.port", "server.publicHost", "server.limits.maxPageSize"])
        #expect(throws: ConfigError.self) { try ServerConfiguration(reading: config) }
    }
}
