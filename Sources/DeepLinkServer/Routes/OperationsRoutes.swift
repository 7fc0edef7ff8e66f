import DeepLinkService
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// `/healthz`, `/metrics` and `/openapi.yaml`: public, read-only, and revealing nothing about links.
struct OperationsRoutes: Sendable {
    /// The store's health check (``LinkStore/checkHealth()``), all `/healthz` needs of it.
    let checkStoreHealth: @Sendable () async throws -> Void
    let metrics: ServerMetrics
    let openAPIDocument: String

    func add(to router: some RouterMethods<ServerRequestContext>) {
        router.get("/healthz") { _, context in await health(context: context) }
        router.head("/healthz") { _, context in await health(context: context).createHeadResponse() }
        router.get("/metrics") { _, _ in metricsResponse() }
        router.head("/metrics") { _, _ in metricsResponse().createHeadResponse() }
        router.get("/openapi.yaml") { _, _ in Self.text(openAPIDocument, contentType: "application/yaml") }
        router.head("/openapi.yaml") { _, _ in Self.text(openAPIDocument, contentType: "application/yaml").createHeadResponse() }
    }

    private func health(context: ServerRequestContext) async -> Response {
        do {
            try await checkStoreHealth()
            return Self.text("{\"status\":\"ok\"}\n", contentType: "application/json")
        } catch {
            context.logger.error("health check failed", metadata: ["error": "\(error)"])
            var response = Self.text("{\"status\":\"unavailable\"}\n", contentType: "application/json", status: .serviceUnavailable)
            response.headers[.retryAfter] = String(StoreError.retryAfterSeconds)
            return response
        }
    }

    private func metricsResponse() -> Response {
        Self.text(metrics.prometheusText(), contentType: "text/plain; version=0.0.4; charset=utf-8")
    }

    static func text(_ text: String, contentType: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: contentType, .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
