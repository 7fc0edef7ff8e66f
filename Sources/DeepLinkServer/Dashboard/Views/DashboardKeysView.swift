import Mustache

/// The values of `keys.mustache`: the admin API keys, newest first (revoked ones only when asked
/// for), a key just created (its token, shown this once), and why a new key was refused.
struct DashboardKeysView: DashboardPageView {
    /// `keys.mustache`.
    static var template: KeyPath<DashboardTemplates, MustacheTemplate> { \.keys }

    /// A key of the list.
    struct Key {
        /// The name it was given.
        let name: String
        /// Its id, the public part of its token.
        let id: String
        /// The day it was created.
        let created: String
        /// Whether the session signed in with it.
        let current: Bool
        /// The day it was revoked, if it was (which hides its revoke button).
        let revoked: String?
        /// When it was last used, if it was.
        let lastUsed: String?
        /// The key's scopes, as a person reads them.
        let scopes: String
        /// Who created it; `nil` for keys from before that was recorded.
        let createdBy: String?
        /// Whether this session may revoke it: an admin may revoke any key, others their own.
        let revocable: Bool
    }

    /// A scope the session may give a new key: a checkbox.
    struct Scope {
        /// The scope's name: `links:read`.
        let name: String
        /// The checkbox's field name: `scope_links_read`.
        let field: String
        /// What it allows.
        let description: String
        /// Whether it is ticked.
        let checked: Bool
    }

    /// The keys.
    let keys: [Key]
    /// How many revoked keys the list leaves out; 0 when it shows them.
    let hiddenRevoked: Int
    /// Whether the list shows revoked keys.
    let showsRevoked: Bool
    /// The token of the key just created.
    let newToken: String?
    /// Why the new key was refused.
    let error: String?
    /// The session's form token, which the forms carry.
    let formToken: String?
    /// The scopes the session's role may give a new key.
    let scopes: [Scope]
    /// Whether the session signed in with a password (asked again to create a key) rather than a
    /// key (whose token is asked again instead).
    let signedInWithPassword: Bool
}
