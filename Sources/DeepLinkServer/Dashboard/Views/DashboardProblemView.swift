import Mustache

/// The values of `problem.mustache`: what went wrong, and the way back.
struct DashboardProblemView: DashboardPageView {
    /// `problem.mustache`.
    static var template: KeyPath<DashboardTemplates, MustacheTemplate> { \.problem }

    /// The page's heading.
    let heading: String
    /// What happened, as a sentence.
    let message: String
    /// Where the way back leads: the links, or sign-in without a session.
    let back: String
    /// The way back's label.
    let backLabel: String

    /// A problem page.
    /// - Parameters:
    ///   - heading: The page's heading.
    ///   - message: What happened, as a sentence.
    ///   - signedIn: Whether there is a session, so the way back leads to the links rather than sign-in.
    init(heading: String, message: String, signedIn: Bool) {
        self.heading = heading
        self.message = message
        back = signedIn ? "/dashboard/links" : "/dashboard/sign-in"
        backLabel = signedIn ? "Back to links" : "Sign in"
    }
}
