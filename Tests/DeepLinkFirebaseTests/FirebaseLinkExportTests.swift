import DeepLinkTesting
import Foundation
import Testing

@testable import DeepLinkFirebase

struct FirebaseLinkExportTests {
    @Test func readsGoogleTakeoutsExportWithOneColumnPerParameter() throws {
        let export = try FirebaseLinkExport(csv: Fixtures.text("Firebase/takeout-shop.page.link.csv"))
        #expect(export.rows.map(\.line) == [2, 3, 5, 6, 7, 8, 9])
        #expect(export.ignoredColumns == ["Archived?"])
        #expect(export.readColumns.suffix(2) == ["Link name", "Creation timestamp"])
        let summer = try #require(export.rows.first)
        #expect(summer.name == "Summer sale")
        #expect(summer.creationTimestamp == "2023-06-01 09:30:00 UTC")
        #expect(summer.creationDate == Date(timeIntervalSince1970: 1_685_611_800))
        #expect(summer.shortLink == "https://shop.page.link/summer")
        #expect(summer.longLink == nil)
        #expect(summer.parameters == [
            "link": "https://shop.example.com/sales/42", "apn": "com.example.shop", "ibi": "com.example.shop", "isi": "123456789",
            "efr": "1", "st": "Summer sale", "sd": #"50% off, "everything" must go"#, "si": "https://shop.example.com/images/summer.png",
            "utm_source": "newsletter", "utm_medium": "email", "utm_campaign": "summer",
        ])
        #expect(export.rows[1].parameters["afl"] == "https://www.shop.example.com/products/7")
        #expect(export.rows.last?.parameters["at"] == "1l3v")
    }

    @Test(arguments: [
        ("Short link", FirebaseLinkExport.Column.shortLink), ("short_link", .shortLink), ("shortLink", .shortLink),
        ("Short Dynamic Link", .shortLink), ("Long link", .longLink), ("longDynamicLink", .longLink), ("long_url", .longLink),
        ("Deep link (link)", .parameter("link")), ("Deep Link", .parameter("link")), ("deep_link", .parameter("link")), ("link", .parameter("link")),
        ("Android fallback link (afl)", .parameter("afl")), ("Enable forced redirect? (efr)", .parameter("efr")), ("APN", .parameter("apn")),
        ("utm_source", .parameter("utm_source")), ("UTM source", .parameter("utm_source")), ("iTunes connect at", .parameter("at")),
        ("iOS iPad fallback link", .parameter("ipfl")), ("Social image link (si)", .parameter("si")),
    ])
    func recognizesHeaderNamesWithoutCaseSpacesOrPunctuation(header: String, column: FirebaseLinkExport.Column) {
        #expect(FirebaseLinkExport.column(named: header) == column)
    }

    @Test(arguments: ["Archived?", "Clicks", "Link (foo)"])
    func leavesOtherColumnsUnread(header: String) {
        #expect(FirebaseLinkExport.column(named: header) == nil)
    }

    @Test func readsTheLinkNameAndTheCreationTimestamp() {
        #expect(FirebaseLinkExport.column(named: "Link name") == .name)
        #expect(FirebaseLinkExport.column(named: "Creation timestamp") == .creationTimestamp)
        #expect(FirebaseLinkExport.column(named: "created_at") == .creationTimestamp)
    }

    @Test(arguments: [
        ("2023-06-01 09:30:00 UTC", 1_685_611_800.0), ("2023-06-01 09:30:00", 1_685_611_800), ("2023-06-01T09:30:00Z", 1_685_611_800),
        ("2023-06-01T11:30:00+02:00", 1_685_611_800), ("2023-06-01T09:30:00.250Z", 1_685_611_800.25),
    ])
    func readsCreationTimestampsInTakeoutsFormAndISO8601(text: String, seconds: Double) {
        #expect(FirebaseExportRow.date(from: text) == Date(timeIntervalSince1970: seconds), "\(text)")
    }

    @Test(arguments: ["yesterday", "2023-13-01 09:30:00 UTC", "01/06/2023", "", "2023-06-01"])
    func aCreationTimestampThatIsNoDateReadsAsNone(text: String) {
        #expect(FirebaseExportRow.date(from: text) == nil, "\(text)")
    }

    @Test func readsALinkColumnAsTheShortLinkBesideALongLink() throws {
        let export = try FirebaseLinkExport(csv: "Link,Long link,Created\nhttps://go.example.com/a,https://go.example.com/?link=https://x.example/1,2024\n")
        #expect(export.rows == [
            FirebaseExportRow(line: 2, shortLink: "https://go.example.com/a", longLink: "https://go.example.com/?link=https://x.example/1")
        ])
        #expect(export.ignoredColumns == ["Created"])
    }

    @Test func trimsCellsAndLeavesOutRowsWithoutContent() throws {
        let export = try FirebaseLinkExport(csv: "shortLink,link,apn\n https://s.page.link/a , https://x.example/1 ,\n,,\n")
        #expect(export.rows == [FirebaseExportRow(line: 2, shortLink: "https://s.page.link/a", parameters: ["link": "https://x.example/1"])])
    }

    @Test func refusesAHeaderWithoutAShortLinkOrADestinationNamingWhatItFoundAndWhatItNeeds() throws {
        for header in ["Name,Deep link (link)", "Short link,Link name"] {
            let error = #expect(throws: FirebaseLinkError.self) { try FirebaseLinkExport(csv: header + "\n") }
            #expect(error?.code == .unrecognizedHeader)
            #expect(error?.line == 1)
            #expect(error?.message.contains("the header has the columns \(header.replacingOccurrences(of: ",", with: ", "))") == true)
            #expect(error?.message.contains("a short link column (Short link, short_link, shortLink)") == true)
        }
    }

    @Test func refusesTwoColumnsForOneParameter() throws {
        let error = #expect(throws: FirebaseLinkError.self) { try FirebaseLinkExport(csv: "Short link,Deep link (link),link\n") }
        #expect(error?.message == "the columns Deep link (link) and link both hold the Firebase parameter link; keep one")
    }

    @Test func refusesARowWithAnotherNumberOfFieldsThanTheHeader() throws {
        let error = #expect(throws: FirebaseLinkError.self) {
            try FirebaseLinkExport(csv: "Short link,link\r\nhttps://s.page.link/a,https://x.example/1\r\nhttps://s.page.link/b\r\n")
        }
        #expect(error?.code == .malformedCSV)
        #expect(error?.description == "line 3: the row has 1 field but the header on line 1 has 2")
    }

    @Test func refusesAnEmptyFile() throws {
        let error = #expect(throws: FirebaseLinkError.self) { try FirebaseLinkExport(csv: "\u{FEFF}\r\n") }
        #expect(error?.code == .emptyFile)
    }
}
