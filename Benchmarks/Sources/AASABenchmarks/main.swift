import DeepLinkAssociation
import Foundation

// Measures apple-app-site-association matching: how the cost grows with the number of rules,
// and how it behaves on adversarial patterns, against a textbook backtracking glob matcher in
// the same process.

let clock = ContinuousClock()

func nanoseconds(_ iterations: Int, _ body: () -> Bool) -> Double {
    var hits = 0
    var samples: [Double] = []
    for _ in 0..<5 {
        let elapsed = clock.measure { for _ in 0..<iterations where body() { hits += 1 } }
        samples.append((Double(elapsed.components.seconds) * 1e18 + Double(elapsed.components.attoseconds)) / 1e9 / Double(iterations))
    }
    precondition(hits >= 0)
    return samples.sorted()[2]
}

/// An AASA file whose `count` component rules are all tried before the URL's rule, the last one.
func association(rules count: Int) throws -> AppleAppSiteAssociation {
    let components = (0..<count).map { index in
        index == count - 1 ? #"{"/": "/sales/*", "?": {"ref": "?*"}}"# : #"{"/": "/section\#(index)/*/items/?*"}"#
    }
    let text = #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.shop"], "components": [\#(components.joined(separator: ","))]}]}}"#
    return try AppleAppSiteAssociation.parse(text)
}

/// A glob matcher that backtracks on every `*`, as a straightforward implementation does.
func backtrackingGlob(_ pattern: Substring, _ text: Substring) -> Bool {
    guard let first = pattern.first else { return text.isEmpty }
    if first == "*" {
        var rest = text
        while true {
            if backtrackingGlob(pattern.dropFirst(), rest) { return true }
            guard !rest.isEmpty else { return false }
            rest = rest.dropFirst()
        }
    }
    guard let character = text.first, first == "?" || first == character else { return false }
    return backtrackingGlob(pattern.dropFirst(), text.dropFirst())
}

let url = URL(string: "https://shop.example.com/sales/42?ref=mail")!
print("AASA matching: time per URL when the last of N rules matches (median of 5 rounds)")
var previous: Double?
for count in [10, 100, 1_000] {
    let file = try association(rules: count)
    let time = nanoseconds(count >= 1_000 ? 2_000 : 20_000) { file.match(url, appID: "ABCDE12345.com.example.shop").decision == .match }
    let growth = previous.map { String(format: " (%.1fx the previous row for 10x the rules)", time / $0) } ?? ""
    print(String(format: "%5d rules: %8.1f µs%@", count, time / 1000, growth))
    previous = time
}

let adversarialPath = "/" + String(repeating: "a", count: 28)
let adversarialFile = try AppleAppSiteAssociation.parse(
    #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.shop"], "components": [{"/": "/*a*a*a*a*a*a*b"}]}]}}"#)
let adversarialURL = URL(string: "https://shop.example.com\(adversarialPath)")!
let ours = nanoseconds(2_000) { adversarialFile.match(adversarialURL, appID: "ABCDE12345.com.example.shop").decision == .noMatch }
let naive = nanoseconds(3) { !backtrackingGlob("/*a*a*a*a*a*a*b", Substring(adversarialPath)) }
print(
    String(
        format: "Adversarial /*a*a*a*a*a*a*b on a 29-character path: %.1f µs; backtracking glob: %.1f ms (%.0fx slower)",
        ours / 1000, naive / 1e6, naive / ours))

// Issue 16's hostile files: reading must stay linear in the file's size.
func readingTime(_ text: String) -> Double {
    nanoseconds(1) { AppleAppSiteAssociation.validate(text).file != nil }
}

func variableFile(values: Int, references: Int) -> String {
    let strings = (0..<values).map { "\"v\($0)x\"" }.joined(separator: ",")
    let path = "/" + Array(repeating: "$(v)", count: references).joined(separator: "-")
    return #"{"applinks": {"substitutionVariables": {"v": [\#(strings)]}, "details": [{"appIDs": ["ABCDE12345.com.example.shop"], "components": [{"/": "\#(path)"}]}]}}"#
}

func longStringFile(length: Int) -> String {
    let long = String(repeating: "ab*", count: length / 3)
    return #"{"applinks": {"substitutionVariables": {"long": ["\#(long)"]}, "details": [{"appIDs": ["ABCDE12345.com.example.shop"], "components": [{"/": "/$(long)"}]}]}}"#
}

func openingsFile(count: Int) -> String {
    #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.shop"], "components": [{"/": "/\#(String(repeating: "$(", count: count))"}]}]}}"#
}

print("Reading hostile files: time per KB of file (median of 5 rounds)")
let hostile: [(String, [String])] = [
    ("one variable referenced many times", [2_250, 4_500, 9_000].map { variableFile(values: $0, references: $0 / 9) }),
    ("one long variable string", [20_000, 40_000, 80_000].map { longStringFile(length: $0) }),
    ("$( without )", [15_000, 30_000, 60_000].map { openingsFile(count: $0) }),
]
for (name, files) in hostile {
    let rows = files.map { text -> String in
        let kilobytes = Double(text.utf8.count) / 1024
        return String(format: "%.0f KB: %.1f µs/KB", kilobytes, readingTime(text) / 1000 / kilobytes)
    }
    print("  \(name): " + rows.joined(separator: ", "))
}
