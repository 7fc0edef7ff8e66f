// swift-tools-version: 6.0
// Benchmarks live in their own package so the library never depends on what they compare against.
// Run: swift run -c release --package-path Benchmarks router-benchmarks
//      swift run -c release --package-path Benchmarks aasa-benchmarks
//      swift run -c release --package-path Benchmarks scaling-benchmarks
//      Benchmarks/server/run.sh builds bare-hummingbird, the framework's ceiling, itself
import PackageDescription

let package = Package(
    name: "swift-deeplink-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "swift-deeplink", path: ".."),
        .package(url: "https://github.com/vapor/routing-kit", from: "4.9.3"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        .executableTarget(
            name: "router-benchmarks",
            dependencies: [
                .product(name: "DeepLinkCore", package: "swift-deeplink"),
                .product(name: "RoutingKit", package: "routing-kit"),
                "CHeapUsage",
            ],
            path: "Sources/RouterBenchmarks"
        ),
        .target(name: "CHeapUsage", path: "Sources/CHeapUsage"),
        .executableTarget(
            name: "scaling-benchmarks",
            dependencies: [
                .product(name: "DeepLinkCore", package: "swift-deeplink"),
                .product(name: "DeepLinkAssociation", package: "swift-deeplink"),
                .product(name: "DeepLinkAppLinks", package: "swift-deeplink"),
            ],
            path: "Sources/ScalingBenchmarks"
        ),
        .executableTarget(
            name: "bare-hummingbird",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird")],
            path: "Sources/BareHummingbird"
        ),
        .executableTarget(
            name: "aasa-benchmarks",
            dependencies: [.product(name: "DeepLinkAssociation", package: "swift-deeplink")],
            path: "Sources/AASABenchmarks"
        ),
    ]
)
