import Foundation

extension DeferredLinkTransportResponse {
    /// Reads the server's answer to a claim.
    /// - Parameter endpoint: The claim endpoint, for errors.
    /// - Returns: The claim, or `nil` when the server answered `{"match": "none"}`.
    /// - Throws: ``DeferredLinkError`` for an error status or a body that is not a claim answer.
    func claim(endpoint: URL) throws(DeferredLinkError) -> DeferredLinkClaim? {
        switch statusCode {
        case 200..<300:
            let root: JSONNode
            do throws(JSONSyntaxError) {
                root = try JSONParser.parse(utf8: body)
            } catch {
                throw badResponse("the response is not JSON: \(error)", endpoint: endpoint, cause: error)
            }
            do throws(ConfigError) {
                return try DeferredLinkClaim.read(answer: root.readObject())
            } catch {
                throw badResponse("the response is not a claim answer: \(error.path): \(error.message)", endpoint: endpoint, cause: error)
            }
        case 429:
            let seconds = retryAfterSeconds
            throw serverError(
                .rateLimited, "the server is limiting claims", advice: seconds.map { "retry after \($0) s" } ?? "retry later",
                endpoint: endpoint, retryAfter: seconds.map { Duration.seconds($0) })
        case 400..<500:
            throw serverError(
                .requestRejected, "the server refused the claim with status \(statusCode)", advice: Self.advice(for: statusCode),
                endpoint: endpoint)
        case 500..<600:
            throw serverError(
                .serverError, "the server failed with status \(statusCode)", advice: "the next claim retries", endpoint: endpoint)
        default:
            throw DeferredLinkError(
                code: .badResponse, message: "unexpected status \(statusCode); a claim is answered with 200", endpoint: endpoint,
                statusCode: statusCode)
        }
    }

    /// `Retry-After` in seconds; the HTTP-date form, which the server does not send, is ignored.
    private var retryAfterSeconds: Int? {
        guard let seconds = header("Retry-After").flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }), seconds >= 0
        else { return nil }
        return seconds
    }

    /// What to check for the statuses that usually mean a wrong setup.
    private static func advice(for status: Int) -> String? {
        switch status {
        case 404, 405: "check the endpoint, normally https://LINKHOST/api/v1/deferred/claim"
        default: nil
        }
    }

    private func badResponse(_ message: String, endpoint: URL, cause: any Error) -> DeferredLinkError {
        DeferredLinkError(code: .badResponse, message: message, endpoint: endpoint, statusCode: statusCode, cause: cause)
    }

    /// An error for an error status: `summary (server-code, field F): server message; advice`,
    /// with the server's `{"error": {...}}` details when it sent them.
    private func serverError(
        _ code: DeferredLinkError.Code, _ summary: String, advice: String?, endpoint: URL, retryAfter: Duration? = nil
    ) -> DeferredLinkError {
        let details = ServerErrorBody(body)
        var text = summary
        if let serverCode = details?.code {
            text += " (\(serverCode)\(details?.field.map { ", field \($0)" } ?? ""))"
        }
        if let serverMessage = details?.message { text += ": \(serverMessage)" }
        if let advice { text += "; \(advice)" }
        return DeferredLinkError(
            code: code, message: text, endpoint: endpoint, statusCode: statusCode, serverCode: details?.code,
            field: details?.field, retryAfter: retryAfter)
    }
}

/// The server's `{"error": {"code": ..., "message": ..., "field": ...}}`.
private struct ServerErrorBody {
    var code: String?
    var message: String?
    var field: String?

    /// Reads the body; `nil` when it is not such an object (a proxy's HTML page, say).
    init?(_ body: Data) {
        guard let error = try? JSONParser.parse(utf8: body).readObject().required("error").readObject() else { return nil }
        code = error.optional("code")?.plainValue.stringValue
        message = error.optional("message")?.plainValue.stringValue
        field = error.optional("field")?.plainValue.stringValue
    }
}
