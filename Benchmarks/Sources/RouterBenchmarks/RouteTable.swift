import DeepLinkCore
import Foundation

/// A synthetic but app-shaped route table: sections with list, detail and nested detail routes,
/// numeric ids validated by regex, and the URLs that hit them.
struct RouteTable {
    let size: Int
    /// Route keys in config order.
    let patterns: [String]
    /// One URL per route, in route order.
    let urls: [String]

    init(size: Int) {
        self.size = size
        var patterns: [String] = []
        var urls: [String] = []
        var section = 0
        while patterns.count < size {
            let name = "section\(section)"
            let shapes = [
                ("\(name)", "\(name)"),
                ("\(name)/:itemId", "\(name)/\(section * 7 + 1)"),
                ("\(name)/:itemId/reviews", "\(name)/\(section + 3)/reviews"),
                ("\(name)/:itemId/reviews/:reviewId", "\(name)/\(section + 5)/reviews/\(section * 3 + 2)"),
                ("\(name)/featured/:slot", "\(name)/featured/\(section % 9 + 1)"),
            ]
            for (pattern, path) in shapes where patterns.count < size {
                patterns.append(pattern)
                urls.append("shop://\(path)?utm_source=bench&ref=\(section)")
            }
            section += 1
        }
        self.patterns = patterns
        self.urls = urls
    }

    /// The URLs to look up: `poolSize` separate `URL` values, each route's URL as often as the
    /// others. Every table size gets a pool of the same size, so reading the input costs the same
    /// cache misses at 10 routes as at 10,000 and the difference between sizes is the router's.
    func urlPool(size poolSize: Int) -> [URL] {
        (0..<max(poolSize, urls.count)).map { URL(string: urls[$0 % urls.count])! }
    }

    /// `count` indices into a pool of `poolSize` URLs, each as often as the others, in a seeded
    /// random order: one shuffle of the whole pool after another, so lookups neither follow the
    /// config's order nor repeat a short cycle that caches and the branch predictor would learn.
    static func lookupOrder(count: Int, poolSize: Int, seed: UInt64 = 42) -> [Int] {
        var generator = SplitMix64(seed: seed)
        var order: [Int] = []
        order.reserveCapacity(count + poolSize)
        while order.count < count { order += (0..<poolSize).shuffled(using: &generator) }
        return Array(order.prefix(count))
    }

    /// How the table's ids are checked.
    enum Validation: String, CaseIterable {
        /// `"regex": "[0-9]{1,9}"`, the original table.
        case regex
        /// `"type": "int"`.
        case type
        /// As `regex`, with each nested detail route (`section/:itemId/reviews/:reviewId`)
        /// replaced by a catch-all, `section/*rest`, which its URLs then reach.
        case catchAll = "catch-all"
    }

    /// The table as a MobileDeepLinkingConfig.json; every `:…Id` and `:slot` is validated by regex.
    var configJSON: String { configJSON(.regex) }

    /// The table as a MobileDeepLinkingConfig.json, its ids checked one way or another.
    func configJSON(_ validation: Validation) -> String {
        let routes = patterns.map { written in
            let pattern = validation == .catchAll && written.hasSuffix("/reviews/:reviewId")
                ? String(written.prefix { $0 != "/" }) + "/*rest" : written
            let check = validation == .type ? "\"type\": \"int\"" : "\"regex\": \"[0-9]{1,9}\""
            let parameters = pattern.split(separator: "/").filter { $0.hasPrefix(":") }.map {
                "\"\($0.dropFirst())\": {\"required\": true, \(check)}"
            } + [validation == .type ? "\"ref\": {\"type\": \"int\"}" : "\"ref\": {\"regex\": \"[0-9]+\"}"]
            return "\"\(pattern)\": {\"class\": \"Screen\", \"handlers\": [\"logAnalytics\"], \"routeParameters\": {\(parameters.joined(separator: ", "))}}"
        }
        return "{\"schemes\": [\"shop\"], \"defaultRoute\": {\"class\": \"Home\"}, \"routes\": {\(routes.joined(separator: ",\n"))}}"
    }
}

/// A small deterministic generator so every run shuffles the same way.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
