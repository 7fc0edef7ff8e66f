import Foundation

extension LoopbackHTTPServer {
    /// Starts a server that answers from a fixed table of request targets; other targets get a
    /// `404` HTML page.
    /// - Parameters:
    /// - Parameter routes: The response for each request target, e.g. `/.well-known/assetlinks.json`.
    /// - Throws: `POSIXError` when the socket cannot be opened.
    public convenience init(routes: [String: Response]) throws {
        try self.init { request in
            routes[request.path] ?? Response(status: 404, headers: [("Content-Type", "text/html")], body: Array("Not found".utf8))
        }
    }

    /// `http://127.0.0.1:PORT`, the server's origin.
    public var origin: URL { url("") }
}

extension LoopbackHTTPServer.Response {
    /// A `200` JSON document.
    /// - Parameters:
    ///   - text: The document.
    ///   - contentType: The `Content-Type` header.
    public static func json(_ text: String, contentType: String = "application/json") -> Self {
        Self(headers: [("Content-Type", contentType)], body: Array(text.utf8))
    }
}
