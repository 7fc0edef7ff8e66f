// swift-tools-version: 6.0
// An app that adopts only swift-deeplink's library products. CI checks that resolving it
// fetches no other package: the CLI's and server's dependencies must never reach apps.
import PackageDescription

let package = Package(
    name: "ShopApp",
    platforms: [.macOS(.v15), .iOS(.v16)],
    dependencies: [.package(name: "swift-deeplink", path: "../..")],
    targets: [
        .executableTarget(
            name: "ShopApp",
            dependencies: [
                .product(name: "DeepLinkCore", package: "swift-deeplink"),
                .product(name: "DeepLinkAppLinks", package: "swift-deeplink"),
                .product(name: "DeepLinkAssociation", package: "swift-deeplink"),
            ]
        )
    ]
)
