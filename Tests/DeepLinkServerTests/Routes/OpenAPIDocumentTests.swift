import DeepLinkCore
import DeepLinkServiceTesting
import DeepLinkTesting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import Yams

@testable import DeepLinkServer
@testable import DeepLinkService

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
            "DELETE /api/v1/links/{code}", "GET /api/v1/links/{code}/stats", "GET /api/v1/stats", "POST /api/v1/deferred/claim", "POST /api/v1/opens",
            "POST /api/v1/links/bulk", "PATCH /api/v1/links/bulk", "DELETE /api/v1/links/bulk", "GET /api/v1/tags", "GET /api/v1/tags/{tag}/stats",
            "POST /api/v1/webhooks", "GET /api/v1/webhooks", "GET /api/v1/webhooks/{id}", "DELETE /api/v1/webhooks/{id}",
            "POST /api/v1/webhooks/{id}/enable", "GET /api/v1/webhooks/{id}/deliveries",
        ])
        #expect(try Self.operations().filter(\.isPublic).map(\.description) == ["POST /api/v1/deferred/claim", "POST /api/v1/opens"])
    }

    @Test func everyDocumentedOperationAnswersWithADocumentedStatus() async throws {
        let operations = try Self.operations()
        try await ServerHarness.run(.sqlite, resolver: FixedResolver(["public.test": ["93.184.216.34"]])) { server in
            for operation in operations {
                let code = "doc-\(UUID().uuidString.prefix(8))"
                _ = try await server.createLink(#"{"code": "\#(code)", "deepLink": "shop://cart", "tags": ["documented"]}"#)
                var path = operation.path.replacingOccurrences(of: "{code}", with: code).replacingOccurrences(of: "{tag}", with: "documented")
                if path.contains("{id}") {
                    let endpoint = try await server.api(.post, "/api/v1/webhooks", json: #"{"url": "https://public.test/hook"}"#)
                    path = path.replacingOccurrences(of: "{id}", with: try #require(try endpoint.object()["id"]?.stringValue))
                }
                let body: String? = switch operation.method {
                case "post" where operation.path == "/api/v1/webhooks": #"{"url": "https://public.test/hook", "events": ["link.created"]}"#
                case "post" where operation.path.hasPrefix("/api/v1/webhooks/"): nil
                case "post" where operation.path == "/api/v1/opens": #"{"url": "https://shop.example.com/\#(code)", "platform": "ios"}"#
                case "post" where operation.isPublic: "{}"
                case "post" where operation.path.hasSuffix("/bulk"): #"{"links": [{"deepLink": "shop://sales/1"}]}"#
                case "patch" where operation.path.hasSuffix("/bulk"): #"{"codes": ["\#(code)"], "changes": {"note": "documented"}}"#
                case "delete" where operation.path.hasSuffix("/bulk"): #"{"codes": ["\#(code)"]}"#
                case "post": #"{"deepLink": "shop://sales/1"}"#
                case "patch": #"{"note": "documented"}"#
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

                if operation.path.contains("{code}") || operation.path.contains("{id}") {
                    let missingPath = operation.path.replacingOccurrences(of: "{code}", with: "missing-\(code)").replacingOccurrences(of: "{id}", with: "wh_000000000000")
                    let missing = try await server.api(method, missingPath, json: body)
                    #expect(missing.status == .notFound)
                    #expect(operation.statuses.contains(404), "\(operation) does not document 404")
                }
            }
        }
    }

    /// The link schemas are the link catalog's: the same fields in the same groups, nullable
    /// except the code and the deep link, with the catalog's length limits, and nothing more.
    @Test func theLinkSchemasHaveExactlyTheCatalogsFields() throws {
        let document = try #require(try Yams.compose(yaml: OpenAPIDocument.text()))
        let schemas = try #require(document["components"]?["schemas"])
        func properties(_ schema: String) throws -> [String: Yams.Node] {
            let mapping = try #require(schemas[schema]?["properties"]?.mapping, "\(schema)")
            return Dictionary(uniqueKeysWithValues: mapping.map { ($0.key.string ?? "", $0.value) })
        }
        let input = try properties("LinkInput")
        let output = try properties("Link")
        let groupSchemas: [LinkField.Group: String] = [.fallbacks: "Fallbacks", .utm: "UTM", .preview: "Preview", .minAppVersion: "MinAppVersion"]
        for group in LinkField.Group.allCases {
            let fields = LinkField.all.filter { $0.group == group }
            let documented = group == .link ? input : try properties(try #require(groupSchemas[group]))
            // `campaign`, read as `utm.campaign`, and the write-only `password` (with `passwordProtected`,
            // as a link's answer sent back has it) are the inputs that are no field of the catalog.
            let expected = Set(fields.map(\.name)).union(
                group == .link ? Set(groupSchemas.keys.map(\.rawValue)) + ["campaign", "password", "passwordProtected"] : [])
            #expect(Set(documented.keys) == expected, "\(group)")
            for field in fields {
                let property = try #require(documented[field.name], "\(field.path)")
                let types = property["type"]?.sequence?.compactMap(\.string) ?? property["type"]?.string.map { [$0] } ?? []
                #expect(types.contains("null") == !(field.kind == .code || field.kind == .deepLink), "\(field.path) nullable")
                if case .text(let maximumLength) = field.kind {
                    #expect(property["maxLength"]?.int == maximumLength, "\(field.path) maxLength")
                }
                if group == .link { #expect(output[field.name] != nil, "Link has \(field.name)") }
            }
            if group != .link {
                #expect(input[group.rawValue] != nil && output[group.rawValue] != nil, "\(group) in LinkInput and Link")
            }
        }
        #expect(
            Set(output.keys) == Set(LinkField.all.map { $0.group == .link ? $0.name : $0.group.rawValue } + ["url", "passwordProtected", "createdAt", "updatedAt"]))
        #expect(output["password"] == nil, "the password is never returned")
    }

    @Test func documentsEveryErrorCodeTheServerUses() throws {
        let text = try OpenAPIDocument.text()
        for code in [
            LinkServerError.Code.invalidJSON, .invalidField, .unroutableDeepLink, .disallowedURL, .codeTaken, .notFound, .unauthorized,
            .rateLimited, .payloadTooLarge, .unsupportedMediaType, .storageUnavailable, .methodNotAllowed, .invalidBody, .notAShortLink,
            .linkExpired,
        ] {
            #expect(text.contains(code.description), "\(code)")
        }
    }

    /// Set to `1` (CI does) to fail rather than skip when Python's openapi-spec-validator is missing.
    static let validatorRequired = ProcessInfo.processInfo.environment["DEEPLINK_TEST_REQUIRE_OPENAPI_VALIDATOR"] == "1"

    /// The document as served, read by a YAML loader that refuses duplicate keys (which most
    /// loaders silently resolve) and checked by openapi-spec-validator, as any OpenAPI tool would.
    @Test func theServedDocumentIsValidYAMLAndValidOpenAPI() async throws {
        let served = try await ServerHarness.served("/openapi.yaml")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("openapi-\(UUID().uuidString).yaml")
        try served.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let check = """
            import sys, yaml
            try:
                from openapi_spec_validator import validate
            except ImportError:
                sys.exit(3)
            class Strict(yaml.SafeLoader):
                pass
            def mapping(loader, node):
                keys = [loader.construct_object(k) for k, _ in node.value]
                duplicates = sorted({k for k in keys if keys.count(k) > 1})
                if duplicates:
                    raise yaml.constructor.ConstructorError(None, None, f"duplicate keys {duplicates}", node.start_mark)
                return loader.construct_mapping(node)
            Strict.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, mapping)
            validate(yaml.load(open(sys.argv[1]), Strict))
            print("valid")
            """
        let status: Int32
        let text: String
        do {
            (status, text) = try await ChildProcess.run(executable: "/usr/bin/env", arguments: ["python3", "-c", check, file.path], error: .standardOutput)
        } catch {
            #expect(!Self.validatorRequired, "python3 cannot be started: \(error)")
            return
        }
        if status == 3 {
            #expect(!Self.validatorRequired, "openapi-spec-validator is required but not installed (pip install openapi-spec-validator)")
            return
        }
        #expect(status == 0 && text.contains("valid"), "\(text)")
    }
}
