import DeepLinkAppLinks
import DeepLinkAssociation
import DeepLinkCore
import Foundation

// Issue 16: no parser may take more than linear time. Each input below is built to make a
// backtracking implementation blow up; the table prints the cost per KB as the input grows from
// 1 KB to 1 MB, and the last column the ratio of the 1 MB cost per KB to the 1 KB one (1.0 is
// perfectly linear). Swift's backtracking `Regex` runs on the same values, in the same process,
// for comparison, up to the size where it stops being measurable.

let clock = ContinuousClock()
let sizes = [1 << 10, 4 << 10, 16 << 10, 64 << 10, 256 << 10, 1 << 20]

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// Median time of `rounds` runs of `body`, in seconds.
func median(rounds: Int = 5, _ body: () -> Void) -> Double {
    (0..<rounds).map { _ in seconds(clock.measure(body)) }.sorted()[rounds / 2]
}

func row(_ name: String, _ perKilobyte: [Double]) {
    let cells = perKilobyte.map { String(format: "%9.2f", $0 * 1e6) }.joined(separator: " ")
    print(name.padding(toLength: 44, withPad: " ", startingAt: 0), cells, String(format: "%7.2fx", perKilobyte.last! / perKilobyte.first!))
}

print("Cost per KB of input, µs (median of 5 rounds, release build)")
let sizeNames = sizes.map { $0 >= 1 << 20 ? "1 MB" : "\($0 >> 10) KB" }
print(
    "input".padding(toLength: 44, withPad: " ", startingAt: 0),
    sizeNames.map { String(repeating: " ", count: max(0, 9 - $0.count)) + $0 }.joined(separator: " "), " 1MB/1KB")

// Parameter regexes: patterns that backtrack exponentially or quadratically, on values that
// almost match.
for source in ["(a|aa)*b", "(a*)*b", "([a-z]+-?)+[0-9]", "[a-z]*[a-z]*[a-z]*[0-9]"] {
    let pattern = try ParameterPattern(source)
    precondition(pattern.matchesInLinearTime)
    var timings: [Double] = []
    for size in sizes {
        let value = String(repeating: "a", count: size)
        timings.append(median { precondition(!pattern.matches(value)) } / Double(size >> 10))
    }
    row("regex \(source) on a…a", timings)
}
let reference = try Regex("([a-z]+-?)+[0-9]")
for size in [16, 20, 24, 28] {
    let value = String(repeating: "a", count: size)
    let time = median(rounds: 1) { precondition((try? reference.wholeMatch(in: value)) == nil) }
    print(String(format: "  Swift Regex ([a-z]+-?)+[0-9] on %d a's: %.1f ms (ours on 1 MB: see above)", size, time * 1000))
    if time > 2 { break }
}

// AASA wildcards on a long path.
let appID = "ABCDE12345.com.example.shop"
let file = try AppleAppSiteAssociation.parse(
    #"{"applinks": {"details": [{"appIDs": ["\#(appID)"], "components": [{"/": "/*a*a*a*a*a*a*b"}, {"/": "/?*?*?*x"}]}]}}"#)
var aasaTimings: [Double] = []
for size in sizes {
    let url = URL(string: "https://shop.example.com/" + String(repeating: "a", count: size))!
    aasaTimings.append(median { precondition(file.match(url, appID: appID).decision == .noMatch) } / Double(size >> 10))
}
row("AASA /*a*a*a*a*a*a*b, /?*?*?*x on /a…a", aasaTimings)

// HTML scanning: unclosed tags, comments and quotes.
let pageURL = URL(string: "https://shop.example.com/sales/42")!
for (name, unit) in [
    ("HTML <meta property=\"al:ios:url\" content=\"…", #"<meta property="al:ios:url" content="x"#),
    ("HTML <!-- <meta … unclosed comments", "<!-- <meta property=\"al:web:url\" content=\"y\">"),
    ("HTML <<<<<<", "<<<<<<<<"),
    ("HTML <meta with attributes, no >", "<meta a=b c='d e=\"f "),
] {
    var timings: [Double] = []
    for size in sizes {
        let html = String(repeating: unit, count: size / unit.utf8.count + 1)
        timings.append(median { _ = AppLinkMetadata(html: html, pageURL: pageURL) } / Double(size >> 10))
    }
    row(name, timings)
}
