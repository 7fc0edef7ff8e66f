/// The routes compiled into a tree of path segments, so finding the candidates for a path
/// costs one hash lookup per segment however many routes there are.
///
/// Literal edges of every node live in one hash table keyed by (node, segment) rather than in a
/// dictionary per node: a lookup then touches one table instead of a node record and its own
/// table, which matters once the tree no longer fits in cache.
struct RouteTree: Sendable {
    private struct Edge: Hashable, Sendable {
        let node: Int32
        let segment: String
    }

    private struct Node: Sendable {
        var parameter: Int32 = -1
        /// Routes ending here, in config order.
        var routes: [Int] = []
    }

    private var nodes: [Node] = [Node()]
    private var literals: [Edge: Int32] = [:]
    /// The most segments any route has; longer paths are trimmed to this before searching.
    private(set) var maximumDepth = 0

    /// Adds a route's pattern.
    /// - Parameters:
    ///   - pattern: The route's pattern.
    ///   - route: The route's index in config order.
    mutating func insert(_ pattern: RoutePattern, route: Int) {
        maximumDepth = max(maximumDepth, pattern.segments.count)
        var current: Int32 = 0
        for segment in pattern.segments {
            switch segment {
            case .literal(let text):
                let edge = Edge(node: current, segment: text)
                if let next = literals[edge] {
                    current = next
                } else {
                    nodes.append(Node())
                    current = Int32(nodes.count - 1)
                    literals[edge] = current
                }
            case .parameter:
                if nodes[Int(current)].parameter >= 0 {
                    current = nodes[Int(current)].parameter
                } else {
                    nodes.append(Node())
                    nodes[Int(current)].parameter = Int32(nodes.count - 1)
                    current = Int32(nodes.count - 1)
                }
            }
        }
        nodes[Int(current)].routes.append(route)
    }

    /// Every route whose pattern matches the segments, best first: at each position a literal
    /// beats a parameter, and equal shapes keep config order.
    ///
    /// Each tree node lies on one path from the root, so the search visits a node at most once.
    func candidates(for segments: ArraySlice<String>) -> [Int] {
        var found: [Int] = []
        collect(node: 0, segments: segments, into: &found)
        return found
    }

    private func collect(node index: Int32, segments: ArraySlice<String>, into found: inout [Int]) {
        guard let segment = segments.first else {
            found += nodes[Int(index)].routes
            return
        }
        let rest = segments.dropFirst()
        if let literal = literals[Edge(node: index, segment: segment)] { collect(node: literal, segments: rest, into: &found) }
        let parameter = nodes[Int(index)].parameter
        if parameter >= 0 { collect(node: parameter, segments: rest, into: &found) }
    }
}
