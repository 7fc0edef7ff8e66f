import DeepLinkCore
@testable import DeepLinkService
import Testing

struct FirebaseImportReportJSONTests {
    @Test func writesTheCountsEveryRowAndWhatWasNotRead() {
        let skipped = LinkServerError(code: .disallowedURL, message: "deals.example.net is not allowed", field: "afl")
        let report = FirebaseImportReport(
            entries: [
                .init(line: 2, shortLink: "https://shop.page.link/summer", code: "summer", outcome: .imported),
                .init(line: 3, shortLink: "https://shop.page.link/cart", code: "cart", outcome: .alreadyImported),
                .init(line: 4, shortLink: "", code: nil, outcome: .skipped(skipped)),
            ],
            ignoredParameters: ["efr", "ibi"], dryRun: true, unreadTimestamps: [UnreadTimestamp(line: 2, text: "yesterday")])
        #expect(
            JSONWriter.write(report.jsonValue(ignoredColumns: ["Archived?"], readColumns: ["Short link", "Link name"]))
                == #"{"alreadyImported":1,"dryRun":true,"ignoredColumns":["Archived?"],"ignoredParameters":["efr","ibi"],"imported":1,"readColumns":["Short link","Link name"],"#
                + #""rows":[{"code":"summer","line":2,"shortLink":"https://shop.page.link/summer","status":"imported"},"#
                + #"{"code":"cart","line":3,"shortLink":"https://shop.page.link/cart","status":"already-imported"},"#
                + #"{"code":null,"error":{"code":"disallowed-url","errors":[{"code":"disallowed-url","field":"afl","message":"deals.example.net is not allowed"}],"#
                + #""field":"afl","message":"deals.example.net is not allowed"},"#
                + #""line":4,"shortLink":"","status":"skipped"}],"skipped":1,"unreadTimestamps":[{"line":2,"text":"yesterday"}]}"#)
    }
}
