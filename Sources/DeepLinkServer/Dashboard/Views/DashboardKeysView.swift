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
}
