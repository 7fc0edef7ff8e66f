// swift-tools-version: 5.4
// 5.x on purpose: with tools 6.0 SwiftPM renames an executable's entry point to `<target>_main`,
// and libFuzzer's own `main` then fails to link. Build with `./run.sh` (see README.md here).
import PackageDescription

let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
    ("FuzzConfigReader", [.product(name: "DeepLinkCore", package: "swift-deeplink")]),
    ("FuzzRouting", [.product(name: "DeepLinkCore", package: "swift-deeplink")]),
    ("FuzzParameterRegex", [.product(name: "DeepLinkCore", package: "swift-deeplink")]),
    ("FuzzAASA", [.product(name: "DeepLinkAssociation", package: "swift-deeplink")]),
    ("FuzzAssetLinks", [.product(name: "DeepLinkAssociation", package: "swift-deeplink")]),
    ("FuzzAppLinksHTML", [.product(name: "DeepLinkAppLinks", package: "swift-deeplink")]),
    ("FuzzAppLinkData", [.product(name: "DeepLinkAppLinks", package: "swift-deeplink")]),
]

let package = Package(
    name: "swift-deeplink-fuzz",
    platforms: [.macOS("15.0")],
    dependencies: [.package(name: "swift-deeplink", path: "..")],
    targets: [.target(name: "FuzzSupport")]
        + fuzzTargets.map { target in
            .executableTarget(name: target.name, dependencies: target.dependencies + ["FuzzSupport"])
        }
)
