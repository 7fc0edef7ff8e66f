import DeepLinkService
import DeepLinkCore
import HTTPTypes
import Hummingbird
import NIOCore

extension Request {
    /// The request's JSON body, refusing other media types, bodies over the limit and objects that
    /// repeat a key (which of the values counts would be up to the parser). A leading UTF-8 byte
    /// order mark is skipped, as on every endpoint that reads JSON.
    /// - Parameter maximumBodySize: The largest body in bytes.
    /// - Throws: ``LinkServerError``: `unsupported-media-type`, `payload-too-large`, `invalid-body` (broken chunked
    ///   framing) or `invalid-json`, whose field is the repeated key's JSON path when a key repeats.
    func jsonBody(upTo maximumBodySize: Int) async throws(LinkServerError) -> JSONValue {
        guard let type = headers[.contentType], type.lowercased().hasPrefix("application/json") else {
            throw LinkServerError(code: .unsupportedMediaType, message: "send the body as Content-Type: application/json")
        }
        let buffer: ByteBuffer
        do {
            buffer = try await body.collect(upTo: maximumBodySize)
        } catch is NIOTooManyBytesError {
            throw LinkServerError(code: .payloadTooLarge, message: "the body is larger than \(maximumBodySize) bytes")
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw LinkServerError(code: .payloadTooLarge, message: "the body is larger than \(maximumBodySize) bytes")
        } catch {
            throw LinkServerError(code: .invalidBody, message: "the body cannot be read: its framing is broken (\(error))")
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(String(buffer: buffer))
        } catch {
            throw LinkServerError(code: .invalidJSON, message: "the body is not valid JSON: \(error)")
        }
        if let error = LinkBodyJSON.repeatedKeyError(in: root) { throw error }
        return root.plainValue
    }
}

extension Response {
    /// A JSON response that is never cached.
    /// - Parameters:
    ///   - value: The body.
    ///   - status: The status.
    ///   - location: The `Location` header, for `201 Created`.
    static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok, location: String? = nil) -> Response {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"]
        if let location { headers[.location] = location }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: JSONWriter.write(value) + "\n")))
    }
}
