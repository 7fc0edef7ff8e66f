import DeepLinkCore
import DeepLinkServiceTesting
import DeepLinkStoreSQLite
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import DeepLinkServer
@testable import DeepLinkService

struct OperationsRoutesTests {
    @Test(arguments: StoreBackend.available)
    func reportsHealthWithoutAKey(backend: StoreBackend) async throws {
        try await ServerHarness.run(backend) { server in
            let response = try await server.client.execute(uri: "/healthz", method: .get)
            #expect(response.status == .ok)
            #expect(try response.object() == ["status": "ok"])
        }
    }

    @Test func reportsUnavailableWhenTheDatabaseIsGone() async throws {
        let store = try await SQLiteLinkStore.open(path: nil, logger: Logger(label: "test"))
        let app = try buildApplication(configuration: try ServerHarness.configuration(), store: store, logger: Logger(label: "test"))
        await store.close()
        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/healthz", method: .get)
            #expect(response.status == .serviceUnavailable)
            #expect(response.headers[.retryAfter] == "2")
            #expect(try response.object() == ["status": "unavailable"])
        }
    }

    @Test func exposesPrometheusMetricsForRequestsLatenciesAndResolutions() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let code = try #require(try await server.createLink(#"{"deepLink": "shop://cart"}"#)["code"]?.stringValue)
            _ = try await server.open("/\(code)", userAgent: ServerHarness.iPhone)
            _ = try await server.open("/\(code)", userAgent: ServerHarness.iPhone)
            let response = try await server.client.execute(uri: "/metrics", method: .get)
            #expect(response.headers[.contentType] == "text/plain; version=0.0.4; charset=utf-8")
            let text = response.text
            #expect(text.contains(#"deeplink_http_requests_total{method="GET",route="/{code}",status="200"} 2"#))
            #expect(text.contains(#"deeplink_http_requests_total{method="POST",route="/api/v1/links",status="201"} 1"#))
            #expect(text.contains(#"deeplink_http_request_duration_seconds_count{route="/{code}"} 2"#))
            #expect(text.contains(#"deeplink_links_resolved_total{platform="ios"} 2"#))
        }
    }

    @Test func servesTheOpenAPIDocument() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let response = try await server.client.execute(uri: "/openapi.yaml", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/yaml")
            #expect(response.text == (try OpenAPIDocument.text()))
            #expect(response.text.hasPrefix("openapi: 3.1.0"))
        }
    }
}
