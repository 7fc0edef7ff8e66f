import DeepLinkCore
import DeepLinkServiceTesting
import DeepLinkTesting
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import DeepLinkServer
@testable import DeepLinkService

/// Anonymous visitors do not set the volume of click data (issue 43): one address's flood is
/// answered but counted apart, values are capped in bytes, breakdowns in rows, buckets per flush.
struct ClickVolumeTests {
    static func create(_ server: ServerHarness, code: String) async throws {
        _ = try await server.createLink(#"{"code": "\#(code)", "deepLink": "shop://sales/1", "fallbacks": {"webURL": "https://shop.example.com/sale"}}"#)
    }

    static func stats(_ server: ServerHarness, code: String) async throws -> [String: JSONValue] {
        let stats = try await server.api(.get, "/api/v1/links/\(code)/stats")
        #expect(stats.status == .ok, "\(stats.text)")
        return try stats.object()
    }

    /// The counts of a breakdown's rows, added up.
    static func sum(_ rows: [JSONValue]) -> Double {
        rows.reduce(0) { total, row in
            guard case .number(let count) = row.objectValue?["count"] else { return total }
            return total + count
        }
    }

    /// The harness's clock stands still, so the 60 a minute do not refill during the test.
    @Test func oneAddressPastTheRateIsAnsweredEveryTimeAndCountedApart() async throws {
        try await ServerHarness.run(.sqlite, mode: .live) { server in
            try await Self.create(server, code: "flood")
            var answered = 0
            var locations: [String] = []
            for index in 0..<300 {
                let response = try await server.open("/flood?utm_source=s\(index % 7)", userAgent: ServerHarness.desktop)
                if response.status == .found { answered += 1 }
                locations.append(response.headers[.location] ?? "")
            }
            #expect(answered == 300, "every request is answered with the redirect")
            #expect(locations[0] == "https://shop.example.com/sale?utm_source=s0")
            #expect(locations[60] == "https://shop.example.com/sale", "past the rate, the request's UTM fields are not carried")
            let stats = try await Self.stats(server, code: "flood")
            #expect(stats["totalClicks"] == 60)
            #expect(stats["excessClicks"]?.objectValue?["total"] == 240)
            let sources = stats["byUTMSource"]?.arrayValue ?? []
            #expect(Self.sum(sources) == 60, "the excess is in no breakdown")
            // Another link from the same address has a rate of its own.
            try await Self.create(server, code: "other")
            #expect(try await server.open("/other", userAgent: ServerHarness.desktop).status == .found)
            #expect(try await Self.stats(server, code: "other")["totalClicks"] == 1)
        }
    }

    @Test func aUTMValueOfOneLetterAndThousandsOfCombiningMarksIsStoredInAFewHundredBytes() async throws {
        try await ServerHarness.run(.sqlite) { server in
            try await Self.create(server, code: "marks")
            let value = "a" + String(repeating: "\u{0301}", count: 4_400)
            #expect(value.count == 1, "one character")
            let encoded = try #require(value.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
            #expect(try await server.open("/marks?utm_source=\(encoded)", userAgent: ServerHarness.desktop).status == .found)
            _ = try await Self.stats(server, code: "marks")
            let stored = try #require(try await server.store.clickCounts(code: "marks").first?.click.utmSource)
            #expect(stored.utf8.count <= UTMFields.maximumBytes)
            #expect(value.unicodeScalars.starts(with: stored.unicodeScalars))
        }
    }

    @Test func fiveHundredSourcesGiveABreakdownOfFiftyAndOneOtherRow() async throws {
        try await ServerHarness.run(.sqlite) { server in
            try await Self.create(server, code: "many")
            for index in 0..<500 {
                _ = try await server.open("/many?utm_source=source-\(index)", userAgent: ServerHarness.desktop)
            }
            let sources = try #require(try await Self.stats(server, code: "many")["byUTMSource"]?.arrayValue)
            #expect(sources.count == LinkNumbers.maximumShares + 1)
            #expect(sources.last?.objectValue?["name"] == .string(LinkNumbers.otherName))
            #expect(sources.last?.objectValue?["count"] == 450)
            #expect(Self.sum(sources) == 500)
        }
    }

    @Test(arguments: [
        (String(repeating: "x", count: 150), 100, 100),
        (String(repeating: "😀", count: 100), 50, 200),
        ("a" + String(repeating: "\u{0301}", count: 4_400), 1, 199),
        ("spring-sale", 11, 11),
    ])
    func aRequestsUTMValueIsCutToCharactersAndBytes(value: String, characters: Int, bytes: Int) {
        let capped = UTMFields.capped(value)
        #expect(capped.count == characters)
        #expect(capped.utf8.count == bytes)
        #expect(value.unicodeScalars.starts(with: capped.unicodeScalars))
    }

    @Test func aFlushWritesABoundedNumberOfBucketsPerLinkAndCountsEveryClick() {
        var batch: [Click: Int] = [:]
        for index in 0..<1_500 { batch[Click(code: "busy", day: "2026-12-04", platform: .desktop, utmSource: "s\(index)")] = index == 0 ? 50 : 1 }
        batch[Click(code: "quiet", day: "2026-12-04", platform: .ios, utmSource: "mail")] = 3
        let capped = ClickCounter.capped(batch, perLink: 1_000)
        #expect(capped.filter { $0.key.code == "busy" }.count == 1_000)
        #expect(capped[Click(code: "busy", day: "2026-12-04", platform: .desktop, utmSource: "s0")] == 50, "the most clicked kept as it is")
        let other = Click(
            code: "busy", day: "2026-12-04", platform: .desktop, referrerDomain: LinkNumbers.otherName, utmSource: LinkNumbers.otherName,
            utmMedium: LinkNumbers.otherName, utmCampaign: LinkNumbers.otherName)
        #expect(capped[other] == 501)
        #expect(capped.values.reduce(0, +) == batch.values.reduce(0, +))
        #expect(capped[Click(code: "quiet", day: "2026-12-04", platform: .ios, utmSource: "mail")] == 3)
    }
}
