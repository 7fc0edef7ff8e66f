import Mustache

/// The values of `confirmRevoke.mustache`: the key to revoke, whether the session signed in with
/// it, and the form's token.
struct DashboardConfirmRevokeView: DashboardPageView {
    /// `confirmRevoke.mustache`.
    static var template: KeyPath<DashboardTemplates, MustacheTemplate> { \.confirmRevoke }

    /// The key's name.
    let name: String
    /// The key's id.
    let id: String
    /// The day it was created.
    let created: String
    /// When it was last used, if it was.
    let lastUsed: String?
    /// Whether this session signed in with it, so that revoking it signs out.
    let current: Bool
    /// The session's form token, which the form carries.
    let formToken: String?
}
