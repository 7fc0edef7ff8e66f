import Mustache

/// The values of `allNumbers.mustache`, the numbers page: all links' numbers and the links with
/// the most clicks in the same range.
struct DashboardAllNumbersView: DashboardPageView {
    /// `allNumbers.mustache`.
    static var template: KeyPath<DashboardTemplates, MustacheTemplate> { \.allNumbers }

    /// All links' numbers.
    let numbers: DashboardNumbersView

    /// A link of the top list.
    struct TopLink {
        /// Its rank, from 1.
        let rank: Int
        /// Its code.
        let code: String
        /// Its clicks in the range.
        let clicks: Int
    }

    /// The links with the most clicks in the range, most first.
    let topLinks: [TopLink]
    /// Whether any link was clicked in the range (stored: templates read stored properties).
    let hasTopLinks: Bool

    /// The page's values.
    /// - Parameters:
    ///   - numbers: All links' numbers.
    ///   - topLinks: The most-clicked links of the same range.
    init(numbers: DashboardNumbersView, topLinks: [TopLink]) {
        self.numbers = numbers
        self.topLinks = topLinks
        hasTopLinks = !topLinks.isEmpty
    }
}
