import DeepLinkService
import DeepLinkServiceTesting
import Foundation
import Testing

struct DashboardStorageTests {
    @Test(arguments: StoreBackend.available)
    func aSessionIsFoundByItsHashUntilItExpiresOrItsPrincipalIsSignedOut(backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let now = Date().roundedToSeconds
            let hash = UUID().uuidString
            let principal = DashboardPrincipal.apiKey(id: String(UUID().uuidString.prefix(12)))
            try await store.insert(
                DashboardSession(idHash: hash, principal: principal, formToken: "t", createdAt: now, expiresAt: now.addingTimeInterval(60)))
            #expect(try await store.dashboardSession(idHash: hash, now: now)?.principal == principal)
            #expect(try await store.dashboardSession(idHash: hash, now: now.addingTimeInterval(61)) == nil)
            try await store.deleteDashboardSessions(of: principal)
            #expect(try await store.dashboardSession(idHash: hash, now: now) == nil)
        }
    }
}
