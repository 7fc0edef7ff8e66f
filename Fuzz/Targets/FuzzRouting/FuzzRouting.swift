import DeepLinkCore
import Foundation
import FuzzSupport

/// The example app's router, built once.
private let router: Router = {
    let config = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/Shop/MobileDeepLinkingConfig.json")
    do {
        var builder = RouterBuilder(config: try DeepLinkConfig.load(contentsOf: config))
        for name in builder.unregisteredHandlerNames { builder.handle(name) { _ in .continue } }
        return try builder.build()
    } catch {
        fatalError("the example config does not build: \(error)")
    }
}()

/// Routes whatever URL the input spells against the example config, as an app would on open.
@main
enum FuzzRouting {
    static func main() { FuzzDriver.run(fuzzRouting) }
}

func fuzzRouting(_ input: FuzzInput) {
    guard let url = URL(string: input.text) else { return }
    let result = router.match(url)
    _ = result.outcome
    _ = router.canRoute(url)
}
