/// The routes compiled into a tree of path segments, so finding the candidates for a path
/// costs one hash lookup per segment however many routes there are.
///
/// Literal edges of every node live in one hash table keyed by (node, segment) rather than in a
/// dictionary per node: a lookup then touches one table instead of a node record and its own
/// table, which matters once the tree no longer fits in cache.
struct RouteTree: Sendable {
    private struct Node: Sendable {
        var parameter: Int32 = -1
        /// The node a catch-all segment leads to; its routes take every remaining segment.
        var catchAll: Int32 = -1
        /// The routes ending here, in config order: `routesByNode[routesStart..<routesEnd]`.
        var routesStart: Int32 = 0
        var routesEnd: Int32 = 0
        /// The first of them, -1 for none: most nodes end one route, which a lookup then reads
        /// here, in the node it has in cache, rather than in ``RouteTree/routesByNode``.
        var firstRoute: Int32 = -1
        /// Whether a literal edge leaves the node: when none does, a segment that no literal can
        /// match costs no probe of the literal table, a cache miss in a large one.
        var hasLiterals = false

        var routeCount: Int { Int(routesEnd - routesStart) }
    }

    private var nodes: [Node] = [Node()]
    private var literals = LiteralEdges()
    /// Route indices grouped by the node where their pattern ends: one array for the whole tree
    /// instead of one per node.
    private var routesByNode: [Int32] = []
    /// The most segments any route has, a catch-all counted as one; longer paths are trimmed to
    /// this before searching, once a catch-all has had the whole path.
    private(set) var maximumDepth = 0
    /// Whether a route ends with a catch-all, which matches paths of any length.
    private(set) var hasCatchAll = false

    /// Builds the tree of the routes' patterns.
    /// - Parameter patterns: The routes' patterns, in config order.
    init(_ patterns: [RoutePattern]) {
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
            if starts[node + 1] > starts[node] { nodes[node].firstRoute = routesByNode[Int(starts[node])] }
        }
    }

    /// Adds a pattern's path to the tree.
    /// - Returns: The node where the pattern ends.
    private mutating func insert(_ pattern: RoutePattern) -> Int32 {
        var current: Int32 = 0
        var depth = 0
        pattern.forEachSegment { kind, text in
            depth += 1
            switch kind {
            case .literal:
                let text = String(text)
                if let next = literals.target(from: current, segment: text) {
                    current = next
                } else {
                    nodes.append(Node())
                    let next = Int32(nodes.count - 1)
                    literals.insert(from: current, segment: text, to: next)
                    nodes[Int(current)].hasLiterals = true
                    current = next
                }
            case .parameter:
                current = child(\.parameter, of: current)
            case .catchAll:
                hasCatchAll = true
                current = child(\.catchAll, of: current)
            }
        }
        maximumDepth = max(maximumDepth, depth)
        return current
    }

    /// The node a parameter or catch-all edge leads to from `node`, made when there is none yet.
    private mutating func child(_ edge: WritableKeyPath<Node, Int32>, of node: Int32) -> Int32 {
        let existing = nodes[Int(node)][keyPath: edge]
        if existing >= 0 { return existing }
        nodes.append(Node())
        let next = Int32(nodes.count - 1)
        nodes[Int(node)][keyPath: edge] = next
        return next
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
                guard let next = literals.target(from: current, segment: text) else { return nil }
                current = next
            case .parameter:
                current = nodes[Int(current)].parameter
                guard current >= 0 else { return nil }
            case .catchAll:
                current = nodes[Int(current)].catchAll
                guard current >= 0 else { return nil }
            }
        }
        let node = nodes[Int(current)]
        return routesByNode[Int(node.routesStart)..<Int(node.routesEnd)].lazy.map { Int($0) }.first { patterns($0) == pattern }
    }

    /// Every route whose pattern matches the segments, best first: at each position a literal
    /// beats a parameter, which beats a catch-all, and equal shapes keep config order.
    ///
    /// Each tree node lies on one path from the root, so the search visits a node at most once.
    func candidates(for segments: ArraySlice<String>) -> RouteCandidates {
        var found = RouteCandidates()
        collect(node: 0, segments: segments, into: &found)
        return found
    }

    private func collect(node index: Int32, segments: ArraySlice<String>, into found: inout RouteCandidates) {
        guard let segment = segments.first else {
            appendRoutes(of: index, to: &found)
            return
        }
        let rest = segments.dropFirst()
        let node = nodes[Int(index)]
        if node.hasLiterals, let literal = literals.target(from: index, segment: segment) { collect(node: literal, segments: rest, into: &found) }
        if node.parameter >= 0 { collect(node: node.parameter, segments: rest, into: &found) }
        // A catch-all takes the one or more segments left, after every route that names them.
        if node.catchAll >= 0 { appendRoutes(of: node.catchAll, to: &found) }
    }

    private func appendRoutes(of index: Int32, to found: inout RouteCandidates) {
        let node = nodes[Int(index)]
        if node.routeCount == 1 {
            found.append(node.firstRoute)
            return
        }
        // A plain loop: appending a lazy map cost about 500 instructions a lookup (callgrind).
        for position in Int(node.routesStart)..<Int(node.routesEnd) { found.append(routesByNode[position]) }
    }
}

/// The literal edges of a ``RouteTree``: an open-addressing hash table from (node, segment) to
/// the node the edge leads to.
///
/// A `Dictionary` keyed by (node, segment) hashed each lookup's segments with SipHash, seeded per
/// process: about 6% of a lookup's instructions (callgrind). This table hashes with FNV-1a,
/// which costs a few instructions a byte. Seeded hashing protects tables that attackers fill;
/// this one holds only the config's routes, fixed when the router is built, so a crafted URL can
/// at worst probe the longest run of the table, never grow it.
struct LiteralEdges: Sendable {
    private struct Slot: Sendable {
        /// The edge's origin; -1 for an empty slot.
        var node: Int32 = -1
        var target: Int32 = 0
        var segment = ""
    }

    /// A power of two, at most half full, so a miss (a parameter value, most often) ends within a
    /// probe or two: 24 bytes a slot.
    private var slots = [Slot](repeating: Slot(), count: 8)
    private var count = 0

    /// The node the edge from `node` labelled `segment` leads to, if there is one.
    func target(from node: Int32, segment: String) -> Int32? {
        let mask = slots.count - 1
        var index = Self.hash(node: node, segment: segment) & mask
        while true {
            let slot = slots[index]
            if slot.node < 0 { return nil }
            if slot.node == node, slot.segment == segment { return slot.target }
            index = (index + 1) & mask
        }
    }

    /// Adds an edge; the edge must not be in the table yet.
    mutating func insert(from node: Int32, segment: String, to target: Int32) {
        if (count + 1) * 2 > slots.count { resize(to: slots.count * 2) }
        place(Slot(node: node, target: target, segment: segment))
        count += 1
    }

    private mutating func place(_ slot: Slot) {
        let mask = slots.count - 1
        var index = Self.hash(node: slot.node, segment: slot.segment) & mask
        while slots[index].node >= 0 { index = (index + 1) & mask }
        slots[index] = slot
    }

    private mutating func resize(to size: Int) {
        let old = slots
        slots = [Slot](repeating: Slot(), count: size)
        for slot in old where slot.node >= 0 { place(slot) }
    }

    /// FNV-1a over the node's four bytes and the segment's UTF-8 bytes, then a final mix so the
    /// low bits the table uses depend on every byte.
    private static func hash(node: Int32, segment: String) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var node = UInt32(bitPattern: node)
        for _ in 0..<4 {
            hash = (hash ^ UInt64(node & 0xFF)) &* 0x0000_0100_0000_01B3
            node >>= 8
        }
        // Over the contiguous bytes: iterating `String.UTF8View` cost several times more.
        var segment = segment
        segment.withUTF8 { bytes in
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        }
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }
}
