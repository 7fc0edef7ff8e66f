import Mustache

/// The values of `signIn.mustache`: the form's token, where to go after signing in, and after a
/// failed attempt the name typed and why it failed.
struct DashboardSignInView: DashboardPageView {
    /// `signIn.mustache`.
    static var template: KeyPath<DashboardTemplates, MustacheTemplate> { \.signIn }

    /// The token the form carries and the sign-in cookie holds.
    let signInToken: String
    /// The dashboard page to go to after signing in.
    let next: String
    /// The user name typed before, or empty.
    let name: String
    /// Why the last attempt failed.
    let error: String?
}
