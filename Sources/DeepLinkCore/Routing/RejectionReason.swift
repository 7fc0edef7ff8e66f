/// Why a URL is not the app's to route.
struct RejectionReason: Error, Sendable, Hashable {
    let message: String
    init(_ message: String) { self.message = message }
}
