import DeepLinkCore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

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

    /// The operations under `paths:`, read by indentation (2: path, 4: method, 8: status).
    static func operations() throws -> [Operation] {
        var operations: [Operation] = []
        var path: String?
        var inPaths = false
        for line in try OpenAPIDocument.text().split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "paths:" { inPaths = true; continue }
            guard inPaths else { continue }
            if !line.hasPrefix(" ") && !line.isEmpty { break }
            if line.hasPrefix("  /") { path = String(line.dropFirst(2).dropLast()); continue }
            if let path, line.hasPrefix("    "), !line.hasPrefix("     "), let method = line.split(separator: ":").first?.trimmingCharacters(in: .whitespaces),
                ["get", "post", "patch", "put", "delete"].contains(method)
            {
                operations.append(Operation(method: method, path: path, statuses: []))
                continue
            }
            if line == "      security: []", !operations.isEmpty {
                operations[operations.count - 1].isPublic = true
                continue
            }
            if line.hasPrefix("        '"), let status = Int(line.dropFirst(9).prefix(3)), !operations.isEmpty {
                operations[operations.count - 1].statuses.insert(status)
            }
        }
        return operations
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
