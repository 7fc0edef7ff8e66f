// swift-tools-version: 6.0
import PackageDescription

// Only dependency-free libraries are products: SwiftPM resolves the dependencies of every
// declared product for every app that adopts the package. The CLI and the server hang off
// product-less targets so an iOS app that adopts `DeepLinkCore` fetches nothing else.
let package = Package(
    name: "swift-deeplink",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "DeepLinkCore", targets: ["DeepLinkCore"]),
        .library(name: "DeepLinkAppLinks", targets: ["DeepLinkAppLinks"]),
        .library(name: "DeepLinkAssociation", targets: ["DeepLinkAssociation"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(name: "DeepLinkCore"),
        .target(name: "DeepLinkAppLinks", dependencies: ["DeepLinkCore"]),
        .target(name: "DeepLinkAssociation", dependencies: ["DeepLinkCore"]),
        .target(name: "DeepLinkTesting", dependencies: ["DeepLinkCore"], path: "Tests/DeepLinkTesting"),
        .executableTarget(
            name: "deeplink",
            dependencies: [
                "DeepLinkCore",
                "DeepLinkAppLinks",
                "DeepLinkAssociation",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "DeepLinkCoreTests", dependencies: ["DeepLinkCore", "DeepLinkTesting"]),
        .testTarget(name: "DeepLinkAppLinksTests", dependencies: ["DeepLinkAppLinks", "DeepLinkTesting"]),
        .testTarget(name: "DeepLinkAssociationTests", dependencies: ["DeepLinkAssociation", "DeepLinkTesting"]),
        .testTarget(
            name: "deeplinkTests",
            dependencies: [
                "deeplink", "DeepLinkTesting", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
    ]
)

for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
    ]
}
