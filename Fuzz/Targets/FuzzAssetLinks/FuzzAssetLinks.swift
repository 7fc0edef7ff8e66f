import DeepLinkAssociation
import DeepLinkCore
import FuzzSupport

/// Validates an assetlinks.json statement list and checks it for an app, as Google's verifier would.
@main
enum FuzzAssetLinks {
    static func main() { FuzzDriver.run(fuzzAssetLinks) }
}

func fuzzAssetLinks(_ input: FuzzInput) {
    let text = input.text
    let report = AssetLinkStatementList.validate(text, file: "assetlinks.json")
    _ = report.diagnostics.map(\.description)
    if let list = report.list {
        _ = try? list.check(
            site: "https://shop.example.com", package: "com.example.shop",
            fingerprint: "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5")
    }
}
