import Crypto
import Foundation
import Logging

/// Who may use the server, in one place for the admin API, the dashboard and the command line:
/// API keys (verified, created within what their maker may grant, revoked with the keys made
/// with them), dashboard users, and the dashboard's sign-in sessions. The HTTP layer adds what
/// is HTTP's (headers, cookies, forms, rate limits by client address); the rules are here, so a
/// key is verified one way and revoked one way whoever asks. `Sendable`.
package struct AccessService: Sendable {
    /// How long a dashboard session lasts from sign-in, whatever happens meanwhile.
    package static let sessionLifetime: TimeInterval = 12 * 3600

    let store: any APIKeyStorage & DashboardStorage
    /// Records when each key was last used.
    let uses: APIKeyUses
    /// Where dashboard passwords are checked: off the request threads, a bounded number at a time.
    package let passwords: PasswordChecks

    /// Creates the service.
    /// - Parameters:
    ///   - store: Where keys, users and sessions live.
    ///   - passwords: Where passwords are checked.
    ///   - logger: Where a failed write of a key's last use is reported.
    package init(store: any APIKeyStorage & DashboardStorage, passwords: PasswordChecks = PasswordChecks(), logger: Logger) {
        self.store = store
        self.passwords = passwords
        uses = APIKeyUses(store: store, logger: logger)
    }
}

/// What a token presented as an API key turned out to be. A `Sendable` value.
package enum KeyCheck: Sendable, Equatable {
    /// A stored key whose secret the token holds, not revoked.
    case valid(APIKeyRecord)
    /// A key that was revoked: the token was right, but no longer works.
    case revoked(APIKeyRecord)
    /// No stored key has this token: malformed, unknown, or a wrong secret.
    case invalid
}

/// Who asks for a key to be revoked, which decides which keys they may revoke. A `Sendable` value.
package enum KeyRevoker: Sendable {
    /// `deeplink keys revoke`, by whoever runs commands on the server's database: any key.
    case commandLine
    /// A signed-in dashboard session: an admin any key, anyone else the keys they created.
    case session(DashboardSession)
}

/// What revoking a key did. A `Sendable` value.
package enum KeyRevocation: Sendable, Equatable {
    /// Revoked, with the ids of the keys made with it (and with those), revoked too; the
    /// sessions signed in with any of them are ended.
    case revoked(alsoRevoked: [String])
    /// No key has the id.
    case unknown
    /// The key had been revoked already, at that time.
    case alreadyRevoked(Date)
    /// The revoker may not revoke this key: it is not an admin and did not create it.
    case notAllowed
}

extension AccessService {
    /// Checks a token presented as an API key.
    /// - Parameter token: The token, as sent (`dlk_…`).
    /// - Throws: ``StoreError`` when the keys cannot be read.
    package func check(token: String) async throws(StoreError) -> KeyCheck {
        guard let id = APIKey.id(of: token), let record = try await store.apiKey(id: id), APIKey.verify(token, against: record) else {
            return .invalid
        }
        return record.revokedAt == nil ? .valid(record) : .revoked(record)
    }

    /// Records that a key was used now; written at most once a minute per key, and a failed
    /// write is logged, never thrown.
    /// - Parameter id: The key's public id.
    package func recordUse(ofKey id: String) async {
        await uses.record(id: id)
    }

    /// The key with an id, revoked or not.
    package func key(id: String) async throws(StoreError) -> APIKeyRecord? {
        try await store.apiKey(id: id)
    }

    /// Every key, oldest first, revoked ones included.
    package func keys() async throws(StoreError) -> [APIKeyRecord] {
        try await store.apiKeys()
    }

    /// Creates and stores a key.
    /// - Parameters:
    ///   - name: Its name, as given; checked here.
    ///   - scopes: What it may do; at least one.
    ///   - createdBy: Who makes it.
    ///   - grantable: The scopes its maker may grant (a dashboard role's), or `nil` for any (the command line).
    ///   - now: When.
    /// - Returns: The key, with its token, which is not stored and shown once.
    /// - Throws: ``LinkServerError`` with code `invalid-field` and field `name` or `scopes` for a
    ///   bad name or no scope, `insufficient-scope` for a scope beyond `grantable`; ``StoreError``
    ///   when it cannot be stored.
    package func createKey(
        name: String, scopes: Set<APIKeyScope>, createdBy: APIKeyCreator, grantable: Set<APIKeyScope>? = nil, at now: Date = Date()
    ) async throws -> APIKey {
        let name = try APIKey.validated(name: name)
        guard !scopes.isEmpty else {
            throw LinkServerError(code: .invalidField, message: "choose what the key may do: at least one scope", field: "scopes")
        }
        if let grantable {
            let beyond = scopes.subtracting(grantable)
            guard beyond.isEmpty else {
                throw LinkServerError(
                    code: .insufficientScope,
                    message: "you may create keys with \(APIKeyScope.list(grantable)) only, not \(APIKeyScope.list(beyond))", field: "scopes")
            }
        }
        let key = APIKey.generate(name: name, at: now, scopes: scopes, createdBy: createdBy)
        try await store.insert(key.record)
        return key
    }

    /// Whether a revoker may revoke a key.
    package static func may(_ revoker: KeyRevoker, revoke record: APIKeyRecord) -> Bool {
        switch revoker {
        case .commandLine: true
        case .session(let session): session.role == .admin || record.createdBy == APIKeyCreator(session.principal)
        }
    }

    /// Revokes a key, ends the sessions signed in with it, and revokes the keys made with it,
    /// and with those, all the way down, ending their sessions too: no key outlives the key it
    /// came from.
    /// - Parameters:
    ///   - id: The key's public id.
    ///   - revoker: Who asks.
    ///   - now: When.
    /// - Throws: ``StoreError`` when the keys cannot be read or written.
    package func revokeKey(id: String, by revoker: KeyRevoker, at now: Date = Date()) async throws(StoreError) -> KeyRevocation {
        guard let record = try await store.apiKey(id: id) else { return .unknown }
        guard Self.may(revoker, revoke: record) else { return .notAllowed }
        if let revokedAt = record.revokedAt { return .alreadyRevoked(revokedAt) }
        // Revoked by another meanwhile: the same as found revoked.
        guard try await store.revokeAPIKey(id: id, at: now) else { return .alreadyRevoked(now) }
        try await store.deleteDashboardSessions(of: .apiKey(id: id))
        return .revoked(alsoRevoked: try await revokeKeys(madeBy: .apiKey(id: id), at: now))
    }

    /// Revokes every active key `creator` made, then every active key those keys made, and so
    /// on, and ends the dashboard sessions signed in with any of them.
    /// - Returns: The ids of the keys revoked.
    func revokeKeys(madeBy creator: APIKeyCreator, at now: Date) async throws(StoreError) -> [String] {
        var revoked: [String] = []
        var creators = [creator]
        while let next = creators.popLast() {
            let ids = try await store.revokeAPIKeys(createdBy: next, at: now)
            for id in ids { try await store.deleteDashboardSessions(of: .apiKey(id: id)) }
            revoked += ids
            creators += ids.map { APIKeyCreator.apiKey(id: $0) }
        }
        return revoked
    }
}

extension AccessService {
    /// Every dashboard user, by name.
    package func users() async throws(StoreError) -> [DashboardUser] {
        try await store.dashboardUsers()
    }

    /// A new dashboard user, its password checked against the rules and hashed, before anything
    /// is stored (so a bad password opens no database).
    /// - Parameters:
    ///   - name: The sign-in name.
    ///   - password: The password.
    ///   - role: What the user may do.
    ///   - now: When.
    /// - Throws: ``LinkServerError`` with field `name` or `password` for one that breaks the rules.
    package static func newUser(name: String, password: String, role: DashboardRole, at now: Date = Date()) throws(LinkServerError) -> DashboardUser {
        try DashboardPassword.validate(name: name)
        return DashboardUser(name: name, passwordHash: try DashboardPassword.hash(password, name: name), createdAt: now, role: role)
    }

    /// Stores a new dashboard user (``newUser(name:password:role:at:)``).
    /// - Throws: ``LinkServerError`` for a name too like another's; ``StoreError`` with code
    ///   `duplicate` for a name taken, or when it cannot be stored.
    package func add(_ user: DashboardUser) async throws {
        try DashboardPassword.check(newName: user.name, among: try await store.dashboardUsers().map(\.name))
        do throws(StoreError) {
            try await store.insert(user)
        } catch {
            guard error.code == .duplicate else { throw error }
            throw StoreError(code: .duplicate, message: "there is already a dashboard user named \(user.name)", cause: error)
        }
    }

    /// Changes a user's role, from their next page on.
    /// - Returns: Whether there was such a user.
    package func setRole(ofUser name: String, to role: DashboardRole) async throws(StoreError) -> Bool {
        try await store.setDashboardUserRole(name: name, role: role)
    }

    /// Deletes a user and ends their sessions; unless `keepKeys`, revokes the keys they created
    /// (and the keys made with those) first, so that a failure leaves the user there to try again.
    /// - Returns: The ids of the keys revoked, or `nil` when there was no such user.
    package func deleteUser(named name: String, keepingKeys keepKeys: Bool = false, at now: Date = Date()) async throws(StoreError) -> [String]? {
        guard try await store.dashboardUser(name: name) != nil else { return nil }
        let revoked = keepKeys ? [] : try await revokeKeys(madeBy: .user(name: name), at: now)
        _ = try await store.deleteDashboardUser(name: name)
        return revoked
    }
}

extension AccessService {
    /// The unexpired session a cookie's secret belongs to, with its role read again, or `nil`
    /// when there is none, or its key was revoked (or no longer gives dashboard access), or its
    /// user deleted since. A key's use is recorded.
    /// - Parameters:
    ///   - secret: The cookie's secret.
    ///   - now: The current time.
    package func session(secret: String, at now: Date = Date()) async throws(StoreError) -> DashboardSession? {
        guard !secret.isEmpty, secret.count <= 100, var session = try await store.dashboardSession(idHash: SHA256.hex(secret), now: now) else {
            return nil
        }
        switch session.principal {
        case .apiKey(let id):
            guard let key = try await store.apiKey(id: id), key.revokedAt == nil, let role = DashboardRole(scopes: key.scopes) else { return nil }
            session.keyName = key.name
            session.role = role
            await uses.record(id: id)
        case .user(let name):
            guard let user = try await store.dashboardUser(name: name) else { return nil }
            session.role = user.role
        }
        return session
    }

    /// The user whose password this is, or `nil` for a wrong name or password. An unknown name is
    /// checked against a hash too, so it takes as long as a known one.
    /// - Throws: ``PasswordChecks/Busy`` when too many checks are under way; ``StoreError``.
    package func user(named name: String, password: String) async throws -> DashboardUser? {
        let user = try await store.dashboardUser(name: name)
        let matches = try await passwords.verify(password, hash: user?.passwordHash ?? PasswordChecks.unknownNameHash)
        return matches ? user : nil
    }

    /// Starts a session for someone whose key or password was checked, and purges expired ones.
    /// - Returns: The cookie's secret (only its hash is stored) and the session.
    package func startSession(for principal: DashboardPrincipal, at now: Date = Date()) async throws(StoreError) -> (secret: String, session: DashboardSession) {
        let secret = Self.randomToken()
        let now = now.roundedToSeconds
        let session = DashboardSession(
            idHash: SHA256.hex(secret), principal: principal, formToken: Self.randomToken(), createdAt: now,
            expiresAt: now.addingTimeInterval(Self.sessionLifetime))
        try await store.insert(session)
        _ = try await store.purgeDashboardSessions(now: now)
        return (secret, session)
    }

    /// Whether `secret` is what a session signed in with (the user's password, or the key's
    /// token), asked again before something as lasting as minting a key.
    /// - Throws: ``PasswordChecks/Busy`` when too many checks are under way; ``StoreError``.
    package func confirm(_ secret: String, for session: DashboardSession) async throws -> Bool {
        switch session.principal {
        case .apiKey(let id):
            guard APIKey.id(of: secret) == id, let record = try await store.apiKey(id: id) else { return false }
            return APIKey.verify(secret, against: record)
        case .user(let name):
            return try await user(named: name, password: secret) != nil
        }
    }

    /// Ends a session (sign-out).
    package func endSession(_ session: DashboardSession) async throws(StoreError) {
        try await store.deleteDashboardSession(idHash: session.idHash)
    }

    /// 32 random bytes from the system's secure generator, as 64 hex digits: session secrets and form tokens.
    package static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }.hexString
    }
}
