import DeepLinkFirebase
import FuzzSupport

/// Reads a Firebase Dynamic Links export (Google Takeout's CSV, or a team's own), as
/// `deeplink import firebase` does, and every long link in it.
@main
enum FuzzTakeoutCSV {
    static func main() { FuzzDriver.run(fuzzTakeoutCSV) }
}

func fuzzTakeoutCSV(_ input: FuzzInput) {
    guard let export = try? FirebaseLinkExport(csv: input.text) else { return }
    for row in export.rows {
        if let longLink = row.longLink { _ = try? FirebaseLongLink(url: longLink) }
    }
}
