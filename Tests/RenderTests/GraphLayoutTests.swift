import Scenarios
import Testing
import Tracer
@testable import Render

// The subscription graph's layout (issue 14): rows with waypoints, so that no arrow crosses a
// node; rows ordered for few crossings; labels beside the arrows' tips, clear of each other and
// of the curves; each cold source's didSubscribe runs in its node; the same bytes every time.

/// A trace whose subscription graph is `arrows` (subscriber → signal, one subscription each)
/// between operators `n0`, `n1`, … and the cold sources among them, with `runs` didSubscribe
/// events for each subscription to a cold signal.
private func graphTrace(nodes: Int, cold: Set<Int> = [], arrows: [(from: Int, to: Int)], labelled: [(label: String, to: Int)] = []) -> Trace {
    let signals = (0..<nodes).map { TraceSignal(id: $0, kind: cold.contains($0) ? .cold : .operator, name: "n\($0)") }
    var subscriptions: [TraceSubscription] = []
    var events: [TraceEvent] = []
    for (from, to) in arrows {
        subscriptions.append(TraceSubscription(id: subscriptions.count, signal: to, subscriber: .signal(from)))
    }
    for (label, to) in labelled {
        subscriptions.append(TraceSubscription(id: subscriptions.count, signal: to, subscriber: .label(label)))
    }
    for subscription in subscriptions {
        events.append(TraceEvent(time: 0, kind: .subscribe(subscription.id)))
        if cold.contains(subscription.signal) { events.append(TraceEvent(time: 0, kind: .didSubscribe(subscription.id))) }
    }
    return Trace(title: "generated", signals: signals, subscriptions: subscriptions, events: events)
}

/// A layered graph of `nodes` operators made from `seed`: each subscribes to one to three nodes
/// made before it, so arrows span one row or many; a few labelled subscribers subscribe to
/// random nodes, some of them several times.
private func generatedTrace(seed: UInt64, nodes: Int = 40) -> Trace {
    var numbers = SeededGenerator(seed: seed)
    var arrows: [(Int, Int)] = []
    for node in 1..<nodes {
        var targets = Set<Int>()
        for _ in 0..<Int.random(in: 1...3, using: &numbers) { targets.insert(Int.random(in: 0..<node, using: &numbers)) }
        for target in targets.sorted() { arrows.append((node, target)) }
    }
    var labelled: [(String, Int)] = []
    for index in 0..<(nodes / 4) {
        let target = Int.random(in: 0..<nodes, using: &numbers)
        for _ in 0..<Int.random(in: 1...3, using: &numbers) { labelled.append(("s\(index)", target)) }
    }
    return graphTrace(nodes: nodes, cold: [0, 1], arrows: arrows, labelled: labelled)
}

private func scenarioTrace(_ text: String) throws -> Trace {
    try ScenarioFile(parsing: text, file: "graph.sigviz").scenario(named: "graph").trace()
}

private let searchBox = """
    subject query
    cold searchRequest: +0.5 next "results", +0.6 completed
    let results = query | flattenMap searchRequest
    subscribe "list" to results
    subscribe "count" to results
    subscribe "spinner" to results
    at 1 send query "s"
    at 2 send query "sw"
    """

/// The crossings between arrows that a reader sees: per gap between two rows, the pairs of
/// arrows whose order at the gap's top differs from their order at its bottom.
private func drawnCrossings(_ layout: GraphLayout) -> Int {
    // Each route's x where it leaves or enters a row: at a row's top or bottom edge.
    var atEdge: [Double: [Int: Double]] = [:]  // y → route → x
    for (index, route) in layout.routes.enumerated() {
        for point in [route.start] + route.pieces.map(\.end) {
            let row = (point.y - GraphLayout.margin) / GraphLayout.rowHeight
            let offset = point.y - GraphLayout.top(of: Int(row.rounded(.down)))
            if offset == 0 || offset == GraphLayout.Frame.height { atEdge[point.y, default: [:]][index] = point.x }
        }
    }
    var total = 0
    let rows = Int(((layout.frames.map(\.y).max() ?? 0) - GraphLayout.margin) / GraphLayout.rowHeight)
    for row in 0..<max(rows, 0) {
        let upper = atEdge[GraphLayout.top(of: row) + GraphLayout.Frame.height] ?? [:], lower = atEdge[GraphLayout.top(of: row + 1)] ?? [:]
        let both = upper.keys.filter { lower[$0] != nil }.sorted()
        for (i, a) in both.enumerated() {
            for b in both[(i + 1)...] where (upper[a]! - upper[b]!) * (lower[a]! - lower[b]!) < 0 { total += 1 }
        }
    }
    return total
}

@Suite("The subscription graph's layout: rows, waypoints, few crossings, clear labels")
struct GraphLayoutTests {
    /// Every arrow's points that fall inside a node, as "arrow i inside node n".
    private func arrowsThroughNodes(_ layout: GraphLayout) -> [String] {
        var found: [String] = []
        for (index, route) in layout.routes.enumerated() {
            for point in route.samples(perPiece: 24) {
                for (node, frame) in layout.frames.enumerated() where frame.box.grown(by: -0.5).contains(point) {
                    found.append("arrow \(index) inside node \(node) at (\(point.x), \(point.y))")
                }
            }
        }
        return found
    }

    @Test("no arrow of the fetchdata graph passes through a node")
    func fetchdataArrowsAvoidNodes() {
        let trace = Catalog.scenario(named: "fetchdata")!.trace()
        let layout = GraphLayout(SubscriptionGraph(trace))
        #expect(layout.waypointCount > 0, "fetchdata has arrows that span rows")
        let found = arrowsThroughNodes(layout)
        #expect(found.isEmpty, "\(found.prefix(5))")
    }

    @Test("no arrow of a generated layered graph passes through a node", arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func generatedArrowsAvoidNodes(seed: UInt64) {
        let layout = GraphLayout(SubscriptionGraph(generatedTrace(seed: seed)))
        #expect(layout.waypointCount > 10, "the graph has long arrows")
        let found = arrowsThroughNodes(layout)
        #expect(found.isEmpty, "\(found.count) points, \(found.prefix(3))")
    }

    @Test("nodes of one row never overlap, and keep a gap")
    func nodesApart() {
        for trace in [Catalog.scenario(named: "fetchdata")!.trace(), generatedTrace(seed: 7)] {
            let frames = GraphLayout(SubscriptionGraph(trace)).frames
            for (i, a) in frames.enumerated() {
                for b in frames[(i + 1)...] where a.y == b.y {
                    #expect(a.box.grown(by: 8).overlaps(b.box) == false, "\(a) and \(b)")
                }
            }
        }
    }

    @Test("sources are in the top row, and every other node one row below the deepest signal it subscribed to")
    func longestPathRows() {
        let graph = SubscriptionGraph(Catalog.scenario(named: "fetchdata")!.trace())
        let layout = GraphLayout(graph)
        func row(_ node: Int) -> Int { Int((layout.frames[node].y - GraphLayout.margin) / GraphLayout.rowHeight) }
        for node in graph.nodes {
            let targets = graph.edges.filter { $0.from == node.id && !$0.isConnection }.map(\.to)
            #expect(row(node.id) == (targets.map { row($0) + 1 }.max() ?? 0), "\(node.name)")
        }
    }

    @Test("rows are ordered for few crossings: none for trees made in a tangled order, at most 3 for fetchdata")
    func crossings() throws {
        // Three sources; operators and subscribers made in an order that crosses every arrow if kept.
        let tangled = graphTrace(nodes: 9, cold: [0, 1, 2], arrows: [(3, 2), (4, 0), (5, 1), (6, 2), (7, 0), (8, 1)],
                                 labelled: [("a", 7), ("b", 3), ("c", 5), ("d", 4), ("e", 8), ("f", 6)])
        let tangledLayout = GraphLayout(SubscriptionGraph(tangled))
        #expect(drawnCrossings(tangledLayout) == 0)
        #expect(tangledLayout.orderCrossings == 0)
        let search = GraphLayout(SubscriptionGraph(try scenarioTrace(searchBox)))
        #expect(drawnCrossings(search) == 0)
        let fetchdata = GraphLayout(SubscriptionGraph(Catalog.scenario(named: "fetchdata")!.trace()))
        #expect(drawnCrossings(fetchdata) <= 3, "\(drawnCrossings(fetchdata)) crossings")
    }

    @Test("the barycenter sweeps leave fewer crossings than the order the nodes were made in", arguments: [11, 12, 13] as [UInt64])
    func sweepsReduceCrossings(seed: UInt64) {
        let graph = SubscriptionGraph(generatedTrace(seed: seed, nodes: 60))
        let rows = GraphRows(graph)
        let unordered = LayeredGraph(graph, rows: rows, maximumWaypoints: GraphLayout.maximumWaypoints)
        var ordered = unordered
        ordered.orderRows()
        #expect(ordered.crossings() < unordered.crossings(), "\(ordered.crossings()) of \(unordered.crossings())")
        // Every row keeps its items, each once.
        for row in ordered.order.indices { #expect(ordered.order[row].sorted() == unordered.order[row].sorted()) }
    }

    @Test("labels never overlap each other or a node, and sit near the tip of their arrow", arguments: [0, 21, 22, 23] as [UInt64])
    func labelsApart(seed: UInt64) {
        // Seed 0: six signals, each subscribed by several subscribers two to twelve times: many labels side by side.
        let trace: Trace
        if seed == 0 {
            var labelled: [(String, Int)] = []
            for subscriber in 0..<10 {
                for target in 0..<6 where (subscriber + target) % 3 != 0 {
                    for _ in 0..<(2 + (subscriber * 7 + target * 3) % 11) { labelled.append(("s\(subscriber)", target)) }
                }
            }
            trace = graphTrace(nodes: 6, arrows: [], labelled: labelled)
        } else {
            trace = generatedTrace(seed: seed)
        }
        let layout = GraphLayout(SubscriptionGraph(trace))
        #expect(layout.labels.count > (seed == 0 ? 20 : 3))
        for (i, a) in layout.labels.enumerated() {
            for b in layout.labels[(i + 1)...] { #expect(!a.box.overlaps(b.box), "\(a.text) at \(a.box) and \(b.text) at \(b.box)") }
            for frame in layout.frames { #expect(!a.box.overlaps(frame.box), "\(a.text) on a node") }
            let tip = layout.routes[a.edge].end
            let distance = max(a.box.minX - tip.x, tip.x - a.box.maxX, a.box.minY - tip.y, tip.y - a.box.maxY, 0)
            #expect(distance < 60, "\(a.text) is \(distance) px from its arrow's tip")
        }
    }

    @Test("two thousand counted arrows into one node: every label finds a place of its own")
    func crowdedLabels() {
        let labelled = (0..<2_000).flatMap { [("s\($0)", 0), ("s\($0)", 0)] }
        let layout = GraphLayout(SubscriptionGraph(graphTrace(nodes: 1, arrows: [], labelled: labelled)))
        #expect(layout.labels.count == 2_000)
        // Sorted by their left side, each label overlaps none of those that start before it ends.
        let boxes = layout.labels.map(\.box).sorted { $0.minX < $1.minX }
        var overlaps = 0
        for (index, box) in boxes.enumerated() {
            for other in boxes[(index + 1)...] {
                if other.minX >= box.maxX { break }
                if box.overlaps(other) { overlaps += 1 }
            }
        }
        #expect(overlaps == 0)
    }

    @Test("labels touch no curve: in the fetchdata, search box and multicast graphs, and in twenty dense generated ones")
    func labelsOffCurves() throws {
        let named = [Catalog.scenario(named: "fetchdata")!.trace(), try scenarioTrace(searchBox),
                     Catalog.scenario(named: "cold-to-hot-multicast")!.trace()]
        var labels = 0
        for (index, trace) in (named + (21...40).map { generatedTrace(seed: $0) }).enumerated() {
            let layout = GraphLayout(SubscriptionGraph(trace))
            #expect(!layout.labels.isEmpty)
            labels += layout.labels.count
            let samples = layout.routes.map { $0.samples(perPiece: 48) }
            for label in layout.labels {
                let touched = samples.indices.filter { arrow in samples[arrow].contains { label.box.contains($0) } }
                #expect(touched.isEmpty, "graph \(index): \(label.text) on arrows \(touched)")
            }
        }
        #expect(labels > 100)
    }

    @Test("a cold source's node shows its didSubscribe runs, and its tooltip says them in words")
    func runCounts() throws {
        let fetchdata = GraphRenderer().render(Catalog.scenario(named: "fetchdata")!.trace())
        let shown = fetchdata.contains(">cold · 6 runs</text>")
        let said = fetchdata.contains("<title>fetchData: cold; its didSubscribe ran 6 times</title>")
        #expect(shown && said)
        let search = GraphRenderer().render(try scenarioTrace(searchBox))
        let searchShown = search.contains(">cold · 6 runs</text>"), subjectPlain = search.contains(">subject</text>")
        #expect(searchShown, "3 subscribers × 2 queries")
        #expect(subjectPlain, "a subject has no runs")
        let graph = SubscriptionGraph(graphTrace(nodes: 3, cold: [0, 1], arrows: [(2, 0)], labelled: [("A", 2), ("B", 0)]))
        #expect(graph.nodes.prefix(3).map(\.runs) == [2, 0, nil])
        #expect(graph.nodes.map { graph.caption(for: $0) }[0...2] == ["cold · 2 runs", "cold · no runs", "operator"])
    }

    @Test("a node is as wide as its name: reader's names are not cut; only a very long one is, with its tooltip")
    func nodeWidths() throws {
        let trace = try scenarioTrace("""
            cold feed: +1 next "1", +2 completed
            let shared = feed | publish | autoconnect
            let searchResultsForTheCurrentQueryText = feed | map "{}"
            subscribe "a subscriber with a long name of its own" to shared
            subscribe "S" to searchResultsForTheCurrentQueryText
            """)
        let svg = GraphRenderer().render(trace)
        for name in ["publish of feed", "a subscriber with a long name of its own", "searchResultsForTheCurrentQueryText"] {
            let whole = svg.contains(">\(name)</text>")
            #expect(whole, "\(name) is cut")
        }
        let long = String(repeating: "averylongname", count: 10)
        let cut = GraphRenderer().render(graphTrace(nodes: 1, arrows: [], labelled: [(long, 0)]))
        let isCut = cut.contains("…</text>") && cut.contains("<title>\(long)</title>")
        #expect(isCut)
        #expect(GraphLayout.width(name: long, caption: "subscriber") == GraphLayout.maximumNodeWidth)
        #expect(GraphLayout.width(name: "S", caption: "subscriber") == GraphLayout.minimumNodeWidth)
    }

    @Test("the layout is the same every time: the same frames, routes and labels, the same bytes")
    func deterministic() {
        let first = GraphLayout(SubscriptionGraph(generatedTrace(seed: 31, nodes: 80)))
        let second = GraphLayout(SubscriptionGraph(generatedTrace(seed: 31, nodes: 80)))
        #expect(first.frames == second.frames)
        #expect(first.routes.map(\.pathData) == second.routes.map(\.pathData))
        #expect(first.labels == second.labels)
        let svg = GraphRenderer().render(Catalog.scenario(named: "fetchdata")!.trace())
        #expect(svg == GraphRenderer().render(Catalog.scenario(named: "fetchdata")!.trace()))
    }

    @Test("a cycle of subscriptions is drawn in rows, one arrow pointing down, none through a node")
    func cycle() {
        // n1 → n2 → n3 → n1, and n3 → n0.
        let layout = GraphLayout(SubscriptionGraph(graphTrace(nodes: 4, cold: [0], arrows: [(1, 2), (2, 3), (3, 1), (3, 0)])))
        let down = layout.routes.filter { $0.direction.dy > 0 }
        #expect(down.count == 1)
        #expect(arrowsThroughNodes(layout).isEmpty)
    }

    @Test("waypoints are bounded: arrows past the budget get none, and the layout stays small")
    func boundedWaypoints() {
        // A chain of 300 operators, each also subscribing to the source at the top: 45,000 rows spanned.
        let nodes = 300
        var arrows: [(Int, Int)] = []
        for node in 1..<nodes {
            arrows.append((node, node - 1))
            if node > 1 { arrows.append((node, 0)) }
        }
        let graph = SubscriptionGraph(graphTrace(nodes: nodes, cold: [0], arrows: arrows))
        let layout = GraphLayout(graph, maximumWaypoints: 2_000)
        #expect(layout.waypointCount <= 2_000)
        #expect(layout.routes.count == graph.edges.count)
        #expect(layout.frames.count == nodes)
    }

    @Test("a graph of thousands of nodes is laid out, every arrow routed")
    func large() throws {
        // 2,000 operators in 40 rows of 50, each subscribing to two of the row above; 500 subscribers.
        var arrows: [(Int, Int)] = []
        for node in 50..<2_000 {
            let row = node / 50
            arrows.append((node, (row - 1) * 50 + (node * 7) % 50))
            arrows.append((node, (row - 1) * 50 + (node * 13 + 5) % 50))
        }
        let labelled = (0..<500).map { ("s\($0)", 1_950 + $0 % 50) }
        let trace = graphTrace(nodes: 2_000, cold: Set(0..<50), arrows: arrows, labelled: labelled)
        let layout = GraphLayout(SubscriptionGraph(trace))
        #expect(layout.frames.count == 2_500)
        let svg = GraphRenderer().render(trace)
        try expectValidXML(svg, "large graph")
    }
}
