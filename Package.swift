// swift-tools-version: 6.1
import PackageDescription

// Only dependency-free libraries are products: SwiftPM resolves the dependencies of every
// declared product for every app that adopts the package. The CLI and the server hang off
// product-less targets so an iOS app that adopts `DeepLinkCore` fetches nothing else.
let package = Package(
    name: "swift-deeplink",
    // macOS 15: the link server (and so the CLI) uses Hummingbird (macOS 14) and
    // `Synchronization.Mutex` (macOS 15). iOS apps, which only build the library products, keep iOS 16.
    platforms: [.macOS(.v15), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "DeepLinkCore", targets: ["DeepLinkCore"]),
        .library(name: "DeepLinkAppLinks", targets: ["DeepLinkAppLinks"]),
        .library(name: "DeepLinkAssociation", targets: ["DeepLinkAssociation"]),
    ],
    // PostgreSQL support doubles a first build (postgres-nio brings swift-nio-ssl and swift-crypto,
    // two copies of BoringSSL), and the embedded default, SQLite, needs none of it: the link server
    // takes `--database postgres://…` when built with `--traits PostgreSQL`. The tests build it always.
    traits: [
        .trait(name: "PostgreSQL", description: "The link server and the command line can use a PostgreSQL database."),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Server-only: none of these reach the library products above.
        // Without its default traits: the server reads no swift-configuration providers and parses
        // its forms itself, and swift-configuration would be built for nothing.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        // The dashboard hashes its users' passwords with bcrypt.
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // Already in the graph through Hummingbird; named so the server can import them directly.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // The link server posts webhook messages with it: TLS, timeouts, no redirects, and a
        // connection to the address the server checked (its dnsOverride).
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // Test-only: the OpenAPI document's test reads the YAML with it.
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
    ],
    targets: [
        .target(name: "DeepLinkCore"),
        .target(name: "DeepLinkAppLinks", dependencies: ["DeepLinkCore"]),
        .target(name: "DeepLinkAssociation", dependencies: ["DeepLinkCore"]),
        .target(
            name: "DeepLinkQRCode",
            dependencies: [
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .target(name: "DeepLinkFirebase", dependencies: ["DeepLinkCore"]),
        // The MaxMind DB (.mmdb) reader that tells a visitor's country: no dependencies, no system library.
        .target(name: "DeepLinkGeoIP"),
        .target(name: "CChildProcess", path: "Tests/CChildProcess"),
        .target(name: "DeepLinkTesting", dependencies: ["DeepLinkCore", "CChildProcess"], path: "Tests/DeepLinkTesting"),
        // The link service: links and their editing rules, clicks, deferred links, settings, the
        // storage protocols and the SQL both stores share. It does not import Hummingbird, so the
        // compiler keeps HTTP out of it and the stores build without the HTTP stack.
        .target(
            name: "DeepLinkService",
            dependencies: [
                "DeepLinkCore",
                "DeepLinkAssociation",
                "DeepLinkFirebase",
                "DeepLinkGeoIP",
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            // The list's source and licence; not needed at run time.
            exclude: ["Resources/common-passwords.NOTICE"],
            resources: [.copy("Resources/common-passwords.txt")]
        ),
        // The HTTP server over the link service: routes, middleware, pages, the dashboard and the
        // application's assembly.
        .target(
            name: "DeepLinkServer",
            dependencies: [
                "DeepLinkCore",
                "DeepLinkAppLinks",
                "DeepLinkAssociation",
                "DeepLinkFirebase",
                "DeepLinkQRCode",
                "DeepLinkService",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            resources: [.copy("openapi.yaml"), .copy("Templates")]
        ),
        .target(
            name: "DeepLinkStoreSQLite",
            dependencies: [
                "DeepLinkService",
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "DeepLinkStorePostgres",
            dependencies: [
                "DeepLinkService",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "deeplink",
            dependencies: [
                "DeepLinkCore",
                "DeepLinkAppLinks",
                "DeepLinkAssociation",
                "DeepLinkFirebase",
                "DeepLinkService",
                "DeepLinkServer",
                "DeepLinkStoreSQLite",
                .target(name: "DeepLinkStorePostgres", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .testTarget(name: "DeepLinkCoreTests", dependencies: ["DeepLinkCore", "DeepLinkTesting"]),
        .testTarget(name: "DeepLinkAppLinksTests", dependencies: ["DeepLinkAppLinks", "DeepLinkTesting"]),
        .testTarget(name: "DeepLinkAssociationTests", dependencies: ["DeepLinkAssociation", "DeepLinkTesting"]),
        .testTarget(name: "DeepLinkFirebaseTests", dependencies: ["DeepLinkFirebase", "DeepLinkTesting"]),
        .testTarget(name: "DeepLinkGeoIPTests", dependencies: ["DeepLinkGeoIP", "DeepLinkTesting"]),
        .testTarget(name: "DeepLinkQRCodeTests", dependencies: ["DeepLinkQRCode", "DeepLinkTesting"]),
        // Helpers of the service's, the stores' and the server's tests: a fresh store on each
        // backend, a log that can be read, a PostgreSQL server of a test's own.
        .target(
            name: "DeepLinkServiceTesting",
            dependencies: [
                "DeepLinkService", "DeepLinkStoreSQLite", "DeepLinkStorePostgres", "DeepLinkTesting",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/DeepLinkServiceTesting"
        ),
        // The link service without HTTP, a folder for each of Sources/DeepLinkService/'s; the
        // storage tests run on both stores.
        .testTarget(
            name: "DeepLinkServiceTests",
            dependencies: [
                "DeepLinkService", "DeepLinkServiceTesting", "DeepLinkStoreSQLite", "DeepLinkStorePostgres", "DeepLinkTesting", "DeepLinkFirebase",
                "DeepLinkCore",
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // What each store does of its own: SQLite's connections and closing, PostgreSQL's pool, TLS and outages.
        .testTarget(
            name: "DeepLinkStoreSQLiteTests",
            dependencies: [
                "DeepLinkService", "DeepLinkServiceTesting", "DeepLinkStoreSQLite", "DeepLinkTesting",
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "DeepLinkStorePostgresTests",
            dependencies: [
                "DeepLinkService", "DeepLinkServiceTesting", "DeepLinkStorePostgres", "DeepLinkTesting",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "DeepLinkServerTests",
            dependencies: [
                "DeepLinkService", "DeepLinkServiceTesting", "DeepLinkServer", "DeepLinkStoreSQLite", "DeepLinkStorePostgres", "DeepLinkTesting",
                "DeepLinkQRCode", "DeepLinkFirebase",
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .testTarget(
            name: "deeplinkTests",
            dependencies: [
                "deeplink", "DeepLinkTesting", "DeepLinkService", "DeepLinkStoreSQLite", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
    ]
)

// Fuzz targets (Fuzz/README.md), declared only when DEEPLINK_FUZZ=1 so that neither an app that
// adopts the package nor a normal build sees them; Fuzz/run.sh builds them with the sanitizers.
if Context.environment["DEEPLINK_FUZZ"] == "1" {
    let parsers: [(name: String, dependencies: [Target.Dependency])] = [
        ("FuzzConfigReader", ["DeepLinkCore"]), ("FuzzRouting", ["DeepLinkCore"]), ("FuzzParameterRegex", ["DeepLinkCore"]),
        ("FuzzDeferredClaim", ["DeepLinkCore"]), ("FuzzAASA", ["DeepLinkAssociation"]), ("FuzzAssetLinks", ["DeepLinkAssociation"]),
        ("FuzzAppLinksHTML", ["DeepLinkAppLinks"]), ("FuzzAppLinkData", ["DeepLinkAppLinks"]),
        ("FuzzFirebaseLongLink", ["DeepLinkFirebase", "DeepLinkCore"]), ("FuzzTakeoutCSV", ["DeepLinkFirebase"]),
        ("FuzzMaxMindDatabase", ["DeepLinkGeoIP"]),
        ("FuzzDashboardForm", ["DeepLinkService", "DeepLinkCore"]),
        ("FuzzSignIn", ["DeepLinkService", "DeepLinkCore", .product(name: "HummingbirdBcrypt", package: "hummingbird-auth")]),
    ]
    package.targets.append(.target(name: "FuzzSupport", path: "Fuzz/Support"))
    package.targets += parsers.map { parser in
        .executableTarget(name: parser.name, dependencies: parser.dependencies + ["FuzzSupport"], path: "Fuzz/Targets/\(parser.name)")
    }
}

for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
    ]
}
