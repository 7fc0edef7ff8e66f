import DeepLinkService
import HTTPTypes
import Hummingbird

extension DashboardRenderer {
    /// A problem page for an error, with the status the admin API would answer it with
    /// (``LinkServerError/status``) and, for a busy database, `Retry-After`; any other error is a 500.
    /// - Parameters:
    ///   - error: What went wrong; a ``LinkServerError`` says which problem it is.
    ///   - session: The signed-in session, if any.
    func problem(_ error: any Error, session: DashboardSession?) -> Response {
        let serverError = error as? LinkServerError
        let status = serverError?.status ?? .internalServerError
        let heading =
            switch status {
            case .notFound: "Not found"
            case .gone: "Expired"
            case .serviceUnavailable: "The database is not answering"
            case .contentTooLarge: "Too large"
            case .badRequest where serverError?.code == .invalidField: "The address asks for something that cannot be shown"
            case .badRequest, .unsupportedMediaType: "The form could not be read"
            case .unauthorized: "Sign in first"
            case .forbidden: "Refused"
            case .conflict: "Already taken"
            case .tooManyRequests: "Too many requests"
            default: "Something went wrong"
            }
        let view = DashboardProblemView(
            heading: heading, message: DashboardText.sentence(serverError?.message ?? "the server could not finish this; try again"),
            signedIn: session != nil)
        var response = render(view, title: heading, session: session, status: status)
        if let retryAfter = serverError?.retryAfter { response.headers[.retryAfter] = String(retryAfter) }
        return response
    }

    /// A `403 Forbidden` page for a form or sign-in that was refused.
    /// - Parameters:
    ///   - message: Why, and what to do.
    ///   - session: The signed-in session, if any.
    func refused(_ message: String, session: DashboardSession?) -> Response {
        render(DashboardProblemView(heading: "Refused", message: message, signedIn: session != nil), title: "Refused", session: session, status: .forbidden)
    }
}
