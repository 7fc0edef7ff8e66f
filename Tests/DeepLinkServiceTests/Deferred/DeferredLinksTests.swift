import Crypto
import DeepLinkCore
import DeepLinkServiceTesting
import DeepLinkTesting
import Foundation
import Logging
import Synchronization
import Testing

@testable import DeepLinkService

/// Recording, claiming and purging clicks against each real store, with a clock the test moves.
struct DeferredLinksTests {
    final class TestClock: Sendable {
        private let current = Mutex(Date(timeIntervalSince1970: 1_790_000_000))
        var now: Date { current.withLock { $0 } }
        func advance(seconds: Double) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
    }

    static let iPhone = DeviceSignals(platform: .ios, osVersion: "18.1", language: "en-US", timeZone: "Europe/Paris", screen: "1179x2556")

    func withLinks(
        _ backend: StoreBackend, settings: DeferredLinkSettings = DeferredLinkSettings(probabilistic: true),
        _ body: @escaping @Sendable (DeferredLinks, any LinkStore, TestClock, String) async throws -> Void
    ) async throws {
        try await backend.withStore { store in
            let code = "d\(UUID().uuidString.prefix(8))"
            try await store.insert(Link(code: code, deepLink: "shop://cart", createdAt: Date(), updatedAt: Date()))
            let clock = TestClock()
            let links = DeferredLinks(store: store, settings: settings, logger: Logger(label: "test"), now: { clock.now }, clock: DeepLinkTesting.TestClock())
            try await body(links, store, clock, code)
        }
    }

    @Test(arguments: StoreBackend.available)
    func storesOnlyASaltedHashOfTheNetworkPrefix(backend: StoreBackend) async throws {
        try await withLinks(backend) { links, _, _, code in
            let click = try await links.record(
                code: code, deepLink: "shop://cart", campaign: nil, utm: UTMFields(), device: Self.iPhone, clientAddress: "81.2.69.160")
            let hash = try #require(click.networkHash)
            #expect(hash.count == 64)
            #expect(!hash.contains("81.2.69"))
            #expect(hash != SHA256.hex("81.2.69.0/24"))
            #expect(DeferredLinkToken(rawValue: click.token) != nil)
            #expect(click.token.count == 40)
        }
    }

    @Test(arguments: StoreBackend.available)
    func keepsNoSignalsWhenProbabilisticMatchingIsOff(backend: StoreBackend) async throws {
        try await withLinks(backend, settings: DeferredLinkSettings()) { links, _, _, code in
            let click = try await links.record(
                code: code, deepLink: "shop://cart", campaign: nil, utm: UTMFields(), device: Self.iPhone, clientAddress: "81.2.69.160")
            #expect(click.networkHash == nil)
            #expect(click.device == nil)
        }
    }

    @Test(arguments: StoreBackend.available)
    func aTokenCannotBeClaimedAfterItsLifetime(backend: StoreBackend) async throws {
        try await withLinks(backend, settings: DeferredLinkSettings(tokenLifetime: .seconds(3600))) { links, _, clock, code in
            let click = try await links.record(
                code: code, deepLink: "shop://cart", campaign: nil, utm: UTMFields(), device: Self.iPhone, clientAddress: nil)
            clock.advance(seconds: 3600)
            #expect(try await links.claim(token: click.token, device: nil, clientAddress: nil) == nil)
        }
    }

    @Test(arguments: StoreBackend.available)
    func probabilisticMatchesEndWithTheWindowAndSurviveASaltChange(backend: StoreBackend) async throws {
        try await withLinks(backend) { links, _, clock, code in
            _ = try await links.record(
                code: code, deepLink: "shop://cart", campaign: nil, utm: UTMFields(), device: Self.iPhone, clientAddress: "81.2.69.160")
            // Past a period boundary but inside the window: the previous period's salt still matches.
            clock.advance(seconds: 7100)
            let matched = try await links.claim(token: nil, device: Self.iPhone, clientAddress: "81.2.69.7")
            #expect(matched?.match == .probabilistic)

            _ = try await links.record(
                code: code, deepLink: "shop://cart", campaign: nil, utm: UTMFields(), device: Self.iPhone, clientAddress: "81.2.69.160")
            clock.advance(seconds: 7201)
            #expect(try await links.claim(token: nil, device: Self.iPhone, clientAddress: "81.2.69.7") == nil)
        }
    }

    @Test(arguments: StoreBackend.available)
    func purgingDeletesExpiredClicksAndForgetsSignalsAfterTheWindow(backend: StoreBackend) async throws {
        let settings = DeferredLinkSettings(tokenLifetime: .seconds(4 * 3600), probabilistic: true)
        try await withLinks(backend, settings: settings) { links, store, clock, code in
            let click = try await links.record(
                code: code, deepLink: "shop://cart", campaign: nil, utm: UTMFields(), device: Self.iPhone, clientAddress: "81.2.69.160")
            clock.advance(seconds: 3 * 3600)
            try await links.purge()
            // The token still works, but the network hash and signals are gone: no probabilistic match.
            #expect(try await links.claim(token: nil, device: Self.iPhone, clientAddress: "81.2.69.160") == nil)
            #expect(try await store.deferredCandidates(
                networkHashes: [try #require(click.networkHash)], platform: .ios, since: .distantPast, now: clock.now).isEmpty)
            let expired = try await links.record(
                code: code, deepLink: "shop://cart", campaign: nil, utm: UTMFields(), device: Self.iPhone, clientAddress: nil)
            clock.advance(seconds: 4 * 3600)
            try await links.purge()
            #expect(try await store.claimDeferredClick(token: expired.token, at: clock.now.addingTimeInterval(-5 * 3600)) == nil)
            #expect(try await store.claimDeferredClick(token: click.token, at: clock.now.addingTimeInterval(-5 * 3600)) == nil)
        }
    }

    @Test(arguments: StoreBackend.available)
    func deletingALinkDeletesItsClicks(backend: StoreBackend) async throws {
        try await withLinks(backend) { links, store, _, code in
            let click = try await links.record(
                code: code, deepLink: "shop://cart", campaign: nil, utm: UTMFields(), device: Self.iPhone, clientAddress: nil)
            #expect(try await store.deleteLink(code: code))
            #expect(try await links.claim(token: click.token, device: nil, clientAddress: nil) == nil)
        }
    }

    @Test func aMatchGoesToTheNewestClickWithTheSameSignals() {
        let base = Date(timeIntervalSince1970: 1_790_000_000)
        func click(_ token: String, _ device: DeviceSignals, after seconds: Double) -> DeferredClick {
            DeferredClick(
                token: token, code: nil, deepLink: "shop://cart", platform: .ios, device: device, createdAt: base.addingTimeInterval(seconds),
                expiresAt: base.addingTimeInterval(86_400))
        }
        let older = click("older-token-0000000", Self.iPhone, after: 0)
        let newer = click("newer-token-0000000", Self.iPhone, after: 60)
        let otherScreen = DeviceSignals(platform: .ios, osVersion: "18.1", language: "en", timeZone: "Europe/Paris", screen: "1170x2532")
        let other = click("other-token-0000000", otherScreen, after: 90)
        #expect(DeferredLinks.bestCandidate([older, newer, other], for: Self.iPhone)?.token == newer.token)
        #expect(DeferredLinks.bestCandidate([other], for: Self.iPhone) == nil)
        let partialClaim = DeviceSignals(platform: .ios, osVersion: "18.1", language: "en", timeZone: "Europe/Paris")
        #expect(DeferredLinks.bestCandidate([older, newer], for: partialClaim) == nil)
    }

    @Test(arguments: StoreBackend.available)
    func androidClicksKeepNoSignalsSinceTheirTokenTravelsInTheInstallReferrer(backend: StoreBackend) async throws {
        try await withLinks(backend) { links, _, _, code in
            let android = DeviceSignals(platform: .android, osVersion: "14", language: "en", timeZone: "Europe/Paris", screen: "1080x2400")
            let click = try await links.record(
                code: code, deepLink: "shop://cart", campaign: nil, utm: UTMFields(), device: android, clientAddress: "81.2.69.160")
            #expect(click.networkHash == nil)
            #expect(click.device == nil)
            #expect(try await links.claim(token: nil, device: android, clientAddress: "81.2.69.160") == nil)
            #expect(try await links.claim(token: click.token, device: nil, clientAddress: nil)?.match == .token)
        }
    }

    @Test(arguments: StoreBackend.available)
    func aBurstOfConcurrentClicksIsStoredWholeAndEachIsClaimableOnce(backend: StoreBackend) async throws {
        try await withLinks(backend) { links, _, _, code in
            let android = DeviceSignals(platform: .android, osVersion: "14", language: "en", timeZone: "Europe/Paris", screen: "1080x2400")
            let clicks = try await withThrowingTaskGroup(of: DeferredClick.self) { group in
                for index in 0..<300 {
                    group.addTask {
                        try await links.record(
                            code: code, deepLink: "shop://sales/\(index)", campaign: "burst", utm: UTMFields(source: "s\(index)"),
                            device: android, clientAddress: nil)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(Set(clicks.map(\.token)).count == 300)
            for click in clicks {
                let claimed = try #require(try await links.claim(token: click.token, device: nil, clientAddress: nil))
                #expect(claimed.click.deepLink == click.deepLink)
                #expect(claimed.click.utm.source == click.utm.source)
            }
        }
    }

    @Test(arguments: StoreBackend.available)
    func aBatchWithATakenTokenStoresNoneOfItsClicks(backend: StoreBackend) async throws {
        try await withLinks(backend) { links, store, clock, code in
            func click(_ token: String) -> DeferredClick {
                DeferredClick(
                    token: token, code: code, deepLink: "shop://cart", platform: .android, createdAt: clock.now,
                    expiresAt: clock.now.addingTimeInterval(3600))
            }
            let taken = DeferredClick.generateToken()
            let fresh = DeferredClick.generateToken()
            try await store.insert(click(taken))
            await #expect(throws: StoreError.self) { try await store.insert([click(fresh), click(taken)]) }
            #expect(try await links.claim(token: fresh, device: nil, clientAddress: nil) == nil)
            #expect(try await links.claim(token: taken, device: nil, clientAddress: nil)?.match == .token)
        }
    }

    static let pixel = DeviceSignals(platform: .android, osVersion: "14")

    @Test(arguments: StoreBackend.available)
    func anAddressPastItsLimitRecordsNoClickAndOtherAddressesAreUnaffected(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let code = "d\(UUID().uuidString.prefix(8))"
            try await store.insert(Link(code: code, deepLink: "shop://cart", createdAt: Date(), updatedAt: Date()))
            // A clock that stands still: no token comes back while a loaded machine runs the test.
            let links = DeferredLinks(
                store: store, settings: DeferredLinkSettings(), clicksPerMinutePerAddress: 2, logger: Logger(label: "test"), clock: DeepLinkTesting.TestClock())
            func record(_ address: String?) async throws -> DeferredClick? {
                try await links.recordWithinLimit(
                    code: code, deepLink: "shop://cart", campaign: nil, utm: UTMFields(), device: Self.pixel, clientAddress: address)
            }
            let first = try #require(try await record("198.51.100.1"))
            #expect(try await record("198.51.100.1") != nil)
            #expect(try await record("198.51.100.1") == nil)
            #expect(try await record("198.51.100.2") != nil)
            // Clients without an address share one bucket.
            #expect(try await record(nil) != nil)
            #expect(try await record(nil) != nil)
            #expect(try await record(nil) == nil)
            // The unlimited record is not counted against anyone.
            _ = try await links.record(
                code: code, deepLink: "shop://cart", campaign: nil, utm: UTMFields(), device: Self.pixel, clientAddress: "198.51.100.1")
            #expect(try await links.claim(token: first.token, device: nil, clientAddress: nil)?.match == .token)
            let counts = try await store.deferredCounts(code: code, since: "2000-01-01")
            #expect(counts.map(\.storeHops) == [6])
        }
    }

    @Test(arguments: StoreBackend.available.filter { $0 == .postgres })
    func serversSharingTheDatabaseGiveAnAddressItsClickLimitOnceUnderConcurrentHops(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            // Two services on one database are two servers behind a load balancer: each writes
            // its own batches, and the limit is taken in those batches' statements.
            let servers = (0..<2).map { _ in
                DeferredLinks(store: store, settings: DeferredLinkSettings(), clicksPerMinutePerAddress: 5, logger: Logger(label: "test"), clock: DeepLinkTesting.TestClock())
            }
            let recorded = try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<40 {
                    group.addTask {
                        try await servers[index % 2].recordWithinLimit(
                            code: nil, deepLink: "shop://cart", campaign: nil, utm: UTMFields(), device: Self.pixel,
                            clientAddress: index < 30 ? "203.0.113.7" : "203.0.113.\(100 + index)") != nil
                    }
                }
                return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
            }
            // Five for the busy address, one for each of the ten others.
            #expect(recorded == 15)
        }
    }
}

