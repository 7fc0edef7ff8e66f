import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default ``AssociationFileFetcher``: `URLSession`, no cache, no cookies, no redirects.
public struct URLSessionAssociationFileFetcher: AssociationFileFetcher {
    /// How long to wait for a response, in seconds.
    public let timeout: TimeInterval

    /// Creates a fetcher.
    /// - Parameter timeout: How long to wait for a response, in seconds.
    public init(timeout: TimeInterval = 15) {
        self.timeout = timeout
    }

    /// Sends one `GET` without following redirects.
    /// - Parameter url: The file's URL.
    /// - Throws: The `URLSession` error when no response arrived.
    public func fetch(_ url: URL) async throws -> FetchedResponse {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let delegate = FetchDelegate(url: url)
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: url)
        request.setValue("swift-deeplink-doctor", forHTTPHeaderField: "User-Agent")
        return try await withCheckedThrowingContinuation { continuation in
            delegate.start(continuation)
            session.dataTask(with: request).resume()
        }
    }
}

/// Collects one task's body and refuses its redirects; `URLSession` calls it from its own queue.
private final class FetchDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let url: URL
    private let lock = NSLock()
    private var body = Data()
    private var continuation: CheckedContinuation<FetchedResponse, any Error>?

    init(url: URL) {
        self.url = url
    }

    func start(_ continuation: CheckedContinuation<FetchedResponse, any Error>) {
        lock.withLock { self.continuation = continuation }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.withLock { body.append(data) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (continuation, body) = lock.withLock { () -> (CheckedContinuation<FetchedResponse, any Error>?, Data) in
            defer { self.continuation = nil }
            return (self.continuation, self.body)
        }
        if let error {
            continuation?.resume(throwing: error)
            return
        }
        guard let response = task.response as? HTTPURLResponse else {
            continuation?.resume(throwing: URLError(.badServerResponse))
            return
        }
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        continuation?.resume(
            returning: FetchedResponse(url: url, statusCode: response.statusCode, headers: headers, body: body))
    }
}
