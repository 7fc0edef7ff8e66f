import DeepLinkCore
import Foundation

// Measures, in one process, swift-deeplink's router against RoutingKit's TrieRouter and a linear
// scan on the same route tables and URLs, and prints each contender's time per lookup and the
// ratios. Timings are the median of several rounds after a warm-up round.

let clock = ContinuousClock()

func nanosecondsPerLookup(_ contender: some Contender, urls: [URL], rounds: Int, minimumLookups: Int) -> Double {
    let repeats = max(1, minimumLookups / urls.count)
    var samples: [Double] = []
    var matched = 0
    for round in 0...rounds {
        let elapsed = clock.measure {
            for _ in 0..<repeats {
                for url in urls where contender.route(url) { matched += 1 }
            }
        }
        if round > 0 { samples.append(Double(elapsed.components.attoseconds) / 1e9 + Double(elapsed.components.seconds) * 1e9) }
    }
    precondition(matched == rounds * repeats * urls.count + repeats * urls.count, "\(contender.name) missed a route")
    samples.sort()
    return samples[samples.count / 2] / Double(repeats * urls.count)
}

func residentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
        let pages = status.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

func format(_ nanoseconds: Double) -> String {
    nanoseconds >= 10_000 ? String(format: "%.1f µs", nanoseconds / 1000) : String(format: "%.0f ns", nanoseconds)
}

print("Router lookups from a URL (median of 5 rounds, release build)")
print("routes  | DeepLinkCore | TrieRouter | linear scan | TrieRouter/ours | linear/ours")
for size in [10, 1_000, 10_000] {
    let table = RouteTable(size: size)
    let urls = table.urls.map { URL(string: $0)! }
    let ours = nanosecondsPerLookup(try DeepLinkContender(table: table), urls: urls, rounds: 5, minimumLookups: 200_000)
    let trie = nanosecondsPerLookup(TrieRouterContender(table: table), urls: urls, rounds: 5, minimumLookups: 200_000)
    let linear = nanosecondsPerLookup(
        try LinearScanContender(table: table), urls: urls, rounds: 5, minimumLookups: size >= 10_000 ? 20_000 : 200_000)
    print(
        String(size).padding(toLength: 7, withPad: " ", startingAt: 0), "|", format(ours), "|", format(trie), "|", format(linear),
        "|", String(format: "%.2fx", trie / ours), "|", String(format: "%.1fx", linear / ours))
}

let big = RouteTable(size: 10_000)
let json = big.configJSON
let before = residentBytes()
var loadSamples: [Double] = []
var routers: [DeepLinkCore.Router] = []
for _ in 0..<5 {
    let elapsed = try clock.measure {
        var builder = RouterBuilder(config: try DeepLinkConfig.parse(json))
        builder.handle("logAnalytics") { _ in .continue }
        routers.append(try builder.build())
    }
    loadSamples.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
}
let after = residentBytes()
loadSamples.sort()
print(
    String(
        format: "Config load + build, 10,000 routes (%d KB of JSON): %.1f ms median; resident memory per router: %.1f MB",
        json.utf8.count / 1024, loadSamples[2], Double(after - before) / 5 / 1_048_576))
