/// Walks the fallback order for one link: the best candidate for the full path, the next
/// candidates at the same length, then the path trimmed by one segment at a time.
///
/// Each call to ``next()`` returns the next route whose parameters validate; everything that
/// failed on the way is in ``trail``.
struct RouteSearch {
    /// A route that matched and validated.
    struct Candidate {
        /// The route's index in the router's ``RouteTable``.
        let route: Int
        /// How many of the link's segments the route matched.
        let length: Int
        let parameters: [String: String]
    }

    /// The router whose table is searched: one reference, where its arrays would be several.
    private let router: Router
    private let link: IncomingLink
    private var length: Int
    private var pending = RouteCandidates()
    private var nextPending = 0
    /// For a path longer than every route, where a catch-all had the whole path: the length the
    /// search trims to next, at once.
    private var trimTo: Int?
    private(set) var trail: [RouteResult.Attempt] = []

    init(router: Router, link: IncomingLink) {
        self.router = router
        self.link = link
        let table = router.table
        length = link.segments.count
        let maximumDepth = table.tree.maximumDepth
        if length > maximumDepth {
            if table.tree.hasCatchAll {
                // A catch-all gets the whole path first; then, as for any path, the search goes
                // on from the longest route's length.
                trimTo = maximumDepth
            } else {
                // No route is that long: one trail entry instead of one per segment, so a hostile
                // path of thousands of segments costs no more than the longest route.
                trail.append(
                    RouteResult.Attempt(
                        path: link.segments.joined(separator: "/"),
                        reason: "no route matches (no route has more than \(maximumDepth) segment\(maximumDepth == 1 ? "" : "s"))"))
                length = maximumDepth
            }
        }
        if length > 0 { pending = table.tree.candidates(for: link.segments[..<length]) }
    }

    private mutating func fail(path: String, reason: String) {
        trail.append(RouteResult.Attempt(path: path, reason: reason))
    }

    /// Records that a candidate failed after it validated, such as when a handler threw.
    mutating func fail(_ candidate: Candidate, reason: String) {
        fail(path: path(length: candidate.length), reason: reason)
    }

    private func path(length: Int) -> String {
        link.segments[..<length].joined(separator: "/")
    }

    /// What the search found next.
    enum Step {
        /// A route that matched and validated.
        case candidate(Candidate)
        /// Every route for the full path failed, or the link has no path; the search is about to
        /// trim. Coordinators are asked here. Reported once.
        case fullPathExhausted
    }

    private var reportedFullPathExhausted = false

    mutating func next() -> Step? {
        while length > 0 {
            if length < link.segments.count, !reportedFullPathExhausted {
                reportedFullPathExhausted = true
                return .fullPathExhausted
            }
            if nextPending == 0 && pending.isEmpty {
                fail(path: path(length: length), reason: "no route matches")
            }
            while nextPending < pending.count {
                let route = pending[nextPending]
                nextPending += 1
                switch router.table.parse(route, link, length: length) {
                case .success(let parameters):
                    return .candidate(Candidate(route: route, length: length, parameters: parameters))
                case .failure(let failure):
                    fail(path: path(length: length), reason: "route \(router.table.patternText(of: route)): \(failure.message)")
                }
            }
            if let trimTo, length > trimTo {
                self.trimTo = nil
                if length - 1 > trimTo {
                    fail(
                        path: path(length: length - 1),
                        reason: "no route matches (no route but a catch-all has more than \(trimTo) segment\(trimTo == 1 ? "" : "s"))")
                }
                length = trimTo
            } else {
                length -= 1
            }
            nextPending = 0
            pending = length > 0 ? router.table.tree.candidates(for: link.segments[..<length]) : RouteCandidates()
        }
        if !reportedFullPathExhausted {
            reportedFullPathExhausted = true
            return .fullPathExhausted
        }
        return nil
    }
}
