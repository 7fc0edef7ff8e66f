import DeepLinkCore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import Yams

@testable import DeepLinkServer

/// Keeps `openapi.yaml` true: every documented operation exists and answers with a documented
/// status, and every admin route is documented.
struct OpenAPIDocumentTests {
    struct Operation: Hashable, CustomStringConvertible {
        var method: String
        var path: String
        var statuses: Set<Int>
        /// Whether the operation says `security: []`: no API key.
        var isPublic = false
        var description: String { "\(method.uppercased()) \(path)" }
    }

    /// The operations under `paths:`, in document order.
    static func operations() throws -> [Operation] {
        let document = try #require(try Yams.compose(yaml: OpenAPIDocument.text()))
        let paths = try #require(document["paths"]?.mapping)
        return paths.flatMap { path, item in
            (item.mapping ?? [:]).compactMap { method, operation -> Operation? in
                guard let method = method.string, ["get", "post", "patch", "put", "delete"].contains(method) else { return nil }
                let statuses = operation["responses"]?.mapping?.keys.compactMap { $0.string.flatMap { Int($0) } } ?? []
                return Operation(
                    method: method, path: path.string ?? "", statuses: Set(statuses), isPublic: operation["security"]?.sequence?.isEmpty == true)
            }
        }
    }

    @Test func documentsEveryAdminRoute() throws {
        let documented = Set(try Self.operations().map(\.description))
        #expect(documented == [
            "POST /api/v1/links", "GET /api/v1/links", "GET /api/v1/links/{code}", "PATCH /api/v1/links/{code}",
            "DELETE /api/v1/links/{code}", "GET /api/v1/links/{code}/stats", "POST /api/v1/deferred/claim",
        ])
        #expect(try Self.operations().filter(\.isPublic).map(\.description) == ["POST /api/v1/deferred/claim"])
    }

    @Test func everyDocumentedOperationAnswersWithADocumentedStatus() async throws {
        let operations = try Self.operations()
        try await ServerHarness.run(.sqlite) { server in
            for operation in operations {
                let code = "doc-\(UUID().uuidString.prefix(8))"
                _ = try await server.createLink(#"{"code": "\#(code)", "deepLink": "shop://cart"}"#)
                let path = operation.path.replacingOccurrences(of: "{code}", with: code)
                let body: String? = switch operation.method {
                case "post" where operation.isPublic: "{}"
                case "post": #"{"deepLink": "shop://sales/1"}"#
                case "patch": #"{"campaign": "documented"}"#
                default: nil
                }
                let method = HTTPRequest.Method(operation.method.uppercased())!
                let success = try await server.api(method, path, json: body)
                #expect(operation.statuses.contains(Int(success.status.code)), "\(operation) answered \(success.status.code)")
                #expect(success.status.code < 300, "\(operation) answered \(success.status.code): \(success.text)")

                guard !operation.isPublic else { continue }
                let unauthorized = try await server.client.execute(uri: path, method: method)
                #expect(unauthorized.status == .unauthorized)
                #expect(operation.statuses.contains(401), "\(operation) does not document 401")

                if operation.path.contains("{code}") {
                    let missing = try await server.api(method, operation.path.replacingOccurrences(of: "{code}", with: "missing-\(code)"), json: body)
                    #expect(missing.status == .notFound)
                    #expect(operation.statuses.contains(404), "\(operation) does not document 404")
                }
            }
        }
    }

    @Test func documentsEveryErrorCodeTheServerUses() throws {
        let text = try OpenAPIDocument.text()
        for code in [
            LinkServerError.Code.invalidJSON, .invalidField, .unroutableDeepLink, .disallowedURL, .codeTaken, .notFound, .unauthorized,
            .rateLimited, .payloadTooLarge, .unsupportedMediaType, .storageUnavailable,
        ] {
            #expect(text.contains(code.description), "\(code)")
        }
    }
}
