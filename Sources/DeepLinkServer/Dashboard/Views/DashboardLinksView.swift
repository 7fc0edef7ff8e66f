import DeepLinkService
import Foundation
import Mustache

/// The values of `links.mustache`: the search, filter, tag and order chosen, a summary, one page of
/// links and the ways to the pages around it.
struct DashboardLinksView: DashboardPageView {
    /// `links.mustache`.
    static var template: KeyPath<DashboardTemplates, MustacheTemplate> { \.links }

    /// A choice of a select box.
    struct Option {
        /// The query's value.
        let value: String
        /// What the box shows.
        let label: String
        /// Whether it is the one in use.
        let selected: Bool
    }

    /// A link of the list.
    struct Row {
        /// The link's code.
        let code: String
        /// Where it opens the app.
        let deepLink: String
        /// Its campaign (its UTM campaign), or empty.
        let campaign: String
        /// Its clicks of all time, grouped by thousands.
        let clicks: String
        /// Its tags, each with the list of its links.
        let tags: [Tag]
        /// The day it was created.
        let created: String
        /// Whether it has expired.
        let expired: Bool
    }

    /// A tag and the list of the links that have it.
    struct Tag {
        /// The tag.
        let name: String
        /// The list filtered by it.
        let href: String
    }

    /// What was searched for, repeated in the search box.
    let q: String
    /// Which links of how many are shown, matching what.
    let summary: String
    /// Whether the page has links.
    let hasLinks: Bool
    /// The filters.
    let filters: [Option]
    /// The tags of all links, and "any tag".
    let tagOptions: [Option]
    /// The tag the list is filtered by, with its numbers page; `nil` for none.
    let selectedTag: Tag?
    /// The orders.
    let sorts: [Option]
    /// The page's links.
    let links: [Row]
    /// The previous page, on every page but the first.
    let previous: String?
    /// The next page, when there are more links.
    let next: String?
    /// The same search ordered by clicks, for the column's heading; `nil` when it is.
    let byClicks: String?

    /// One page of a search.
    /// - Parameters:
    ///   - search: The search, whose offset is a whole number of pages.
    ///   - page: What it found.
    ///   - tags: Every tag of the links, for the tag filter.
    init(search: LinkSearch, page: LinkSearchPage, tags: [String]) {
        let text = search.text
        let first = search.offset
        let pageNumber = search.offset / max(1, search.limit) + 1
        q = text
        summary =
            page.total == 0
            ? "No links\(text.isEmpty ? "" : " match “\(text)”")."
            : "\(first + 1)–\(first + page.links.count) of \(page.total) link\(page.total == 1 ? "" : "s")\(text.isEmpty ? "" : " matching “\(text)”")"
                + (search.tag.map { " tagged “\($0)”" } ?? "")
        hasLinks = !page.links.isEmpty
        filters = LinkFilter.allCases.map { Option(value: $0.rawValue, label: Self.filterLabels[$0] ?? $0.rawValue, selected: $0 == search.filter) }
        tagOptions = [Option(value: "", label: "Any tag", selected: search.tag == nil)]
            + (tags + (search.tag.map { tags.contains($0) ? [] : [$0] } ?? [])).map { Option(value: $0, label: $0, selected: $0 == search.tag) }
        selectedTag = search.tag.map { Tag(name: $0, href: Self.tagPage($0)) }
        sorts = LinkSort.allCases.map { Option(value: $0.rawValue, label: Self.sortLabels[$0] ?? $0.rawValue, selected: $0 == search.sort) }
        links = page.links.map { link in
            Row(
                code: link.code, deepLink: link.deepLink, campaign: link.utm.campaign ?? "",
                clicks: (page.clicks[link.code] ?? 0).formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US"))),
                tags: link.tags.map { tag in
                    var filtered = LinkSearch(tag: tag, limit: search.limit)
                    filtered.filter = search.filter
                    return Tag(name: tag, href: Self.href(filtered, page: 1))
                },
                created: DashboardText.date(link.createdAt),
                expired: link.expiresAt.map { $0 <= search.now } ?? false)
        }
        previous = pageNumber > 1 ? Self.href(search, page: pageNumber - 1) : nil
        next = first + page.links.count < page.total ? Self.href(search, page: pageNumber + 1) : nil
        var sorted = search
        sorted.sort = .clicks
        byClicks = search.sort == .clicks ? nil : Self.href(sorted, page: 1)
    }

    /// The list's address for another page of the same search.
    private static func href(_ search: LinkSearch, page number: Int) -> String {
        var items: [(name: String, value: String?)] = [("page", String(number))]
        if !search.text.isEmpty { items.append(("q", search.text)) }
        if search.filter != .all { items.append(("filter", search.filter.rawValue)) }
        if let tag = search.tag { items.append(("tag", tag)) }
        if search.sort != .newest { items.append(("sort", search.sort.rawValue)) }
        // The query is read back as a form, where "+" is a space: a tag or search "e+f" is sent as e%2Bf.
        return PercentEncoding.pathAndQuery("/dashboard/links", query: items)
    }

    /// A tag's numbers page: `/dashboard/tags/TAG`, the tag percent-encoded as a path segment.
    static func tagPage(_ tag: String) -> String {
        "/dashboard/tags/" + (tag.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#;"))) ?? tag)
    }

    /// The filters as the select box shows them.
    private static let filterLabels: [LinkFilter: String] = [
        .all: "All links", .active: "Active", .expired: "Expired", .iosFallback: "With an iPhone page",
        .androidFallback: "With an Android page", .noFallback: "Without any fallback",
    ]

    /// The orders as the select box shows them.
    private static let sortLabels: [LinkSort: String] = [
        .newest: "Newest first", .oldest: "Oldest first", .code: "By code", .updated: "Recently changed", .expiring: "Expiring soonest",
        .clicks: "Most clicks",
    ]
}
