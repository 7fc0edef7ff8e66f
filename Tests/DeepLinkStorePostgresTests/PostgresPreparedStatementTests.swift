// Tests DeepLinkStorePostgres, here beside the server's shared store suite, which runs against both stores.
import DeepLinkServiceTesting
import DeepLinkTesting
import Foundation
import Logging
import PostgresNIO
import Testing

@testable import DeepLinkService
@testable import DeepLinkStorePostgres

/// Links are read, deferred clicks written and limits taken with statements each connection
/// prepares once, which see what is stored now and keep every value as it was given.
struct PostgresPreparedStatementTests {
    @Test(.enabled(if: TestPostgreSQL.url != nil))
    func aLinkIsReadWithAPreparedStatementThatSeesChangesAndOddCodes() async throws {
        try await StoreBackend.postgres.withStore { store in
            let store = try #require(store as? PostgresLinkStore)
            let odd = "o'dd\\$1;--"
            try await store.insert([Link.sample("prepared"), Link.sample(odd)])
            let logger = Logger(label: "test.prepared")
            let (codes, prepared) = try await store.run("test prepared statements") { connection in
                var codes: [String?] = []
                for code in ["prepared", odd, "missing", "prepared"] {
                    let rows = try await PostgresLinkStore.linkRows(code: code, on: connection, logger: logger)
                    codes.append(try rows.first.map(Link.init(row:))?.code)
                }
                var prepared: [String] = []
                for try await name in try await connection.query("SELECT name FROM pg_prepared_statements", logger: logger).decode(String.self) {
                    prepared.append(name)
                }
                return (codes, prepared)
            }
            #expect(codes == ["prepared", odd, nil, "prepared"])
            #expect(prepared == [LinkByCode.name])

            var changed = try #require(try await store.link(code: "prepared"))
            changed.deepLink = "shop://sales/7"
            #expect(try await store.update(changed))
            #expect(try await store.link(code: "prepared")?.deepLink == "shop://sales/7")
            #expect(try await store.deleteLink(code: "prepared"))
            #expect(try await store.link(code: "prepared") == nil)
        }
    }

    @Test(.enabled(if: TestPostgreSQL.url != nil))
    func deferredClicksAreWrittenWithAPreparedStatementThatKeepsNullsAndOddTextAndCountsHops() async throws {
        try await StoreBackend.postgres.withStore { store in
            let store = try #require(store as? PostgresLinkStore)
            let code = "prepared-\(UUID().uuidString.prefix(8))"
            let now = Date().roundedToSeconds
            try await store.insert(Link.stored(code, created: now))
            let bare = DeferredClick(
                token: "\(code)-bare", code: nil, deepLink: "shop://sales/1", platform: .android, createdAt: now,
                expiresAt: now.addingTimeInterval(60))
            var full = DeferredClick(
                token: "\(code)-full", code: code, deepLink: "shop://o'dd/\\$1;--/é́/\u{1F600}", platform: .ios,
                utm: UTMFields(source: "", medium: "news\"letter", campaign: "spring", term: "a,b", content: "{\"x\": [1]}"),
                campaign: "camp", networkHash: "hash", device: DeviceSignals(platform: .ios, osVersion: "17.5", language: "de-DE"),
                createdAt: now, expiresAt: now.addingTimeInterval(120))
            let second = DeferredClick(
                token: "\(code)-second", code: code, deepLink: "shop://sales/2", platform: .android, createdAt: now,
                expiresAt: now.addingTimeInterval(60))
            try await store.insert([bare, full, second])

            #expect(try await store.claimDeferredClick(token: bare.token, at: now)?.withoutClaim == bare)
            let claimed = try #require(try await store.claimDeferredClick(token: full.token, at: now))
            // A claim clears the network hash and signals; everything else is as written.
            full.networkHash = nil
            full.device = nil
            #expect(claimed.withoutClaim == full)
            let counts = try await store.deferredCounts(code: code, since: "2000-01-01")
            #expect(counts.map(\.platform).sorted { $0.rawValue < $1.rawValue } == [.android, .ios])
            #expect(counts.map(\.storeHops) == [1, 1])

            // A taken token fails the batch as a duplicate and writes none of it.
            let again = DeferredClick(
                token: "\(code)-again", code: code, deepLink: "shop://sales/3", platform: .android, createdAt: now,
                expiresAt: now.addingTimeInterval(60))
            let error = await #expect(throws: StoreError.self) { try await store.insert([again, second]) }
            #expect(error?.code == .duplicate)
            #expect(try await store.claimDeferredClick(token: again.token, at: now) == nil)
            #expect(try await store.deferredCounts(code: code, since: "2000-01-01").map(\.storeHops) == [1, 1])

            // Both statements are prepared on the connection that runs them.
            let logger = Logger(label: "test.prepared")
            let last = DeferredClick(
                token: "\(code)-last", code: code, deepLink: "shop://sales/4", platform: .android, createdAt: now,
                expiresAt: now.addingTimeInterval(60))
            let takes = RateLimitTakes(["198.51.100.9": 1], perMinute: 5, now: now)
            let prepared = try await store.run("test prepared statements") { connection in
                for try await _ in try await connection.execute(InsertDeferredClicks(clicks: [last], clients: [nil], limit: nil, now: now), logger: logger) {}
                for try await _ in try await connection.execute(TakeRateLimitTokens(scope: "prepared-test", takes: takes), logger: logger) {}
                var names: Set<String> = []
                for try await name in try await connection.query("SELECT name FROM pg_prepared_statements", logger: logger).decode(String.self) {
                    names.insert(name)
                }
                return names
            }
            #expect(prepared.isSuperset(of: [InsertDeferredClicks.name, TakeRateLimitTokens.name]))
            #expect(try await store.claimDeferredClick(token: last.token, at: now) != nil)
        }
    }

    @Test(.enabled(if: TestPostgreSQL.url != nil))
    func aBatchTakesItsClientsTokensAsItWritesEarlierClicksFirstAndAFailedBatchTakesNone() async throws {
        try await StoreBackend.postgres.withStore { store in
            let store = try #require(store as? PostgresLinkStore)
            let now = Date().roundedToSeconds
            func click(_ name: String) -> DeferredClick {
                DeferredClick(
                    token: "limit-\(name)-\(UUID().uuidString.prefix(6))", code: nil, deepLink: "shop://sales/\(name)", platform: .android,
                    createdAt: now, expiresAt: now.addingTimeInterval(3600))
            }
            let limit = ClickRateLimit(scope: "deferred-clicks", perMinute: 2)
            let batch = ["a1", "b1", "a2", "a3", "n1"].map(click)
            let stored = try await store.insert(batch, clients: ["a", "b", "a", "a", nil], limit: limit, now: now)
            #expect(stored == [true, true, true, false, true])
            for (click, wasStored) in zip(batch, stored) {
                #expect((try await store.claimDeferredClick(token: click.token, at: now) != nil) == wasStored)
            }
            // A batch that fails on a taken token takes no token: c still has both of its own.
            let error = await #expect(throws: StoreError.self) {
                try await store.insert([click("c1"), batch[1]], clients: ["c", "c"], limit: limit, now: now)
            }
            #expect(error?.code == .duplicate)
            #expect(try await store.insert([click("c2"), click("c3"), click("c4")], clients: ["c", "c", "c"], limit: limit, now: now) == [true, true, false])
            // b has one token left of two; a has none.
            #expect(try await store.insert([click("b2"), click("a4"), click("b3")], clients: ["b", "a", "b"], limit: limit, now: now) == [true, false, false])
            // A minute later the buckets are full again.
            #expect(try await store.insert([click("a5")], clients: ["a"], limit: limit, now: now.addingTimeInterval(60)) == [true])
        }
    }
}

extension DeferredClick {
    /// The click as it was before a claim.
    fileprivate var withoutClaim: DeferredClick {
        var click = self
        click.claimedAt = nil
        return click
    }
}
