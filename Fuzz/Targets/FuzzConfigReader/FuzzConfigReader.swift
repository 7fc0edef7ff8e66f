import DeepLinkCore
import FuzzSupport

/// Reads a config document and, when it is valid, builds a router from it with every handler it names.
@main
enum FuzzConfigReader {
    static func main() { FuzzDriver.run(fuzzConfigReader) }
}

func fuzzConfigReader(_ input: FuzzInput) {
    let report = DeepLinkConfig.diagnose(input.text, file: "fuzz.json")
    _ = report.diagnostics.map(\.description)
    if let config = report.config {
        var builder = RouterBuilder(config: config)
        for name in builder.unregisteredHandlerNames { builder.handle(name) { _ in .continue } }
        _ = try? builder.build()
    }
}
