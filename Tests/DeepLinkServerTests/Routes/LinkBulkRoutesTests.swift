import DeepLinkCore
import DeepLinkServiceTesting
import DeepLinkTesting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import DeepLinkServer
@testable import DeepLinkService

/// Issue 27: `/api/v1/links/bulk`, every item on its own, counted against the key's writes.
struct LinkBulkRoutesTests {
    @Test func createsAThousandLinksInOneRequestWithEveryBadItemReportedInPlace() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let prefix = "bulk\(UUID().uuidString.prefix(6).lowercased())"
            let items: [String] = (0..<1_000).map { index in
                switch index % 100 {
                case 7: #"{"code": "\#(prefix)-\#(index)", "deepLink": "shop://nowhere/\#(index)"}"#
                case 8: #"{"code": "\#(prefix)-\#(index - 1)", "deepLink": "shop://sales/8"}"#  // the code of the item before, which failed: free
                case 9: #"{"code": "\#(prefix)-\#(index - 9)", "deepLink": "shop://sales/9"}"#  // the code of an item before: taken in the request
                default: #"{"code": "\#(prefix)-\#(index)", "deepLink": "shop://sales/\#(index)", "utm": {"campaign": "bulk"}}"#
                }
            }
            let response = try await server.api(.post, "/api/v1/links/bulk", json: #"{"links": [\#(items.joined(separator: ","))]}"#)
            #expect(response.status == .ok)
            let body = try response.object()
            let results = try #require(body["results"]?.arrayValue)
            #expect(results.count == 1_000)
            #expect(body["failed"] == 20, "items 7 and 9 of every hundred")
            #expect(body["created"] == 980)
            let seven = try #require(results[7].objectValue)
            #expect(seven["status"] == "error")
            #expect(seven["error"]?.objectValue?["code"] == "unroutable-deep-link")
            #expect(seven["error"]?.objectValue?["field"] == "deepLink")
            #expect(results[8].objectValue?["link"]?.objectValue?["code"] == .string("\(prefix)-7"))
            #expect(results[9].objectValue?["error"]?.objectValue?["code"] == "code-taken")
            #expect(results[0].objectValue?["link"]?.objectValue?["code"] == .string("\(prefix)-0"))
            #expect(try await server.store.link(code: "\(prefix)-999")?.utm.campaign == "bulk")
            #expect(try await server.store.link(code: "\(prefix)-107")?.deepLink == "shop://sales/8", "item 108 took the code item 107 could not")

            // A second request: every code is taken now, each item says so, nothing changes.
            let again = try await server.api(.post, "/api/v1/links/bulk", json: #"{"links": [\#(items.prefix(3).joined(separator: ","))]}"#)
            #expect(try again.object()["failed"] == 3)
        }
    }

    @Test func changesAndDeletesLinksByCodeEachOnItsOwn() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let prefix = "bulk\(UUID().uuidString.prefix(6).lowercased())"
            for index in 0..<3 { _ = try await server.createLink(#"{"code": "\#(prefix)-\#(index)", "deepLink": "shop://sales/\#(index)"}"#) }
            let codes = #"["\#(prefix)-0", "\#(prefix)-1", "\#(prefix)-missing"]"#
            let changed = try await server.api(.patch, "/api/v1/links/bulk", json: #"{"codes": \#(codes), "changes": {"note": "spring"}}"#)
            #expect(changed.status == .ok)
            let results = try #require(try changed.object()["results"]?.arrayValue)
            #expect(results.map { $0.objectValue?["status"] } == ["updated", "updated", "error"])
            #expect(results[2].objectValue?["error"]?.objectValue?["code"] == "not-found")
            #expect(try await server.store.link(code: "\(prefix)-1")?.note == "spring")
            #expect(try await server.store.link(code: "\(prefix)-2")?.note == nil)

            let bad = try await server.api(.patch, "/api/v1/links/bulk", json: #"{"codes": \#(codes), "changes": {"deepLink": "shop://nowhere"}}"#)
            #expect(try bad.object()["failed"] == 3)

            let deleted = try await server.api(.delete, "/api/v1/links/bulk", json: #"{"codes": \#(codes)}"#)
            let outcomes = try #require(try deleted.object()["results"]?.arrayValue)
            #expect(outcomes.map { $0.objectValue?["status"] } == ["deleted", "deleted", "error"])
            #expect(try await server.store.link(code: "\(prefix)-0") == nil)
            #expect(try await server.store.link(code: "\(prefix)-2") != nil)
        }
    }

    @Test(arguments: [
        (#"{"links": []}"#, "links"), (#"{"links": {}}"#, "links"), (#"{"codes": ["a", "a"]}"#, "codes[1]"), (#"{"codes": [1]}"#, "codes[0]"),
    ])
    func refusesAMalformedRequestWholeNamingTheField(json: String, field: String) async throws {
        try await ServerHarness.run(.sqlite) { server in
            let method: HTTPRequest.Method = json.contains("codes") ? .delete : .post
            let refused = try await server.api(method, "/api/v1/links/bulk", json: json)
            #expect(refused.status == .badRequest)
            #expect(try refused.error().field == field)
        }
    }

    @Test func itemsCountAgainstTheKeysWritesAllOrNone() async throws {
        var configuration = try ServerHarness.configuration()
        configuration.writesPerMinutePerKey = 5
        try await ServerHarness.run(.sqlite, configuration: configuration, clock: TestClock()) { server in
            let prefix = "bulk\(UUID().uuidString.prefix(6).lowercased())"
            func items(_ count: Int, from first: Int) -> String {
                #"{"links": ["# + (first..<first + count).map { #"{"code": "\#(prefix)-\#($0)", "deepLink": "shop://sales/1"}"# }.joined(separator: ",") + "]}"
            }
            let tooMany = try await server.api(.post, "/api/v1/links/bulk", json: items(6, from: 0))
            #expect(tooMany.status == .badRequest)
            #expect(tooMany.text.contains("send them in requests of at most 5"))

            #expect(try await server.api(.post, "/api/v1/links/bulk", json: items(3, from: 0)).status == .ok)
            // Two writes are left of five: three items are refused whole, nothing created.
            let limited = try await server.api(.post, "/api/v1/links/bulk", json: items(3, from: 10))
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter] != nil)
            #expect(try await server.store.link(code: "\(prefix)-10") == nil)
            let last = try await server.api(.post, "/api/v1/links/bulk", json: items(2, from: 20))
            #expect(last.status == .ok, "\(last.text)")
        }
    }

    @Test func aReadOnlyKeyCannotWriteInBulk() async throws {
        try await ServerHarness.run(.sqlite) { server in
            let reader = APIKey.generate(name: "reader", at: Date(), scopes: [.linksRead])
            try await server.store.insert(reader.record)
            let refused = try await server.api(.delete, "/api/v1/links/bulk", json: #"{"codes": ["x"]}"#, token: reader.token)
            #expect(refused.status == .forbidden)
        }
    }
}
