import Mustache

/// The values of `confirmDelete.mustache`: the link to delete and the form's token.
struct DashboardConfirmDeleteView: DashboardPageView {
    /// `confirmDelete.mustache`.
    static var template: KeyPath<DashboardTemplates, MustacheTemplate> { \.confirmDelete }

    /// The link's code.
    let code: String
    /// The link's short URL, which stops working.
    let shortURL: String
    /// The session's form token, which the form carries.
    let formToken: String?
}
