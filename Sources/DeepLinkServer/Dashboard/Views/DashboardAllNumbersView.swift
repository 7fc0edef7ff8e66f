import Mustache

/// The values of `allNumbers.mustache`, the numbers page: all links' numbers.
struct DashboardAllNumbersView: DashboardPageView {
    /// `allNumbers.mustache`.
    static var template: KeyPath<DashboardTemplates, MustacheTemplate> { \.allNumbers }

    /// All links' numbers.
    let numbers: DashboardNumbersView
}
