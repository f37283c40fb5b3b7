/// A subscription graph in rows, with a waypoint in every row that an arrow passes through, and
/// the order of each row chosen for few crossings.
///
/// The items of a row are its nodes and its waypoints: an arrow from row 1 to row 4 gets a
/// waypoint in rows 2 and 3, which takes room in its row as a node does, so that no node of those
/// rows sits on the arrow. Items `0 ..< nodeCount` are the graph's nodes, by id; waypoints follow,
/// arrow by arrow. Joined items are in adjacent rows, and the order of each row comes from a few
/// sweeps of the barycenter heuristic (``orderRows()``).
struct LayeredGraph {
    /// How many of the items are nodes of the graph; the others are waypoints.
    let nodeCount: Int
    /// The row of each item.
    private(set) var rows: [Int]
    /// The items each item is joined to in the row above it, and in the row below it.
    private(set) var above: [[Int]], below: [[Int]]
    /// Each arrow's items, from its subscriber to its signal: the two nodes and the waypoints between them.
    private(set) var chains: [[Int]]
    /// The items of each row, left to right.
    private(set) var order: [[Int]]
    /// The position of each item in its row's ``order``.
    private(set) var positions: [Int]
    /// For a connection in its subject's row, the subject: it is kept right beside it.
    private(set) var companions: [Int?]
    /// How many sweeps of the barycenter heuristic ``orderRows()`` makes: down and up, four times.
    static let sweeps = 8

    /// Lays `graph` out in `rows`, with waypoints for arrows that span rows while `maximumWaypoints` allows.
    ///
    /// An arrow that would take more waypoints than are left gets none, and is drawn straight to
    /// its signal: the bound keeps a graph whose arrows all span hundreds of rows fast to lay out.
    init(_ graph: SubscriptionGraph, rows nodeRows: GraphRows, maximumWaypoints: Int) {
        nodeCount = graph.nodes.count
        rows = nodeRows.rows
        above = [[Int]](repeating: [], count: nodeCount)
        below = [[Int]](repeating: [], count: nodeCount)
        companions = [Int?](repeating: nil, count: nodeCount)
        chains = []
        chains.reserveCapacity(graph.edges.count)
        var waypointsLeft = maximumWaypoints
        for edge in graph.edges {
            let start = rows[edge.from], end = rows[edge.to]
            let span = abs(end - start)
            var chain = [edge.from]
            if span > 1, span - 1 <= waypointsLeft {
                waypointsLeft -= span - 1
                let step = end > start ? 1 : -1
                for row in stride(from: start + step, to: end, by: step) {
                    chain.append(rows.count)
                    rows.append(row)
                    above.append([])
                    below.append([])
                    companions.append(nil)
                }
            }
            chain.append(edge.to)
            for (a, b) in zip(chain, chain.dropFirst()) where abs(rows[a] - rows[b]) == 1 {
                let (upper, lower) = rows[a] < rows[b] ? (a, b) : (b, a)
                below[upper].append(lower)
                above[lower].append(upper)
            }
            if edge.isConnection, start == end, graph.nodes[edge.to].kind.isHotSignal, case .signal(.connection) = graph.nodes[edge.from].kind {
                companions[edge.from] = edge.to
            }
            chains.append(chain)
        }
        order = [[Int]](repeating: [], count: nodeRows.count)
        for item in rows.indices { order[rows[item]].append(item) }
        positions = [Int](repeating: 0, count: rows.count)
        for row in order.indices { glueCompanions(in: row) }
    }

    /// How many waypoints there are.
    var waypointCount: Int { rows.count - nodeCount }

    /// Whether `item` is a waypoint of an arrow rather than a node.
    func isWaypoint(_ item: Int) -> Bool { item >= nodeCount }

    // MARK: Ordering

    /// Orders every row for few crossings: sweeps down (each row by the mean position of what it
    /// subscribes to) and up (by the mean position of its subscribers), keeping the order with the
    /// fewest crossings seen.
    ///
    /// Ties go to the item created first; an item joined to nothing in the row it is sorted by
    /// keeps its place. Each sweep sorts every row once, and each count of crossings takes
    /// O(joins × log items), so ``sweeps`` bound the work.
    mutating func orderRows() {
        var best = (crossings: crossings(), order: order)
        for sweep in 0..<Self.sweeps where best.crossings > 0 {
            if sweep.isMultiple(of: 2) {
                for row in order.indices.dropFirst() { sort(row, by: above) }
            } else {
                for row in order.indices.reversed().dropFirst() { sort(row, by: below) }
            }
            let now = crossings()
            if now < best.crossings { best = (now, order) }
        }
        order = best.order
        for row in order.indices {
            for (position, item) in order[row].enumerated() { positions[item] = position }
        }
    }

    /// Sorts `row` by the mean position of each item's `neighbours` (in the row above or below).
    private mutating func sort(_ row: Int, by neighbours: [[Int]]) {
        let items = order[row]
        var keyed: [(key: Double, item: Int)] = []
        var kept = [Bool](repeating: false, count: items.count)
        for (slot, item) in items.enumerated() where companions[item] == nil {
            let joined = neighbours[item]
            if joined.isEmpty {
                kept[slot] = true
            } else {
                keyed.append((Double(joined.reduce(0) { $0 + positions[$1] }) / Double(joined.count), item))
            }
        }
        keyed.sort { ($0.key, $0.item) < ($1.key, $1.item) }
        var sorted = keyed.makeIterator()
        var result: [Int] = []
        result.reserveCapacity(items.count)
        for (slot, item) in items.enumerated() where companions[item] == nil {
            result.append(kept[slot] ? item : sorted.next()!.item)
        }
        for item in items where companions[item] != nil { result.append(item) }
        order[row] = result
        glueCompanions(in: row)
    }

    /// Moves each connection of `row` right after its subject (after the subject's earlier
    /// connections), and brings ``positions`` up to date.
    private mutating func glueCompanions(in row: Int) {
        let items = order[row]
        var glued: [Int: [Int]] = [:]
        for item in items { if let subject = companions[item] { glued[subject, default: []].append(item) } }
        if !glued.isEmpty {
            var result: [Int] = []
            result.reserveCapacity(items.count)
            for item in items where companions[item] == nil {
                result.append(item)
                result.append(contentsOf: glued[item] ?? [])
            }
            order[row] = result
        }
        for (position, item) in order[row].enumerated() { positions[item] = position }
    }

    /// How many pairs of joins between adjacent rows cross, in the current order.
    ///
    /// Per pair of rows: the joins sorted by their upper end, then the inversions among their lower
    /// ends counted with a Fenwick tree.
    func crossings() -> Int {
        var total = 0
        for row in order.indices.dropLast() {
            let width = order[row + 1].count
            guard width > 1 else { continue }
            var tree = [Int](repeating: 0, count: width + 1)
            var seen = 0
            for upper in order[row] {
                for lower in below[upper].map({ positions[$0] }).sorted() {
                    // Joins seen so far whose lower end is right of this one cross it.
                    var index = lower + 1, notRight = 0
                    while index > 0 {
                        notRight += tree[index]
                        index -= index & -index
                    }
                    total += seen - notRight
                    index = lower + 1
                    while index <= width {
                        tree[index] += 1
                        index += index & -index
                    }
                    seen += 1
                }
            }
        }
        return total
    }
}
