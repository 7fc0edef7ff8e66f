import DeepLinkCore
import Testing

/// Route keys are read by a one-pass byte reader when they are in the common form and by the
/// general reader otherwise; both must give the same segments and the same errors.
struct RoutePatternTests {
    @Test(arguments: [
        ("sales/:saleId", [RoutePattern.Segment.literal("sales"), .parameter("saleId")]),
        ("/sales/:saleId/", [.literal("sales"), .parameter("saleId")]),
        ("//a///", [.literal("a")]),
        ("x:y/:id", [.literal("x:y"), .parameter("id")]),
        ("a/::b", [.literal("a"), .parameter(":b")]),
        ("café/:id", [.literal("café"), .parameter("id")]),
        ("Sales/:ID/Items", [.literal("Sales"), .parameter("ID"), .literal("Items")]),
    ])
    func readsSegmentsTheSameWayWhicheverReaderTakesTheKey(key: String, segments: [RoutePattern.Segment]) throws {
        let pattern = try RoutePattern(key)
        #expect(pattern.segments == segments)
        #expect(pattern.description == key)
    }

    @Test(arguments: [
        ("a//b", "has an empty segment"),
        ("a/:", "has a ':' without a parameter name"),
        ("a/:x/:x", "parameter :x is used twice"),
        ("shop://sales/3", "starts with a scheme"),
        ("///", "must not be empty"),
        ("", "must not be empty"),
        ("é//b", "has an empty segment"),
    ])
    func rejectsMalformedKeysWithTheGeneralReadersMessage(key: String, message: String) {
        #expect {
            try RoutePattern(key)
        } throws: { error in
            (error as? ConfigError)?.message.contains(message) == true
        }
    }

    @Test func readsManyParametersAndFindsADuplicateAmongThem() throws {
        let names = (0..<40).map { "p\($0)" }
        let pattern = try RoutePattern(names.map { ":" + $0 }.joined(separator: "/"))
        #expect(pattern.parameterNames == names)
        #expect(throws: ConfigError.self) { try RoutePattern((names + ["p3"]).map { ":" + $0 }.joined(separator: "/")) }
    }
}
