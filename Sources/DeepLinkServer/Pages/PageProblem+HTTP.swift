import DeepLinkService
import HTTPTypes

extension PageProblem {
    /// The status a problem page is sent with.
    var status: HTTPResponse.Status {
        switch self {
        case .notFound, .notInStore: .notFound
        case .expired: .gone
        case .unavailable: .serviceUnavailable
        case .invalidLink: .badRequest
        }
    }

    /// Seconds to wait before trying again, for a page the database's failure caused.
    var retryAfter: Int? {
        self == .unavailable ? StoreError.retryAfterSeconds : nil
    }
}
