import CHeapUsage
import DeepLinkCore
import Foundation

// Measures, in one process, swift-deeplink's router against RoutingKit's TrieRouter and a linear
// scan on the same route tables and URLs, and prints each contender's time per lookup and the
// ratios. Timings are the median of several rounds after a warm-up round.
//
//   router-benchmarks                                      the timing tables
//   router-benchmarks callgrind-lookup N SIZE CONTENDER    N lookups only (CONTENDER: ours, trie, linear)
//   router-benchmarks callgrind-load                       one load and build of the 10,000-route config
//   router-benchmarks load                                 the config load time and memory alone
//   router-benchmarks typed                                ids checked by regex, by "type": "int", and with catch-all routes
//
// The callgrind modes do the measured work inside `lookUp` and `loadRouter`, which
// `router-callgrind.sh` counts alone with `--toggle-collect`.

let clock = ContinuousClock()
let sizes = [10, 1_000, 10_000]
/// As many separate `URL` values at every size as the largest table has routes.
let urlPoolSize = 10_000

/// Routes every URL of `order`; returns how many matched, so the work cannot be optimised away.
@inline(never)
func lookUp(_ contender: some Contender, urls: [URL], order: [Int]) -> Int {
    var matched = 0
    for index in order where contender.route(urls[index]) { matched += 1 }
    return matched
}

/// Reads the config and builds a router from it, as an app does at launch.
@inline(never)
func loadRouter(_ json: String) throws -> DeepLinkCore.Router {
    var builder = RouterBuilder(config: try DeepLinkConfig.parse(json))
    builder.handle("logAnalytics") { _ in .continue }
    return try builder.build()
}

func nanosecondsPerLookup(_ contender: some Contender, urls: [URL], order: [Int], rounds: Int) -> Double {
    var samples: [Double] = []
    for round in 0...rounds {
        var matched = 0
        let elapsed = clock.measure { matched = lookUp(contender, urls: urls, order: order) }
        precondition(matched == order.count, "\(contender.name) missed a route")
        if round > 0 { samples.append(Double(elapsed.components.attoseconds) / 1e9 + Double(elapsed.components.seconds) * 1e9) }
    }
    samples.sort()
    return samples[samples.count / 2] / Double(order.count)
}

func residentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
        let pages = status.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// Bytes the allocator has handed out and not taken back (glibc's `mallinfo2`): what live objects
/// hold, without the freed pages the process keeps, which resident memory counts.
func heapBytesInUse() -> Int { Int(heap_bytes_in_use()) }

/// Loads the 10,000-route config five times, keeping every router, and prints the median time,
/// the heap each router holds and the resident memory each added.
func measureLoad() throws {
    let json = RouteTable(size: 10_000).configJSON
    let residentBefore = residentBytes()
    let heapBefore = heapBytesInUse()
    var loadSamples: [Double] = []
    var routers: [DeepLinkCore.Router] = []
    for _ in 0..<5 {
        let elapsed = try clock.measure { routers.append(try loadRouter(json)) }
        loadSamples.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
    }
    let heapAfter = heapBytesInUse()
    let residentAfter = residentBytes()
    loadSamples.sort()
    print(
        String(
            format: "Config load + build, 10,000 routes (%d KB of JSON): %.1f ms median (%.1f–%.1f); "
                + "heap held per router: %.1f MB (resident memory grew %.1f MB per router)",
            json.utf8.count / 1024, loadSamples[2], loadSamples[0], loadSamples[4], Double(heapAfter - heapBefore) / 5 / 1_048_576,
            Double(residentAfter - residentBefore) / 5 / 1_048_576))
    withExtendedLifetime(routers) {}
}

func format(_ nanoseconds: Double) -> String {
    nanoseconds >= 10_000 ? String(format: "%.1f µs", nanoseconds / 1000) : String(format: "%.0f ns", nanoseconds)
}

func contender(named name: String, table: RouteTable) throws -> any Contender {
    switch name {
    case "ours": try DeepLinkContender(table: table)
    case "trie": TrieRouterContender(table: table)
    case "linear": try LinearScanContender(table: table)
    default: throw UsageError(message: "unknown contender \(name); use ours, trie or linear")
    }
}

struct UsageError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// `callgrind-lookup N SIZE CONTENDER`: 100 lookups to warm up (first calls initialise runtime
/// state), then `N` lookups in seeded random order from the URL pool inside `lookUp`.
func callgrindLookup(_ arguments: ArraySlice<String>) throws {
    guard arguments.count == 3, let count = Int(arguments[arguments.startIndex]), let size = Int(arguments[arguments.startIndex + 1])
    else { throw UsageError(message: "usage: router-benchmarks callgrind-lookup N SIZE ours|trie|linear") }
    let table = RouteTable(size: size)
    let urls = table.urlPool(size: urlPoolSize)
    let contender = try contender(named: arguments[arguments.startIndex + 2], table: table)
    func run(_ contender: some Contender) {
        for url in urls.prefix(100) { precondition(contender.route(url), "\(contender.name) missed \(url)") }
        let matched = lookUp(contender, urls: urls, order: RouteTable.lookupOrder(count: count, poolSize: urls.count))
        print("\(contender.name): \(matched) of \(count) lookups matched at \(size) routes")
    }
    run(contender)
}

switch CommandLine.arguments.dropFirst().first {
case "callgrind-lookup":
    try callgrindLookup(CommandLine.arguments.dropFirst(2))
    exit(0)
case "callgrind-load":
    let router = try loadRouter(RouteTable(size: 10_000).configJSON)
    print("loaded \(router.config.routes.count) routes")
    exit(0)
case "load":
    try measureLoad()
    exit(0)
case "typed":
    // Interleaved: each round measures the three tables in turn, so drift hits them alike.
    print("Typed and catch-all routes against regex ones, same URLs (median of 7 interleaved rounds, release build)")
    print("routes  | regex [0-9]{1,9} | type int | catch-all | type/regex | catch-all/regex")
    for size in [1_000, 10_000] {
        let table = RouteTable(size: size)
        let urls = table.urlPool(size: urlPoolSize)
        let order = RouteTable.lookupOrder(count: 100_000, poolSize: urls.count)
        let contenders = try RouteTable.Validation.allCases.map { try DeepLinkContender(table: table, validation: $0) }
        var samples = [[Double]](repeating: [], count: contenders.count)
        for _ in 0..<7 {
            for (index, contender) in contenders.enumerated() {
                samples[index].append(nanosecondsPerLookup(contender, urls: urls, order: order, rounds: 1))
            }
        }
        let medians = samples.map { $0.sorted()[3] }
        print(
            String(size).padding(toLength: 7, withPad: " ", startingAt: 0), "|", format(medians[0]), "|", format(medians[1]), "|",
            format(medians[2]), "|", String(format: "%.2fx", medians[1] / medians[0]), "|", String(format: "%.2fx", medians[2] / medians[0]))
    }
    exit(0)
case nil:
    break
case let mode?:
    throw UsageError(message: "unknown mode \(mode); use callgrind-lookup, callgrind-load or load, or no argument for the timings")
}

print("Router lookups from \(urlPoolSize) URLs in seeded random order (median of 5 rounds, release build)")
print("routes  | DeepLinkCore | TrieRouter | linear scan | TrieRouter/ours | linear/ours")
var oursBySize: [Int: Double] = [:]
for size in sizes {
    let table = RouteTable(size: size)
    let urls = table.urlPool(size: urlPoolSize)
    let order = RouteTable.lookupOrder(count: 200_000, poolSize: urls.count)
    let ours = nanosecondsPerLookup(try DeepLinkContender(table: table), urls: urls, order: order, rounds: 5)
    let trie = nanosecondsPerLookup(TrieRouterContender(table: table), urls: urls, order: order, rounds: 5)
    // The scan at 10,000 routes is slow enough that fewer lookups give a stable figure.
    let linearOrder = size >= 10_000 ? Array(order.prefix(20_000)) : order
    let linear = nanosecondsPerLookup(try LinearScanContender(table: table), urls: urls, order: linearOrder, rounds: 5)
    oursBySize[size] = ours
    print(
        String(size).padding(toLength: 7, withPad: " ", startingAt: 0), "|", format(ours), "|", format(trie), "|", format(linear),
        "|", String(format: "%.2fx", trie / ours), "|", String(format: "%.1fx", linear / ours))
}
print(String(format: "Flatness: a lookup at 10,000 routes takes %.2fx one at 10 routes", oursBySize[10_000]! / oursBySize[10]!))

try measureLoad()
