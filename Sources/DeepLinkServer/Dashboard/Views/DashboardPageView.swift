import Mustache

/// The values of a dashboard page's template: a struct with exactly the fields the template reads,
/// which swift-mustache reads by reflection. A `false` or an empty array hides a section, an array
/// repeats it, and a `nil` optional counts as absent, so Mustache looks for the name in the
/// enclosing values: no field of a repeated or nested value shares the name of an optional one.
protocol DashboardPageView {
    /// The page's template among the dashboard's.
    static var template: KeyPath<DashboardTemplates, MustacheTemplate> { get }
}
