import DeepLinkCore
import FuzzSupport

/// Reads a config document and, when it is valid, builds a router from it with every handler it names.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfigReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let report = DeepLinkConfig.diagnose(FuzzInput(data, size).text, file: "fuzz.json")
    _ = report.diagnostics.map(\.description)
    if let config = report.config {
        var builder = RouterBuilder(config: config)
        for name in builder.unregisteredHandlerNames { builder.handle(name) { _ in .continue } }
        _ = try? builder.build()
    }
    return 0
}
