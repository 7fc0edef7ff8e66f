import Foundation

/// Claims the deep link that led to this install, once per install.
///
/// On first launch, call ``claimOnFirstLaunch(from:signals:)`` with the token source the app
/// read (install referrer or pasteboard) and, with the user's consent, device signals. The
/// claimer asks the server at most once per install:
///
/// - When the server answers, with a match or without, the claim is over for good: the flag in
///   ``DeferredLinkClaimStorage`` is set and later calls return `nil` without a request. So it is
///   when the server refuses the request (a `4xx` other than `408` and `429`: a wrong endpoint or a
///   client the server no longer understands), which asking again would not change.
/// - When no answer comes (no network, `408`, `429`, `5xx`, a body that is not a claim answer),
///   the flag stays unset and the next call, on this launch or the next, asks again.
/// - Calls made while a request is on its way wait for it and get its result; they never send a
///   second request.
///
/// Route the claim with ``Router/route(_:idiom:isSignedIn:)`` or ``SessionRouter/open(_:idiom:)``,
/// which give it the origin ``LinkOrigin/deferred``.
public actor DeferredLinkClaimer {
    /// The claim endpoint, e.g. `https://LINKHOST/api/v1/deferred/claim`.
    public nonisolated let endpoint: URL
    private let transport: any DeferredLinkTransport
    private let storage: any DeferredLinkClaimStorage
    private var inFlight: Task<Result<DeferredLinkClaim?, DeferredLinkError>, Never>?
    /// How many calls have waited for a request already in flight instead of sending their own;
    /// tests read it to know a concurrent call has joined.
    package private(set) var joinedCalls = 0

    /// Creates a claimer.
    /// - Parameters:
    ///   - endpoint: The claim endpoint, normally `https://LINKHOST/api/v1/deferred/claim`. It must
    ///     be `https`, or plain `http` to this device (`127.0.0.1`, `localhost`, `::1`) for tests
    ///     and local servers.
    ///   - transport: What sends the request. Default: ``URLSessionDeferredLinkTransport``.
    ///   - storage: Where the "already claimed" flag lives. Default:
    ///     ``UserDefaultsDeferredLinkClaimStorage`` with the standard defaults.
    /// - Throws: ``DeferredLinkError`` with code ``DeferredLinkError/Code/invalidEndpoint`` for any
    ///   other endpoint.
    public init(
        endpoint: URL, transport: any DeferredLinkTransport = URLSessionDeferredLinkTransport(),
        storage: any DeferredLinkClaimStorage = UserDefaultsDeferredLinkClaimStorage()
    ) throws(DeferredLinkError) {
        guard Self.isAllowed(endpoint) else {
            throw DeferredLinkError(
                code: .invalidEndpoint,
                message: "the endpoint must be an https URL (or http to 127.0.0.1, localhost or ::1), "
                    + "e.g. https://LINKHOST/api/v1/deferred/claim",
                endpoint: endpoint)
        }
        self.endpoint = endpoint
        self.transport = transport
        self.storage = storage
    }

    /// Whether the server already answered a claim from this install.
    ///
    /// Check it before reading the pasteboard, so that a later launch does not show the paste
    /// prompt for nothing.
    public var hasClaimed: Bool {
        storage.isClaimed()
    }

    /// Asks the server for the deep link that led to this install, unless it already answered.
    ///
    /// The request is not cancelled with the calling task: the server may already have used up
    /// the click, and its answer must not be lost. The transport's timeout bounds the wait.
    /// - Parameters:
    ///   - source: Where the app found the click token; only a valid token is sent.
    ///   - signals: Device signals for probabilistic matching, sent only when given; pass them
    ///     only with the user's consent.
    /// - Returns: The claim, or `nil` when the server found no match or already answered before.
    /// - Throws: ``DeferredLinkError`` when no answer came (``DeferredLinkError/Code/unreachable``,
    ///   ``DeferredLinkError/Code/rateLimited``, ``DeferredLinkError/Code/serverError``), the
    ///   server refused the request (``DeferredLinkError/Code/requestRejected``), or the answer
    ///   could not be read (``DeferredLinkError/Code/badResponse``). The claim stays open after
    ///   any error but a refusal.
    public func claimOnFirstLaunch(
        from source: DeferredLinkTokenSource = .none, signals: DeferredLinkDeviceSignals? = nil
    ) async throws(DeferredLinkError) -> DeferredLinkClaim? {
        if let inFlight {
            joinedCalls += 1
            return try await inFlight.value.get()
        }
        guard !storage.isClaimed() else { return nil }
        let request = DeferredLinkClaimRequest(token: source.token, signals: signals)
        let task = Task { await send(request) }
        inFlight = task
        return try await task.value.get()
    }

    /// Sends the request and, when the server answered, sets the flag; both, and clearing
    /// `inFlight`, happen in one actor turn so no call sees one without the other.
    private func send(_ request: DeferredLinkClaimRequest) async -> Result<DeferredLinkClaim?, DeferredLinkError> {
        defer { inFlight = nil }
        let response: DeferredLinkTransportResponse
        do {
            response = try await transport.post(request.body, to: endpoint)
        } catch {
            let reason = (error as? URLError)?.localizedDescription ?? String(describing: error)
            return .failure(
                DeferredLinkError(
                    code: .unreachable, message: "no response from the server (\(reason)); the next claim retries",
                    endpoint: endpoint, cause: error))
        }
        let result = Result { () throws(DeferredLinkError) in try response.claim(endpoint: endpoint) }
        switch result {
        case .success:
            storage.markClaimed()
        case .failure(let error) where error.code == .requestRejected && error.statusCode != 408:
            // A refusal (400, 404, ...) would come back on every launch, each time after the app
            // read the pasteboard (and iOS showed its paste prompt): give up instead.
            storage.markClaimed()
        case .failure:
            break
        }
        return result
    }

    private static func isAllowed(_ endpoint: URL) -> Bool {
        guard let host = endpoint.host?.lowercased(), !host.isEmpty else { return false }
        switch endpoint.scheme?.lowercased() {
        case "https": return true
        case "http": return ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host)
        default: return false
        }
    }
}
