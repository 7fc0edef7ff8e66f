import DeepLinkCore
import FuzzSupport

/// Compiles a parameter regex (before the first NUL) and matches a value (after it), as a
/// config's `routeParameters` regex meets a URL's value. Values are matched only for expressions
/// the project's linear-time matchers take: the rest go to Swift `Regex`, which backtracks by
/// design (configs are trusted; `deeplink check` warns about such expressions).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParameterRegex(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let (pattern, value) = FuzzInput(data, size).split
    guard let compiled = try? ParameterPattern(pattern), compiled.matchesInLinearTime else { return 0 }
    _ = compiled.matches(value)
    return 0
}
