import DeepLinkService
import Foundation

/// Why a link cannot be opened, as its page tells the visitor in plain words; the technical
/// reason goes to the log. A `Sendable` value.
enum PageProblem: Sendable, Hashable {
    /// No link has the code, or the server has nothing at the path.
    case notFound
    /// The link expired, on the day given when known.
    case expired(Date?)
    /// The database did not answer.
    case unavailable
    /// A Firebase long link or a store link with a value the server refuses.
    case invalidLink
    /// The link has no app in the store a store link names.
    case notInStore

    /// The symbol above the heading: a line drawing in the theme's colour.
    var symbolSVG: String {
        let shapes = switch self {
        case .notFound: #"<circle cx="11" cy="11" r="7"/><path d="m20 20-4-4"/>"#
        case .expired: #"<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3 2"/>"#
        case .unavailable: #"<path d="M20 12a8 8 0 1 1-2.3-5.7"/><path d="M20 4v4h-4"/>"#
        case .invalidLink, .notInStore: #"<circle cx="12" cy="12" r="9"/><path d="M12 7.5v5.5"/><path d="M12 16.5v.01"/>"#
        }
        return #"<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">"#
            + shapes + "</svg>"
    }
}
