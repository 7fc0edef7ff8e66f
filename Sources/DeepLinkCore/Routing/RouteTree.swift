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
        /// The routes ending here, in config order: `routesByNode[routesStart..<routesEnd]`.
        var routesStart: Int32 = 0
        var routesEnd: Int32 = 0
    }

    private var nodes: [Node] = [Node()]
    private var literals: [Edge: Int32] = [:]
    /// Route indices grouped by the node where their pattern ends: one array for the whole tree
    /// instead of one per node.
    private var routesByNode: [Int32] = []
    /// The most segments any route has; longer paths are trimmed to this before searching.
    private(set) var maximumDepth = 0

    /// Builds the tree of the routes' patterns.
    /// - Parameter patterns: The routes' patterns, in config order.
    init(_ patterns: [RoutePattern]) {
        literals.reserveCapacity(patterns.count)
        var ends: [Int32] = []
        ends.reserveCapacity(patterns.count)
        for pattern in patterns { ends.append(insert(pattern)) }
        var starts = [Int32](repeating: 0, count: nodes.count + 1)
        for end in ends { starts[Int(end) + 1] += 1 }
        for node in nodes.indices { starts[node + 1] += starts[node] }
        var next = starts
        routesByNode = [Int32](repeating: 0, count: ends.count)
        for (route, end) in ends.enumerated() {
            routesByNode[Int(next[Int(end)])] = Int32(route)
            next[Int(end)] += 1
        }
        for node in nodes.indices {
            nodes[node].routesStart = starts[node]
            nodes[node].routesEnd = starts[node + 1]
        }
    }

    /// Adds a pattern's path to the tree.
    /// - Returns: The node where the pattern ends.
    private mutating func insert(_ pattern: RoutePattern) -> Int32 {
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
        return current
    }

    /// The route whose pattern is `pattern`: among the routes whose path ends where it ends, the
    /// one whose parameters have the same names.
    /// - Parameters:
    ///   - pattern: The pattern.
    ///   - patterns: The pattern of each route, by index.
    func route(withPattern pattern: RoutePattern, patterns: (Int) -> RoutePattern) -> Int? {
        var current: Int32 = 0
        for segment in pattern.segments {
            switch segment {
            case .literal(let text):
                guard let next = literals[Edge(node: current, segment: text)] else { return nil }
                current = next
            case .parameter:
                current = nodes[Int(current)].parameter
                guard current >= 0 else { return nil }
            }
        }
        let node = nodes[Int(current)]
        return routesByNode[Int(node.routesStart)..<Int(node.routesEnd)].lazy.map { Int($0) }.first { patterns($0) == pattern }
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
            let node = nodes[Int(index)]
            found += routesByNode[Int(node.routesStart)..<Int(node.routesEnd)].lazy.map { Int($0) }
            return
        }
        let rest = segments.dropFirst()
        if let literal = literals[Edge(node: index, segment: segment)] { collect(node: literal, segments: rest, into: &found) }
        let parameter = nodes[Int(index)].parameter
        if parameter >= 0 { collect(node: parameter, segments: rest, into: &found) }
    }
}
