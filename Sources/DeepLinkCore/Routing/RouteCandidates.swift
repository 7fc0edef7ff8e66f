/// The routes whose patterns match a path, best first, as ``RouteTree/candidates(for:)`` finds
/// them: most paths match one or two routes, kept inline; more go to an array.
///
/// An array for every path cost an allocation and its release a lookup (callgrind).
struct RouteCandidates {
    private var first: Int32 = -1
    private var second: Int32 = -1
    private var more: [Int32] = []
    /// How many routes there are.
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// Adds the next route, after the better ones.
    mutating func append(_ route: Int32) {
        switch count {
        case 0: first = route
        case 1: second = route
        default: more.append(route)
        }
        count += 1
    }

    /// The route at a position, 0 the best.
    subscript(position: Int) -> Int {
        switch position {
        case 0: Int(first)
        case 1: Int(second)
        default: Int(more[position - 2])
        }
    }
}
