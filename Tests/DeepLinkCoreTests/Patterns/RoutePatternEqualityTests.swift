import DeepLinkCore
import Foundation
import Testing

/// A pattern stores its key alone; its segments, equality and hash are read from the key.
struct RoutePatternEqualityTests {
    @Test(arguments: [
        ("sales/:saleId", "/sales/:saleId/"),
        ("//files/*path", "files/*path"),
        ("caf\u{E9}/:id", "cafe\u{301}/:id"),
        ("\u{212A}elvin", "Kelvin"),
    ])
    func keysWithTheSameSegmentsAreEqualAndHashAlike(first: String, second: String) throws {
        let (left, right) = (try RoutePattern(first), try RoutePattern(second))
        #expect(left == right)
        #expect(left.segments == right.segments)
        #expect(left.hashValue == right.hashValue)
        #expect(Set([left, right]).count == 1)
        #expect(left.description == first)
    }

    @Test(arguments: [("sales/:saleId", "sales/:id"), ("a/*b", "a/:b"), ("a/b", "a/b/c"), ("a/*", "a/:x")])
    func keysWithOtherSegmentsDiffer(first: String, second: String) throws {
        #expect(try RoutePattern(first) != RoutePattern(second))
    }

    @Test func segmentsAreReadFromTheKeyAsWritten() throws {
        #expect(try RoutePattern("/shop/:id/*rest").segments == [.literal("shop"), .parameter("id"), .catchAll("rest")])
        #expect(try RoutePattern("a/*").segments == [.literal("a"), .literal("*")])
        #expect(try RoutePattern("caf\u{E9}/:n\u{E4}me/").segments == [.literal("caf\u{E9}"), .parameter("n\u{E4}me")])
        #expect(try RoutePattern("x/:a/:b").parameterNames == ["a", "b"])
    }

    @Test func twoKeysForOnePatternAreADuplicateRoute() throws {
        let json = #"{"routes": {"/a/:id": {"class": "A"}, "a/:id/": {"class": "B"}}}"#
        #expect(throws: ConfigError.self) { try DeepLinkConfig.parse(json) }
        // Keys equal as strings are already one JSON key; a code route can still repeat one.
        var builder = RouterBuilder(config: try DeepLinkConfig.parse(#"{"routes": {"Kelvin": {"class": "A"}}}"#))
        try builder.addRoute("\u{212A}elvin", className: "B")
        #expect(throws: ConfigError.self) { try builder.build() }
    }

    @Test func aDefinitionKeepsWhatFewRoutesSet() throws {
        let far = SourceLocation(line: Int.max, column: 3)
        let route = RouteDefinition(
            pattern: try RoutePattern("a"), destination: RouteDestination(className: "A", identifier: "first", storyboard: StoryboardNames(iPhone: "Main")),
            requiresAuth: true, allowedOrigins: [.userTap], parent: "b", location: far)
        #expect(route.location == far)
        #expect(route.allowedOrigins == [.userTap])
        #expect(route.parent == "b")
        #expect(route.destination.explicitIdentifier == "first")
        #expect(route.destination.storyboard == StoryboardNames(iPhone: "Main"))
        let plain = RouteDefinition(pattern: try RoutePattern("a"), destination: RouteDestination(className: "A"), location: SourceLocation(line: 2, column: 5))
        #expect(plain.location == SourceLocation(line: 2, column: 5))
        #expect(plain.allowedOrigins == nil && plain.parent == nil && plain.destination.explicitIdentifier == nil)
        #expect(plain.destination.identifier == "a")
        #expect(route != plain)
        #expect(plain == RouteDefinition(pattern: try RoutePattern("/a/"), destination: RouteDestination(className: "A"), location: SourceLocation(line: 2, column: 5)))
    }

    @Test(arguments: [
        ("SaleViewController", "saleViewController"), ("sale", "sale"), ("1Up", "1Up"), ("\u{C4}rger", "\u{E4}rger"),
        ("E\u{301}cran", "e\u{301}cran"), ("A", "a"),
    ])
    func theIdentifierIsTheClassWithItsFirstLetterLowercased(className: String, identifier: String) {
        #expect(RouteDestination(className: className).identifier == identifier)
        #expect(RouteDestination(className: className, identifier: "own").identifier == "own")
    }
}
