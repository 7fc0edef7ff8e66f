import DeepLinkCore
import FuzzSupport

/// Reads a deferred-link claim body, as `POST /api/v1/deferred/claim` does with what an app
/// (or anyone) sends, and writes the request back.
@main
enum FuzzDeferredClaim {
    static func main() { FuzzDriver.run(fuzzDeferredClaim) }
}

func fuzzDeferredClaim(_ input: FuzzInput) {
    guard let body = try? JSONValue(parsing: input.text), let request = try? DeferredLinkClaimRequest(json: body) else { return }
    _ = request.body
}
