import Dispatch
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One bounded fetch of an HTML page: counts redirects, checks status and content type as soon
/// as the head arrives, stops reading past the size cap, and gives up at the deadline.
///
/// URLSession reports through a delegate on its own queue; the state lives behind a lock and
/// the first outcome (success, a limit, or an error) wins. The task is never cancelled while a
/// redirect waits for its answer: FoundationNetworking on Linux traps when that answer then arrives.
final class PageFetch: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    struct Page {
        let text: String
    }

    static let htmlMediaTypes: Set<String> = ["text/html", "application/xhtml+xml"]
    static let latin1Charsets: Set<String> = ["iso-8859-1", "latin1", "iso_8859-1", "windows-1252", "us-ascii", "ascii"]

    private let request: URLRequest
    private let configuration: HTTPAppLinkResolver.Configuration
    private let lock = NSLock()
    private var body = Data()
    private var redirects = 0
    private var charset: String?
    private var outcome: Result<Page, AppLinksError>?
    private var continuation: CheckedContinuation<Page, any Error>?
    private var task: URLSessionDataTask?
    private var redirectPending = false
    private var deadline: DispatchWorkItem?

    init(request: URLRequest, configuration: HTTPAppLinkResolver.Configuration) {
        self.request = request
        self.configuration = configuration
    }

    private var url: URL? { request.url }

    func run() async throws(AppLinksError) -> Page {
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        // The deadline set in `start` bounds the whole fetch. URLSession's own timeouts are only a
        // backstop: on Linux, values under a second fire at once.
        sessionConfiguration.timeoutIntervalForRequest = max(1, configuration.timeout.timeInterval)
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        sessionConfiguration.urlCache = nil
        let session = URLSession(configuration: sessionConfiguration, delegate: self, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    start(session: session, continuation: continuation)
                }
            } onCancel: {
                finish(.failure(AppLinksError(code: .networkFailure, message: "the fetch was cancelled", url: url)))
            }
        } catch let error as AppLinksError {
            throw error
        } catch {
            throw AppLinksError(code: .networkFailure, message: "the fetch failed: \(error)", url: url, cause: error)
        }
    }

    private func start(session: URLSession, continuation: CheckedContinuation<Page, any Error>) {
        let task = session.dataTask(with: request)
        lock.lock()
        if let outcome {
            lock.unlock()
            continuation.resume(with: outcome.mapError { $0 as any Error })
            return
        }
        let timeout = configuration.timeout
        let deadline = DispatchWorkItem { [self] in
            finish(.failure(AppLinksError(code: .timedOut, message: "no complete answer within \(timeout)", url: url)))
        }
        self.continuation = continuation
        self.task = task
        self.deadline = deadline
        lock.unlock()
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout.timeInterval, execute: deadline)
        task.resume()
    }

    /// Records the first outcome, resumes the waiting caller, and stops the task and the deadline.
    private func finish(_ result: Result<Page, AppLinksError>) {
        lock.lock()
        guard outcome == nil else {
            lock.unlock()
            return
        }
        outcome = result
        let continuation = self.continuation
        let task = redirectPending ? nil : self.task
        let deadline = self.deadline
        self.continuation = nil
        self.deadline = nil
        lock.unlock()
        deadline?.cancel()
        if case .failure = result { task?.cancel() }
        continuation?.resume(with: result.mapError { $0 as any Error })
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        lock.lock()
        redirects += 1
        redirectPending = true
        lock.unlock()
        completionHandler(follow(newRequest))
        lock.lock()
        redirectPending = false
        let stop = outcome != nil
        lock.unlock()
        if stop { task.cancel() }
    }

    /// The redirected request with this fetch's headers, or `nil` after recording why not to follow it.
    private func follow(_ newRequest: URLRequest) -> URLRequest? {
        lock.lock()
        let count = redirects
        lock.unlock()
        guard count <= configuration.maximumRedirects else {
            finish(.failure(AppLinksError(
                code: .tooManyRedirects, message: "more than \(configuration.maximumRedirects) redirects", url: url)))
            return nil
        }
        guard let next = newRequest.url, next.isHTTP else {
            finish(.failure(AppLinksError(
                code: .invalidURL,
                message: "redirected to \(newRequest.url?.absoluteString ?? "nothing"), which is not an http or https URL",
                url: url)))
            return nil
        }
        var redirected = newRequest
        for (name, value) in request.allHTTPHeaderFields ?? [:] where redirected.value(forHTTPHeaderField: name) == nil {
            redirected.setValue(value, forHTTPHeaderField: name)
        }
        return redirected
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        if let problem = problem(with: response) {
            finish(.failure(problem))
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        body.append(data)
        let size = body.count
        lock.unlock()
        if size > configuration.maximumPageSize {
            finish(.failure(tooLarge(size: nil)))
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let error else {
            lock.lock()
            let page = Page(text: decode(body, charset: charset))
            lock.unlock()
            finish(.success(page))
            return
        }
        if let urlError = error as? URLError, urlError.code == .timedOut {
            finish(.failure(AppLinksError(
                code: .timedOut, message: "no complete answer within \(configuration.timeout)", url: url, cause: urlError)))
        } else {
            finish(.failure(AppLinksError(
                code: .networkFailure, message: "the request failed: \(error.localizedDescription)", url: url,
                cause: error as? URLError)))
        }
    }

    private func problem(with response: URLResponse) -> AppLinksError? {
        guard let http = response as? HTTPURLResponse else { return nil }
        guard (200..<300).contains(http.statusCode) else {
            return AppLinksError(
                code: .httpStatus, message: "the server answered HTTP \(http.statusCode) for \(http.url?.absoluteString ?? "the page")",
                url: url)
        }
        if let contentType = http.value(forHTTPHeaderField: "Content-Type") {
            let parameters = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            let mediaType = parameters.first ?? ""
            guard Self.htmlMediaTypes.contains(mediaType) else {
                return AppLinksError(
                    code: .unsupportedContentType,
                    message: "expected an HTML page, the server sent \(mediaType.isEmpty ? "an empty Content-Type" : mediaType)",
                    url: url)
            }
            let charset = parameters.dropFirst().first { $0.hasPrefix("charset=") }?.dropFirst("charset=".count)
            lock.lock()
            self.charset = charset.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) }
            lock.unlock()
        }
        if http.expectedContentLength > configuration.maximumPageSize {
            return tooLarge(size: http.expectedContentLength)
        }
        return nil
    }

    private func tooLarge(size: Int64?) -> AppLinksError {
        let found = size.map { "the page has \($0) bytes" } ?? "the page is larger"
        return AppLinksError(
            code: .responseTooLarge,
            message: "\(found); the limit is \(configuration.maximumPageSize) bytes (HTTPAppLinkResolver.Configuration.maximumPageSize)",
            url: url)
    }

    private func decode(_ body: Data, charset: String?) -> String {
        if let charset, Self.latin1Charsets.contains(charset), let text = String(data: body, encoding: .isoLatin1) {
            return text
        }
        return String(decoding: body, as: UTF8.self)
    }
}

extension Duration {
    /// The duration in seconds, for Foundation APIs.
    var timeInterval: TimeInterval {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
