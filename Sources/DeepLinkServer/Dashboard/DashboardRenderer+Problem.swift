import DeepLinkService
import HTTPTypes
import Hummingbird

extension DashboardRenderer {
    /// A problem page for an error: not found, refused or unavailable, with the status to match
    /// and, for a busy database, `Retry-After`.
    /// - Parameters:
    ///   - error: What went wrong; a ``LinkServerError`` says which problem it is.
    ///   - session: The signed-in session, if any.
    func problem(_ error: any Error, session: DashboardSession?) -> Response {
        let serverError = error as? LinkServerError
        let status: HTTPResponse.Status
        let heading: String
        switch serverError?.code {
        case .notFound?: (status, heading) = (.notFound, "Not found")
        case .storageUnavailable?: (status, heading) = (.serviceUnavailable, "The database is not answering")
        case .payloadTooLarge?: (status, heading) = (.contentTooLarge, "Too large")
        case .unsupportedMediaType?, .invalidBody?: (status, heading) = (.badRequest, "The form could not be read")
        case .invalidField?: (status, heading) = (.badRequest, "The address asks for something that cannot be shown")
        default: (status, heading) = (.internalServerError, "Something went wrong")
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
