/// The row of each node of a subscription graph: sources in row 0 at the top, and every other
/// node one row below the deepest node it subscribed to (longest-path layering).
///
/// Subscriptions can form a cycle (a subject fed by what subscribes to it, as a channel's two
/// ends are): the cycle is broken where a depth-first search in creation order first closes it,
/// and that arrow is drawn pointing down. A connection sits in its subject's row, beside it.
/// Every step is iterative, so a chain of thousands of operators costs no stack.
struct GraphRows {
    /// The row of each node, by node id.
    private(set) var rows: [Int]
    /// How many rows there are: at least one.
    private(set) var count: Int

    init(_ graph: SubscriptionGraph) {
        let nodeCount = graph.nodes.count
        var targets = [[Int]](repeating: [], count: nodeCount)
        for edge in graph.edges where edge.isDependency { targets[edge.from].append(edge.to) }
        // Depth-first search in creation order: an arrow to a node still on the path closes a cycle
        // and is turned around, so that `below[a]` lists the nodes that `a` must be drawn below.
        var below = [[Int]](repeating: [], count: nodeCount)
        enum Visit { case unseen, onPath, done }
        var visits = [Visit](repeating: .unseen, count: nodeCount)
        for root in 0..<nodeCount where visits[root] == .unseen {
            var path = [(node: root, next: 0)]
            visits[root] = .onPath
            while let (node, next) = path.last {
                guard next < targets[node].count else {
                    visits[node] = .done
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let target = targets[node][next]
                switch visits[target] {
                case .onPath: below[target].append(node)  // closes a cycle: drawn pointing down
                case .done: below[node].append(target)
                case .unseen:
                    below[node].append(target)
                    visits[target] = .onPath
                    path.append((target, 0))
                }
            }
        }
        // Longest path from the nodes that are below nothing (Kahn's order, from the top).
        var above = [[Int]](repeating: [], count: nodeCount)  // the nodes drawn below each node
        var waiting = below.map(\.count)
        for node in 0..<nodeCount {
            for target in below[node] { above[target].append(node) }
        }
        rows = [Int](repeating: 0, count: nodeCount)
        var ready = (0..<nodeCount).filter { waiting[$0] == 0 }
        var index = 0
        while index < ready.count {
            let node = ready[index]
            index += 1
            for lower in above[node] {
                rows[lower] = max(rows[lower], rows[node] + 1)
                waiting[lower] -= 1
                if waiting[lower] == 0 { ready.append(lower) }
            }
        }
        // A connection sits in its subject's row.
        for edge in graph.edges where edge.isConnection {
            if case .signal(.connection) = graph.nodes[edge.from].kind, graph.nodes[edge.to].kind.isHotSignal {
                rows[edge.from] = rows[edge.to]
            }
        }
        count = (rows.max() ?? 0) + 1
    }
}
