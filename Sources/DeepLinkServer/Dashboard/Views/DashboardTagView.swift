import DeepLinkService
import Foundation
import Mustache

/// The values of `tag.mustache`: a tag, how many links have it, and their numbers summed.
struct DashboardTagView: DashboardPageView {
    /// `tag.mustache`.
    static var template: KeyPath<DashboardTemplates, MustacheTemplate> { \.tag }

    /// The tag.
    let tag: String
    /// How many links have it, as a sentence.
    let linkCount: String
    /// The list of its links.
    let linksHref: String
    /// Its links' numbers, summed.
    let numbers: DashboardNumbersView

    /// The page's values.
    /// - Parameters:
    ///   - tag: The tag.
    ///   - linkCount: How many links have it.
    ///   - numbers: Their numbers, summed.
    init(tag: String, linkCount: Int, numbers: DashboardNumbersView) {
        self.tag = tag
        self.linkCount = linkCount == 1 ? "1 link has this tag." : "\(linkCount) links have this tag."
        // Read back as a form, where "+" is a space: the tag "e+f" goes as e%2Bf.
        linksHref = PercentEncoding.pathAndQuery("/dashboard/links", query: [("tag", tag)])
        self.numbers = numbers
    }
}
