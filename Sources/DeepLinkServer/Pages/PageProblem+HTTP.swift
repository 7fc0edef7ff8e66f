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
}
