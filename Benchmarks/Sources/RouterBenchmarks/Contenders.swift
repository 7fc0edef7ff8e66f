import DeepLinkCore
import Foundation
import RoutingKit

/// Something that routes a URL to a route index; each contender does the same work from a `URL`.
protocol Contender {
    var name: String { get }
    /// Routes one URL; returns whether it matched, so the work cannot be optimised away.
    func route(_ url: URL) -> Bool
}

/// swift-deeplink's router: parse, tree lookup, parameter and regex validation, handler check.
struct DeepLinkContender: Contender {
    let name = "DeepLinkCore Router"
    let router: DeepLinkCore.Router

    init(table: RouteTable, validation: RouteTable.Validation = .regex) throws {
        var builder = RouterBuilder(config: try DeepLinkConfig.parse(table.configJSON(validation)))
        builder.handle("logAnalytics") { _ in .continue }
        router = try builder.build()
    }

    func route(_ url: URL) -> Bool {
        router.match(url).outcome == .matched
    }
}

/// vapor/routing-kit's `TrieRouter` on the same patterns, given the same URL split into
/// percent-decoded segments. It binds parameters but validates nothing.
struct TrieRouterContender: Contender {
    let name = "RoutingKit TrieRouter"
    let router: TrieRouter<Int>

    init(table: RouteTable) {
        router = TrieRouter(Int.self)
        for (index, pattern) in table.patterns.enumerated() {
            router.register(index, at: pattern.split(separator: "/").map { PathComponent(stringLiteral: String($0)) })
        }
    }

    func route(_ url: URL) -> Bool {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return false }
        var segments: [String] = []
        if let host = components.percentEncodedHost, !host.isEmpty { segments.append(host) }
        for segment in components.percentEncodedPath.split(separator: "/") {
            segments.append(String(segment).removingPercentEncoding ?? String(segment))
        }
        var parameters = Parameters()
        return router.route(path: segments, parameters: &parameters) != nil
    }
}

/// The original MobileDeepLinking libraries' approach: try every route in turn, comparing
/// segments and validating parameters with `NSRegularExpression`.
struct LinearScanContender: Contender {
    let name = "Linear scan (original libraries)"
    let routes: [(segments: [Substring], regexes: [String: NSRegularExpression])]

    init(table: RouteTable) throws {
        let regex = try NSRegularExpression(pattern: "^(?:[0-9]{1,9})$")
        routes = table.patterns.map { pattern in
            let segments = pattern.split(separator: "/")
            let names = segments.filter { $0.hasPrefix(":") }.map { String($0.dropFirst()) }
            return (segments, Dictionary(uniqueKeysWithValues: names.map { ($0, regex) }))
        }
    }

    func route(_ url: URL) -> Bool {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return false }
        var segments: [String] = []
        if let host = components.host, !host.isEmpty { segments.append(host) }
        segments += components.path.split(separator: "/").map(String.init)
        for route in routes where route.segments.count == segments.count {
            var matched = true
            for (pattern, value) in zip(route.segments, segments) {
                if pattern.hasPrefix(":") {
                    let regex = route.regexes[String(pattern.dropFirst())]
                    let range = NSRange(value.startIndex..., in: value)
                    if let regex, regex.firstMatch(in: value, range: range) == nil {
                        matched = false
                        break
                    }
                } else if pattern != value {
                    matched = false
                    break
                }
            }
            if matched { return true }
        }
        return false
    }
}
