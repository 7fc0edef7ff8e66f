import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

/// The router's flat route table against a reference that tries every route in turn, as the
/// original libraries did, on randomized tables: literal, parameter and catch-all segments,
/// regexes that reject some values, a declared query parameter, and paths that fall back.
struct RouteTableTests {
    /// One route of a generated table, as the reference sees it.
    struct ReferenceRoute {
        enum Segment: Equatable {
            case literal(String)
            case parameter(String, digitsOnly: Bool)
            case catchAll(String)
        }

        let key: String
        let segments: [Segment]
        /// A declared query parameter `q` with `"regex": "[a-z]+"`, when the route has one.
        let declaresQuery: Bool

        /// The route's parameters for the first `length` segments, or `nil` when it does not match them.
        func match(_ path: [String], length: Int, query: [(String, String)]) -> [String: String]? {
            var parameters: [String: String] = [:]
            var takesTheRest = false
            for (position, segment) in segments.enumerated() {
                switch segment {
                case .literal(let text):
                    guard position < length, path[position] == text else { return nil }
                case .parameter(let name, let digitsOnly):
                    guard position < length else { return nil }
                    let value = path[position]
                    if digitsOnly, !value.allSatisfy({ ("0"..."9").contains($0) }) { return nil }
                    parameters[name] = value
                case .catchAll(let name):
                    guard position < length else { return nil }
                    parameters[name] = path[position..<length].joined(separator: "/")
                    takesTheRest = true
                }
            }
            guard takesTheRest || segments.count == length else { return nil }
            if declaresQuery, let value = query.last(where: { $0.0 == "q" && !$0.1.isEmpty })?.1 {
                guard value.allSatisfy({ ("a"..."z").contains($0) }) else { return nil }
                parameters["q"] = value
            }
            return parameters
        }

        /// Orders routes matching the same path: at the first position where they differ, a
        /// literal before a parameter before a catch-all.
        var ranks: [Int] {
            segments.map {
                switch $0 {
                case .literal: 0
                case .parameter: 1
                case .catchAll: 2
                }
            }
        }
    }

    /// The reference: the best route for the full path whose values fit, then for the path
    /// trimmed by one segment at a time.
    static func referenceMatch(_ routes: [ReferenceRoute], path: [String], query: [(String, String)]) -> (key: String, parameters: [String: String])? {
        for length in stride(from: path.count, through: 1, by: -1) {
            let ordered = routes.indices.sorted { left, right in
                let (a, b) = (routes[left].ranks, routes[right].ranks)
                return a == b ? left < right : a.lexicographicallyPrecedes(b)
            }
            for index in ordered {
                if let parameters = routes[index].match(path, length: length, query: query) { return (routes[index].key, parameters) }
            }
        }
        return nil
    }

    static func randomTable(using generator: inout SeededRandomNumberGenerator) -> [ReferenceRoute] {
        let words = ["a", "b", "shop", "sale", "item"]
        var keys: Set<[String]> = []
        var routes: [ReferenceRoute] = []
        for _ in 0..<Int.random(in: 1...40, using: &generator) {
            var segments: [ReferenceRoute.Segment] = []
            var shape: [String] = []
            for position in 0..<Int.random(in: 1...4, using: &generator) {
                switch Int.random(in: 0..<10, using: &generator) {
                case 0..<5:
                    let word = words.randomElement(using: &generator)!
                    segments.append(.literal(word))
                    shape.append(word)
                case 5..<9:
                    segments.append(.parameter("p\(position)", digitsOnly: Bool.random(using: &generator)))
                    shape.append(":")
                default:
                    segments.append(.catchAll("rest"))
                    shape.append("*")
                }
                if case .catchAll = segments.last { break }
            }
            // Two keys of the same shape are the same pattern, which a config may not repeat.
            guard keys.insert(shape).inserted else { continue }
            let key = segments.map { segment in
                switch segment {
                case .literal(let text): text
                case .parameter(let name, _): ":" + name
                case .catchAll(let name): "*" + name
                }
            }.joined(separator: "/")
            routes.append(ReferenceRoute(key: key, segments: segments, declaresQuery: Int.random(in: 0..<4, using: &generator) == 0))
        }
        return routes
    }

    static func configJSON(_ routes: [ReferenceRoute]) -> String {
        let entries = routes.map { route in
            var rules = route.segments.compactMap { segment -> String? in
                guard case .parameter(let name, true) = segment else { return nil }
                return "\"\(name)\": {\"regex\": \"[0-9]+\"}"
            }
            if route.declaresQuery { rules.append("\"q\": {\"regex\": \"[a-z]+\"}") }
            return "\"\(route.key)\": {\"class\": \"Screen\", \"routeParameters\": {\(rules.joined(separator: ", "))}}"
        }
        return "{\"schemes\": [\"shop\"], \"defaultRoute\": {\"class\": \"Home\"}, \"routes\": {\(entries.joined(separator: ", "))}}"
    }

    @Test func theFlatTableRoutesAsTheReferenceOnRandomTables() throws {
        var generator = SeededRandomNumberGenerator()
        let values = ["a", "b", "shop", "sale", "item", "7", "42", "x9", "c"]
        for _ in 0..<60 {
            let routes = Self.randomTable(using: &generator)
            let router = try makeRouter(Self.configJSON(routes))
            for _ in 0..<40 {
                let path = (0..<Int.random(in: 1...6, using: &generator)).map { _ in values.randomElement(using: &generator)! }
                let query: [(String, String)] = Bool.random(using: &generator) ? [("q", ["abc", "A1", ""].randomElement(using: &generator)!)] : []
                let text = "shop://" + path.joined(separator: "/") + (query.isEmpty ? "" : "?" + query.map { "\($0.0)=\($0.1)" }.joined(separator: "&"))
                let result = router.match(try url(text))
                let expected = Self.referenceMatch(routes, path: path, query: query)
                #expect(result.route?.description == expected?.key, "\(text) in \(routes.map(\.key)), \(generator)")
                #expect(result.outcome == (expected == nil ? .default : .matched), "\(text), \(generator)")
                if let expected { #expect(result.parameters == expected.parameters, "\(text) by \(expected.key), \(generator)") }
            }
        }
    }

    @Test func routesBuiltInCodeAreFoundInTheTableByTheirPattern() throws {
        var builder = RouterBuilder(config: try DeepLinkConfig.parse(#"{"schemes": ["shop"], "routes": {"a/:id": {"class": "A"}}}"#))
        try builder.addRoute("/b/:id/", className: "B", parameters: [ParameterRule(name: "id", pattern: try ParameterPattern("[0-9]+"))])
        let router = try builder.build()
        #expect(try router.url(for: "b/:id", parameters: ["id": "3"]).absoluteString == "shop://b/3")
        #expect(router.match(try url("shop://b/3")).route?.description == "/b/:id/")
        #expect(router.match(try url("shop://a/x")).route?.description == "a/:id")
    }
}
