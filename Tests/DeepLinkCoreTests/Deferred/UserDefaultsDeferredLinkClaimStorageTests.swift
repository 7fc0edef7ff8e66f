import DeepLinkCore
import Foundation
import Testing

struct UserDefaultsDeferredLinkClaimStorageTests {
    @Test func keepsTheFlagInItsSuiteUnderItsKey() throws {
        let suite = "swift-deeplink-tests.\(UUID().uuidString)"
        defer { UserDefaults(suiteName: suite)?.removePersistentDomain(forName: suite) }
        let storage = UserDefaultsDeferredLinkClaimStorage(suiteName: suite)
        #expect(storage.key == "swift-deeplink.deferred.claimed")
        #expect(storage.isClaimed() == false)
        storage.markClaimed()
        #expect(storage.isClaimed())
        #expect(UserDefaultsDeferredLinkClaimStorage(suiteName: suite).isClaimed())
        #expect(UserDefaultsDeferredLinkClaimStorage(suiteName: suite, key: "other").isClaimed() == false)
        #expect(try #require(UserDefaults(suiteName: suite)).bool(forKey: "swift-deeplink.deferred.claimed"))
    }
}
