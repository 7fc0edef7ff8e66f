import DeepLinkCore
import Foundation
import Testing

@testable import DeepLinkService

/// How a visitor's stable value assigns a variant: the same value the same variant of a link on
/// every call, the values spread over the weights, and stored variants read back only whole.
struct LinkVariantTests {
    static func link(_ weights: [Int], code: String = "spring") -> Link {
        var link = Link(code: code, deepLink: "shop://cart", createdAt: Date(), updatedAt: Date())
        link.variants = weights.enumerated().map { LinkVariant(name: "v\($0)", weight: $1) }
        return link
    }

    @Test func theSameVisitorGetsTheSameVariantOfALinkEveryTime() throws {
        let link = Self.link([50, 50])
        let id = try #require(VisitorID(rawValue: "6F9619FF-8B86-D011-B42D-00C04FC964FF"))
        let first = link.variant(for: id)
        for _ in 0..<100 { #expect(link.variant(for: id) == first) }
    }

    @Test(arguments: [[50, 50], [10, 90], [25, 25, 25, 25], [1, 99], [70, 20, 5, 5]])
    func randomVisitorsSpreadOverTheVariantsByTheirWeights(weights: [Int]) throws {
        let link = Self.link(weights)
        var counts: [String: Int] = [:]
        let visitors = 20_000
        for _ in 0..<visitors { counts[link.variant(for: VisitorID.random())!.name, default: 0] += 1 }
        for (index, weight) in weights.enumerated() {
            let share = Double(counts["v\(index)", default: 0]) / Double(visitors) * 100
            // 20,000 draws: a share is within 1.5 points of its weight far beyond 5 standard deviations.
            #expect(abs(share - Double(weight)) < 1.5, "v\(index): \(share) % for weight \(weight)")
        }
    }

    @Test func aVisitorsBucketsForTwoLinksAreUnrelated() throws {
        var same = 0
        for _ in 0..<2_000 {
            let id = VisitorID.random()
            if Self.link([50, 50], code: "one").variant(for: id) == Self.link([50, 50], code: "two").variant(for: id) { same += 1 }
        }
        #expect((850...1_150).contains(same), "\(same) of 2,000 got the same variant of two links")
    }

    @Test func visitorIDsAreSixteenToSixtyFourSafeCharactersAndReadFromTheCookieHeader() throws {
        #expect(VisitorID(rawValue: "short") == nil)
        #expect(VisitorID(rawValue: String(repeating: "a", count: 65)) == nil)
        #expect(VisitorID(rawValue: "abcdefghijklmnop;") == nil)
        #expect(VisitorID(rawValue: "abcdefghijklmnop") != nil)
        #expect(VisitorID.random().rawValue.count == 22)
        #expect(VisitorID(cookieHeader: "a=1; dl_vid=abcdefghijklmnopq; b=2")?.rawValue == "abcdefghijklmnopq")
        #expect(VisitorID(cookieHeader: "dl_vid=bad") == nil)
        #expect(VisitorID(cookieHeader: "xdl_vid=abcdefghijklmnopq") == nil)
    }

    @Test func storedVariantsReadBackOnlyWhenTheyStillAddUpToAHundred() {
        let variants = [LinkVariant(name: "a", weight: 40), LinkVariant(name: "b", weight: 60, deepLink: "shop://sales/1")]
        #expect(LinkVariant.read(stored: LinkVariant.stored(variants)) == variants)
        #expect(LinkVariant.read(stored: #"[{"name": "a", "weight": 40}, {"name": "b", "weight": 50}]"#) == [])
        #expect(LinkVariant.read(stored: #"[{"name": "a", "weight": 40}, {"weight": 60}]"#) == [])
        #expect(LinkVariant.read(stored: nil) == [])
    }
}
