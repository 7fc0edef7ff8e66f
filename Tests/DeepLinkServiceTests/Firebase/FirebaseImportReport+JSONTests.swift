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
            ignoredParameters: ["efr", "ibi"], dryRun: true)
        #expect(
            JSONWriter.write(report.jsonValue(ignoredColumns: ["Link name"]))
                == #"{"alreadyImported":1,"dryRun":true,"ignoredColumns":["Link name"],"ignoredParameters":["efr","ibi"],"imported":1,"#
                + #""rows":[{"code":"summer","line":2,"shortLink":"https://shop.page.link/summer","status":"imported"},"#
                + #"{"code":"cart","line":3,"shortLink":"https://shop.page.link/cart","status":"already-imported"},"#
                + #"{"code":null,"error":{"code":"disallowed-url","errors":[{"code":"disallowed-url","field":"afl","message":"deals.example.net is not allowed"}],"#
                + #""field":"afl","message":"deals.example.net is not allowed"},"#
                + #""line":4,"shortLink":"","status":"skipped"}],"skipped":1}"#)
    }
}
