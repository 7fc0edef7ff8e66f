import DeepLinkCore
import FuzzSupport

/// Compiles a parameter regex (before the first NUL) and matches a value (after it), as a
/// config's `routeParameters` regex meets a URL's value. Values are matched only for expressions
/// the project's linear-time matchers take: the rest go to Swift `Regex`, which backtracks by
/// design (configs are trusted; `deeplink check` warns about such expressions).
@main
enum FuzzParameterRegex {
    static func main() { FuzzDriver.run(fuzzParameterRegex) }
}

func fuzzParameterRegex(_ input: FuzzInput) {
    let (pattern, value) = input.split
    guard let compiled = try? ParameterPattern(pattern), compiled.matchesInLinearTime else { return }
    _ = compiled.matches(value)
}
