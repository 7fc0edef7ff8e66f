// At the target's root: it replays every fuzz target's findings, whichever source folder each parser lives in.
import DeepLinkCore
import DeepLinkTesting
import Foundation
import Testing

/// Every input the fuzzers (`Fuzz/`) ever crashed on, kept under `Tests/Fixtures/Fuzz/TARGET/`
/// and replayed here the way the fuzz target reads it, so a fixed crash stays fixed.
struct FuzzFindingTests {
    static func findings(_ target: String) -> [String] {
        let folder = Fixtures.file("Fuzz/\(target)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted()
    }

    @Test func everyFuzzTargetWithFindingsHasThem() {
        #expect(!Self.findings("FuzzParameterRegex").isEmpty)
    }

    /// `FuzzParameterRegex`: the pattern before the first NUL byte, the value after it; values
    /// are matched only where the linear-time matchers decide, as the fuzz target does.
    @Test(arguments: findings("FuzzParameterRegex"))
    func parameterRegexFindingNoLongerCrashes(name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Fixtures.file("Fuzz/FuzzParameterRegex/\(name)")))
        let separator = bytes.firstIndex(of: 0) ?? bytes.endIndex
        let pattern = String(decoding: bytes[..<separator], as: UTF8.self)
        let value = separator < bytes.endIndex ? String(decoding: bytes[(separator + 1)...], as: UTF8.self) : ""
        if let compiled = try? ParameterPattern(pattern), compiled.matchesInLinearTime {
            _ = compiled.matches(value)
        }
    }
}
