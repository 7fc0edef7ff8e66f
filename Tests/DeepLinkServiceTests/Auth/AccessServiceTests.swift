import DeepLinkServiceTesting
import Foundation
import Logging
import Testing

@testable import DeepLinkService

/// The one place keys are verified and revoked, for the admin API, the dashboard and the command
/// line alike, on every store.
struct AccessServiceTests {
    static let logger = Logger(label: "test.access")

    static func withAccess(_ backend: StoreBackend, _ body: @escaping @Sendable (AccessService) async throws -> Void) async throws {
        try await backend.withStore { store in try await body(AccessService(store: store, logger: logger)) }
    }

    @Test(arguments: StoreBackend.available)
    func aTokenIsValidRevokedOrInvalid(backend: StoreBackend) async throws {
        try await Self.withAccess(backend) { access in
            let key = try await access.createKey(name: "ci", scopes: [.linksRead], createdBy: .commandLine)
            #expect(try await access.check(token: key.token) == .valid(key.record))
            var wrongSecret = Array(key.token)
            wrongSecret[wrongSecret.count - 1] = wrongSecret.last == "0" ? "1" : "0"
            #expect(try await access.check(token: String(wrongSecret)) == .invalid)
            #expect(try await access.check(token: "dlk_nothing") == .invalid)
            #expect(try await access.check(token: APIKey.generate(name: "elsewhere", at: Date()).token) == .invalid, "a key never stored")

            #expect(try await access.revokeKey(id: key.record.id, by: .commandLine) == .revoked(alsoRevoked: []))
            guard case .revoked(let record) = try await access.check(token: key.token) else {
                Issue.record("a revoked key's token reads as revoked")
                return
            }
            #expect(record.revokedAt != nil)
        }
    }

    /// A key made in a session signed in with another key goes with that key, all the way down,
    /// and their sessions end, whoever revokes it: the dashboard and the command line did this in
    /// two ways, the command line leaving the key's own sessions in the database.
    @Test(arguments: StoreBackend.available)
    func revokingAKeyRevokesTheKeysMadeWithItAndEndsTheirSessions(backend: StoreBackend) async throws {
        try await Self.withAccess(backend) { access in
            let first = try await access.createKey(name: "first", scopes: [.admin], createdBy: .commandLine)
            let (firstSecret, _) = try await access.startSession(for: .apiKey(id: first.record.id))
            let second = try await access.createKey(name: "second", scopes: [.admin], createdBy: .apiKey(id: first.record.id))
            let (secondSecret, _) = try await access.startSession(for: .apiKey(id: second.record.id))
            let third = try await access.createKey(name: "third", scopes: [.linksRead], createdBy: .apiKey(id: second.record.id))
            let other = try await access.createKey(name: "other", scopes: [.linksRead], createdBy: .commandLine)
            #expect(try await access.session(secret: firstSecret)?.keyName == "first")

            let revocation = try await access.revokeKey(id: first.record.id, by: .commandLine)
            #expect(revocation == .revoked(alsoRevoked: [second.record.id, third.record.id]))
            for key in [first, second, third] {
                guard case .revoked = try await access.check(token: key.token) else {
                    Issue.record("\(key.record.name) still works")
                    continue
                }
            }
            #expect(try await access.check(token: other.token) == .valid(other.record))
            #expect(try await access.session(secret: firstSecret) == nil)
            #expect(try await access.session(secret: secondSecret) == nil)
            #expect(try await access.revokeKey(id: first.record.id, by: .commandLine) == .alreadyRevoked(try #require(try await access.key(id: first.record.id)?.revokedAt)))
            #expect(try await access.revokeKey(id: "000000000000", by: .commandLine) == .unknown)
        }
    }

    @Test(arguments: StoreBackend.available)
    func onlyAnAdminRevokesAKeySomeoneElseCreated(backend: StoreBackend) async throws {
        try await Self.withAccess(backend) { access in
            try await access.add(AccessService.newUser(name: "eddie", password: "a long enough password 1", role: .editor))
            let (secret, _) = try await access.startSession(for: .user(name: "eddie"))
            let session = try #require(try await access.session(secret: secret))
            #expect(session.role == .editor)
            let own = try await access.createKey(name: "own", scopes: [.linksWrite], createdBy: .user(name: "eddie"), grantable: session.role.grantableScopes)
            let others = try await access.createKey(name: "others", scopes: [.admin], createdBy: .commandLine)
            #expect(try await access.revokeKey(id: others.record.id, by: .session(session)) == .notAllowed)
            #expect(try await access.check(token: others.token) == .valid(others.record))
            #expect(try await access.revokeKey(id: own.record.id, by: .session(session)) == .revoked(alsoRevoked: []))
        }
    }

    @Test(arguments: StoreBackend.available)
    func aKeyIsCreatedOnlyWithinWhatItsMakerMayGrant(backend: StoreBackend) async throws {
        try await Self.withAccess(backend) { access in
            let beyond = await #expect(throws: LinkServerError.self) {
                _ = try await access.createKey(name: "too much", scopes: [.admin], createdBy: .user(name: "eddie"), grantable: DashboardRole.editor.grantableScopes)
            }
            #expect(beyond?.code == .insufficientScope)
            #expect(beyond?.message == "you may create keys with links:read, links:write only, not admin")
            let none = await #expect(throws: LinkServerError.self) {
                _ = try await access.createKey(name: "nothing", scopes: [], createdBy: .commandLine)
            }
            #expect(none?.field == "scopes")
            let badName = await #expect(throws: LinkServerError.self) {
                _ = try await access.createKey(name: " ", scopes: [.linksRead], createdBy: .commandLine)
            }
            #expect(badName?.field == "name")
            let stored = try await access.keys()
            #expect(stored.isEmpty, "nothing refused was stored")
        }
    }

    @Test(arguments: StoreBackend.available)
    func deletingAUserRevokesTheirKeysUnlessTheyAreKept(backend: StoreBackend) async throws {
        try await Self.withAccess(backend) { access in
            for name in ["maria", "jon"] {
                try await access.add(AccessService.newUser(name: name, password: "a long enough password 1", role: .admin))
            }
            let marias = try await access.createKey(name: "marias", scopes: [.admin], createdBy: .user(name: "maria"))
            let jons = try await access.createKey(name: "jons", scopes: [.admin], createdBy: .user(name: "jon"))
            let (secret, _) = try await access.startSession(for: .user(name: "maria"))

            #expect(try await access.deleteUser(named: "maria") == [marias.record.id])
            #expect(try await access.session(secret: secret) == nil, "a deleted user's session ends")
            #expect(try await access.deleteUser(named: "jon", keepingKeys: true) == [])
            #expect(try await access.check(token: jons.token) == .valid(jons.record))
            #expect(try await access.deleteUser(named: "nobody") == nil)
            #expect(try await access.users().isEmpty)
        }
    }

    @Test(arguments: StoreBackend.available)
    func aSessionTakesItsRoleFromItsKeyOrUserOnEveryRequest(backend: StoreBackend) async throws {
        try await Self.withAccess(backend) { access in
            try await access.add(AccessService.newUser(name: "vera", password: "a long enough password 1", role: .viewer))
            let (secret, started) = try await access.startSession(for: .user(name: "vera"))
            #expect(started.expiresAt.timeIntervalSince(started.createdAt) == AccessService.sessionLifetime)
            #expect(try await access.session(secret: secret)?.role == .viewer)
            #expect(try await access.setRole(ofUser: "vera", to: .editor))
            #expect(try await access.session(secret: secret)?.role == .editor)
            #expect(try await access.confirm("a long enough password 1", for: started))
            #expect(try await !access.confirm("not the password", for: started))
            #expect(try await access.session(secret: "") == nil)
            #expect(try await access.session(secret: String(repeating: "a", count: 101)) == nil)
            try await access.endSession(started)
            #expect(try await access.session(secret: secret) == nil)
        }
    }
}
