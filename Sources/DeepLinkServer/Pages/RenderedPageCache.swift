import DeepLinkService
import NIOCore
import Synchronization

/// Rendered landing pages, reused while the link and the click's UTM fields are unchanged:
/// rendering a template costs far more than anything else in a resolution. Pages are kept in the
/// bytes they are sent as, so a page view copies none. `Sendable`.
final class RenderedPageCache: Sendable {
    /// Which page of a link: one per kind of visitor, and the `al:*` tags alone.
    enum Variant: Hashable {
        case landing(LandingPageKind)
        case appLinksOnly
    }

    private struct Key: Hashable {
        let code: String
        let variant: Variant
        let language: String
        /// Which of the link's rules decided (``VisitRule/pageKey``): a target's or an A/B
        /// variant's page is not the link's own.
        let rule: String
    }

    private struct Entry {
        let link: Link
        let utm: UTMFields
        let html: ByteBuffer
    }

    private let capacity: Int
    private let entries = Mutex([Key: Entry]())

    /// Creates a cache.
    /// - Parameter capacity: The most pages kept; past it the cache starts over.
    init(capacity: Int = 10_000) {
        self.capacity = capacity
    }

    /// The page for a link, rendered by `render` unless the same link and UTM fields were rendered before.
    /// - Parameters:
    ///   - language: The page's language tag: each language is a page of its own.
    ///   - rule: Which of the link's rules decided: each is a page of its own.
    func page(for link: Link, utm: UTMFields, variant: Variant, language: String = "", rule: String = "", render: () -> String) -> ByteBuffer {
        let key = Key(code: link.code, variant: variant, language: language, rule: rule)
        if let entry = entries.withLock({ $0[key] }), entry.utm == utm {
            // The link cache reads a link again now and then, as a new copy: the same link in new
            // storage compares field by field once, then the entry holds the new copy, whose
            // arrays (tags, targets) compare by identity from then on.
            if entry.link == link {
                if !entry.link.sharesStorage(with: link) {
                    entries.withLock { $0[key] = Entry(link: link, utm: utm, html: entry.html) }
                }
                return entry.html
            }
        }
        let html = ByteBuffer(string: render())
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = Entry(link: link, utm: utm, html: html)
        }
        return html
    }
}

extension Link {
    /// Whether the link's arrays are the same storage as another's: then comparing them is free.
    fileprivate func sharesStorage(with other: Link) -> Bool {
        targets.withUnsafeBufferPointer { mine in
            other.targets.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
        }
            && variants.withUnsafeBufferPointer { mine in
                other.variants.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
            }
    }
}
