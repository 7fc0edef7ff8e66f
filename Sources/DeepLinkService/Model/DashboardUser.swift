import Foundation

/// A person who signs in to the dashboard with a name and password, made by `deeplink users create`.
/// A `Sendable` value.
package struct DashboardUser: Sendable, Hashable {
    /// The name they sign in with.
    package var name: String
    /// The password's bcrypt hash; never the password.
    package var passwordHash: String
    /// When the user was created.
    package var createdAt: Date
    /// What the user may do; users from before roles existed are admins.
    package var role: DashboardRole

    /// Creates a user.
    /// - Parameters:
    ///   - name: The sign-in name.
    ///   - passwordHash: The bcrypt hash of the password.
    ///   - createdAt: The creation time.
    ///   - role: What the user may do.
    package init(name: String, passwordHash: String, createdAt: Date, role: DashboardRole = .admin) {
        self.role = role
        self.name = name
        self.passwordHash = passwordHash
        self.createdAt = createdAt
    }
}

/// Who a dashboard session belongs to. A `Sendable` value.
package enum DashboardPrincipal: Sendable, Hashable, CustomStringConvertible {
    /// Signed in with an admin API key, by the key's public id.
    case apiKey(id: String)
    /// Signed in as a dashboard user, by name.
    case user(name: String)

    /// How it is stored: `key:ID` or `user:NAME`.
    package var stored: String {
        switch self {
        case .apiKey(let id): "key:\(id)"
        case .user(let name): "user:\(name)"
        }
    }

    /// Reads the stored form; `nil` for any other text.
    /// - Parameter stored: `key:ID` or `user:NAME`.
    package init?(stored: String) {
        if stored.hasPrefix("key:") {
            self = .apiKey(id: String(stored.dropFirst(4)))
        } else if stored.hasPrefix("user:") {
            self = .user(name: String(stored.dropFirst(5)))
        } else {
            return nil
        }
    }

    /// For people: `key 0123456789ab` or the user's name.
    package var description: String {
        switch self {
        case .apiKey(let id): "key \(id)"
        case .user(let name): name
        }
    }
}

/// A signed-in dashboard session. The cookie holds a random secret; the store keeps its SHA-256
/// and the form token every state-changing form must carry. A `Sendable` value.
package struct DashboardSession: Sendable, Hashable {
    /// The SHA-256 of the cookie's secret, lowercase hex.
    package var idHash: String
    /// Who signed in.
    package var principal: DashboardPrincipal
    /// The token forms carry against cross-site request forgery.
    package var formToken: String
    /// When the session began.
    package var createdAt: Date
    /// When it ends, whatever happens meanwhile.
    package var expiresAt: Date
    /// The API key's name, for a session signed in with a key, once the key was read again for
    /// the request; not stored with the session.
    package var keyName: String?
    /// What the session may do: the user's role, or the role the key's scopes give. Read with
    /// the session on every request, so a changed role or revoked scope applies at once.
    package var role: DashboardRole = .viewer

    /// Who is signed in, for people: the key's name (`ci · API key`), else its id, or the user's name.
    package var signedInAs: String {
        if case .apiKey = principal, let keyName { return "\(keyName) · API key" }
        return principal.description
    }

    /// Creates a session.
    /// - Parameters:
    ///   - idHash: The SHA-256 of the cookie's secret.
    ///   - principal: Who signed in.
    ///   - formToken: The forms' token.
    ///   - createdAt: The sign-in time.
    ///   - expiresAt: The end.
    package init(idHash: String, principal: DashboardPrincipal, formToken: String, createdAt: Date, expiresAt: Date) {
        self.idHash = idHash
        self.principal = principal
        self.formToken = formToken
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}
