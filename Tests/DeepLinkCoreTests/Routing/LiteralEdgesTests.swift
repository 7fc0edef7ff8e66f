@testable import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

/// The route tree's own hash table of literal edges (`LiteralEdges`), which replaced a
/// `Dictionary` for speed: it must find every edge it holds, through every resize, and nothing else.
struct LiteralEdgesTests {
    @Test func findsEveryEdgeThroughEveryResizeAndNothingElse() {
        var edges = LiteralEdges()
        // Unreserved, so the table grows from its first size many times.
        for node in Int32(0)..<50 {
            for segment in 0..<200 { edges.insert(from: node, segment: "s\(segment)", to: node * 1_000 + Int32(segment)) }
        }
        for node in Int32(0)..<50 {
            for segment in 0..<200 { #expect(edges.target(from: node, segment: "s\(segment)") == node * 1_000 + Int32(segment)) }
        }
        #expect(edges.target(from: 50, segment: "s0") == nil)
        #expect(edges.target(from: 0, segment: "s200") == nil)
        #expect(edges.target(from: 0, segment: "") == nil)
    }

    @Test func tellsSegmentsApartByEveryByteIncludingLongAndNonASCIIOnes() {
        var edges = LiteralEdges()
        let long = String(repeating: "a", count: 40)
        let segments = ["café", "cafe\u{301}", long, long + "b", "A", "a", "é"]
        for (index, segment) in segments.enumerated() { edges.insert(from: 7, segment: segment, to: Int32(index)) }
        for (index, segment) in segments.enumerated() { #expect(edges.target(from: 7, segment: segment) == Int32(index)) }
        #expect(edges.target(from: 7, segment: long + "c") == nil)
        #expect(edges.target(from: 8, segment: "café") == nil)
    }

    @Test func aRouterOfTenThousandLiteralRoutesFindsEachAndRejectsTheirNeighbours() throws {
        let routes = (0..<10_000).map { "\"section\($0 / 10)/item\($0 % 10)\": {\"class\": \"Screen\($0)\"}" }
        let router = try makeRouter("{\"schemes\": [\"shop\"], \"routes\": {\(routes.joined(separator: ", "))}}")
        for index in stride(from: 0, to: 10_000, by: 37) {
            let result = router.match(try url("shop://section\(index / 10)/item\(index % 10)"))
            #expect(result.className == "Screen\(index)")
        }
        #expect(router.match(try url("shop://section1000/item0")).outcome == .none)
        #expect(router.match(try url("shop://section1/item10")).outcome == .none)
    }
}
