/// The routes compiled into a tree of path segments, so finding the candidates for a path
/// costs one dictionary lookup per segment however many routes there are.
struct RouteTree: Sendable {
    private struct Node: Sendable {
        var literals: [String: Int] = [:]
        var parameter: Int?
        /// Routes ending here, in config order.
        var routes: [Int] = []
    }

    private var nodes: [Node] = [Node()]

    /// Adds a route's pattern.
    /// - Parameters:
    ///   - pattern: The route's pattern.
    ///   - route: The route's index in config order.
    mutating func insert(_ pattern: RoutePattern, route: Int) {
        var current = 0
        for segment in pattern.segments {
            switch segment {
            case .literal(let text):
                if let next = nodes[current].literals[text] {
                    current = next
                } else {
                    nodes.append(Node())
                    nodes[current].literals[text] = nodes.count - 1
                    current = nodes.count - 1
                }
            case .parameter:
                if let next = nodes[current].parameter {
                    current = next
                } else {
                    nodes.append(Node())
                    nodes[current].parameter = nodes.count - 1
                    current = nodes.count - 1
                }
            }
        }
        nodes[current].routes.append(route)
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

    private func collect(node index: Int, segments: ArraySlice<String>, into found: inout [Int]) {
        let node = nodes[index]
        guard let segment = segments.first else {
            found += node.routes
            return
        }
        let rest = segments.dropFirst()
        if let literal = node.literals[segment] { collect(node: literal, segments: rest, into: &found) }
        if let parameter = node.parameter { collect(node: parameter, segments: rest, into: &found) }
    }

    /// How many nodes the tree has, for memory estimates.
    var nodeCount: Int { nodes.count }
}
