/// Where each node, arrow and arrow label of a subscription graph goes.
///
/// The steps of a layered (Sugiyama) drawing:
/// 1. rows: sources at the top, each node one row below the deepest node it subscribed to
///    (``GraphRows``);
/// 2. a waypoint in each row an arrow passes through, so that no arrow crosses a node, and the
///    order of each row by the barycenter heuristic, for few crossings (``LayeredGraph``);
/// 3. the place of each node and waypoint across its row, near the mean of its neighbours
///    (``RowPlacement``);
/// 4. each arrow's route, from its own point on its subscriber's edge (the arrows leaving or
///    reaching a node are spread along its edge, in the order of their other ends) through its
///    waypoints to its own point on its signal's edge; and the labels, beside each arrow's tip
///    (``EdgeLabelPlacer``).
///
/// Every step is deterministic: ties go to the node or arrow created first. The work is bounded
/// for large graphs: a fixed number of sweeps and passes, each linear in the nodes, waypoints
/// and joins (sorting aside), and at most ``maximumWaypoints`` waypoints.
struct GraphLayout {
    /// Where a node goes: its top-left corner and width; every node is ``height`` high.
    struct Frame: Equatable {
        let x: Double
        let y: Double
        let width: Double
        static let height = 40.0

        var box: GraphBox { GraphBox(minX: x, minY: y, maxX: x + width, maxY: y + Self.height) }
        var centreX: Double { x + width / 2 }
    }

    /// An arrow's label: its count ("× 6") or "connection", beside the arrow's tip.
    struct Label: Equatable {
        /// The arrow's index in the graph's edges.
        let edge: Int
        let text: String
        /// Where the text starts, ends or is centred (by ``anchor``), and its baseline.
        let x: Double
        let y: Double
        /// The SVG `text-anchor`: start, end or middle.
        let anchor: String
        /// The room the text takes.
        let box: GraphBox
    }

    /// Each node's frame, by node id.
    private(set) var frames: [Frame] = []
    /// Each arrow's route, by its index in the graph's edges.
    private(set) var routes: [GraphRoute] = []
    /// The arrows' labels, in the order of their arrows.
    private(set) var labels: [Label] = []
    /// The room the layout takes, margins included.
    private(set) var width = 0.0
    private(set) var height = 0.0
    /// How many waypoints the arrows that span rows got.
    private(set) var waypointCount = 0
    /// The waypoints' places: where an arrow passes through a row.
    private(set) var waypoints: [GraphPoint] = []
    /// The number of crossings between adjacent rows that the order of the rows leaves.
    private(set) var orderCrossings = 0

    static let rowHeight = 96.0
    static let margin = 16.0
    /// A node's width: enough for its name at 12 px and its caption at 10 px, within these bounds.
    static let minimumNodeWidth = 96.0, maximumNodeWidth = 300.0
    /// The room between a node's text and its sides.
    static let nodePadding = 12.0
    /// The most waypoints a graph gets; arrows past the budget are drawn straight to their signal.
    static let maximumWaypoints = 50_000
    /// The distance between the points where two arrows leave or reach a node's edge, at most,
    /// and the room kept at each end of the edge.
    static let portSpacing = 30.0, portInset = 12.0
    /// The length of the straight last stretch of an arrow between rows.
    static let shaft = 14.0

    /// The width of a node that shows `name` above `caption`.
    static func width(name: String, caption: String) -> Double {
        let text = max(TextWidth.of(name, fontSize: 12, limit: maximumNodeWidth), TextWidth.of(caption, fontSize: 10, limit: maximumNodeWidth))
        return min(max((text + 2 * nodePadding).rounded(.up), minimumNodeWidth), maximumNodeWidth)
    }

    /// The top of `row`.
    static func top(of row: Int) -> Double { margin + Double(row) * rowHeight }

    init(_ graph: SubscriptionGraph, maximumWaypoints: Int = Self.maximumWaypoints) {
        let rows = GraphRows(graph)
        var layers = LayeredGraph(graph, rows: rows, maximumWaypoints: maximumWaypoints)
        layers.orderRows()
        orderCrossings = layers.crossings()
        waypointCount = layers.waypointCount
        // A node is wide enough for its text, and for the arrows that leave or reach each of its edges.
        var ports = [(top: Int, bottom: Int)](repeating: (0, 0), count: graph.nodes.count)
        for chain in layers.chains where layers.rows[chain[0]] != layers.rows[chain[chain.count - 1]] {
            for (node, other) in [(chain[0], chain[1]), (chain[chain.count - 1], chain[chain.count - 2])] {
                if layers.rows[other] < layers.rows[node] { ports[node].top += 1 } else { ports[node].bottom += 1 }
            }
        }
        let nodeWidths = graph.nodes.map { node in
            let arrows = Double(max(ports[node.id].top, ports[node.id].bottom) - 1)
            return min(max(Self.width(name: node.name, caption: graph.caption(for: node)), arrows * Self.portSpacing + 2 * Self.portInset),
                       Self.maximumNodeWidth)
        }
        let centres = RowPlacement(layers, widths: nodeWidths + repeatElement(0, count: layers.waypointCount)).centres
        let height = Frame.height
        func top(_ item: Int) -> Double { Self.top(of: layers.rows[item]) }
        frames = graph.nodes.indices.map { Frame(x: centres[$0] - nodeWidths[$0] / 2, y: top($0), width: nodeWidths[$0]) }
        waypoints = (graph.nodes.count..<centres.count).map { GraphPoint(x: centres[$0], y: top($0) + height / 2) }

        // The points where arrows leave and reach nodes: spread along the node's top or bottom
        // edge, in the order of the items at their other ends.
        struct Link { let x: Double, edge: Int, isStart: Bool }
        var topLinks = [[Link]](repeating: [], count: graph.nodes.count)
        var bottomLinks = topLinks
        for (edge, chain) in layers.chains.enumerated() {
            let from = chain[0], to = chain[chain.count - 1]
            guard layers.rows[from] != layers.rows[to] else { continue }
            let next = chain[1], previous = chain[chain.count - 2]
            let start = Link(x: centres[next], edge: edge, isStart: true), end = Link(x: centres[previous], edge: edge, isStart: false)
            if layers.rows[next] < layers.rows[from] { topLinks[from].append(start) } else { bottomLinks[from].append(start) }
            if layers.rows[previous] < layers.rows[to] { topLinks[to].append(end) } else { bottomLinks[to].append(end) }
        }
        var startPorts = [Double](repeating: 0, count: graph.edges.count), endPorts = startPorts
        for node in graph.nodes.indices {
            for links in [topLinks[node], bottomLinks[node]] where !links.isEmpty {
                let sorted = links.sorted { ($0.x, $0.edge, $0.isStart ? 0 : 1) < ($1.x, $1.edge, $1.isStart ? 0 : 1) }
                let room = frames[node].width - 2 * Self.portInset
                let spacing = sorted.count > 1 ? min(Self.portSpacing, room / Double(sorted.count - 1)) : 0
                for (index, link) in sorted.enumerated() {
                    let x = frames[node].centreX + (Double(index) - Double(sorted.count - 1) / 2) * spacing
                    if link.isStart { startPorts[link.edge] = x } else { endPorts[link.edge] = x }
                }
            }
        }

        // The routes.
        routes.reserveCapacity(graph.edges.count)
        for (edge, chain) in layers.chains.enumerated() {
            let from = chain[0], to = chain[chain.count - 1]
            let source = frames[from], target = frames[to]
            if layers.rows[from] == layers.rows[to] {
                if abs(layers.positions[from] - layers.positions[to]) == 1 {
                    // Beside each other: straight across the gap between them.
                    let y = source.y + height / 2
                    let rightward = source.x < target.x
                    let start = GraphPoint(x: rightward ? source.x + source.width : source.x, y: y)
                    let end = GraphPoint(x: rightward ? target.x : target.x + target.width, y: y)
                    routes.append(GraphRoute(start: start, pieces: [.line(to: end)]))
                } else {
                    // Apart in one row: an arc under the row, into the signal from below.
                    let bottom = source.y + height, dip = bottom + 30
                    routes.append(GraphRoute(start: GraphPoint(x: source.centreX, y: bottom), pieces: [
                        .curve(control1: GraphPoint(x: source.centreX, y: dip), control2: GraphPoint(x: target.centreX, y: dip),
                               to: GraphPoint(x: target.centreX, y: bottom)),
                    ]))
                }
                continue
            }
            let upward = layers.rows[to] < layers.rows[from]
            var points = [GraphPoint(x: startPorts[edge], y: upward ? source.y : source.y + height)]
            for waypoint in chain.dropFirst().dropLast() {
                let x = centres[waypoint], y = top(waypoint)
                points.append(GraphPoint(x: x, y: upward ? y + height : y))
                points.append(GraphPoint(x: x, y: upward ? y : y + height))
            }
            // The last stretch runs straight into the signal, with room beside it for the label.
            let tip = GraphPoint(x: endPorts[edge], y: upward ? target.y + height : target.y)
            points.append(GraphPoint(x: tip.x, y: tip.y + (upward ? Self.shaft : -Self.shaft)))
            points.append(tip)
            routes.append(GraphRoute(through: points))
        }

        // The labels, then everything moved so that the leftmost thing is a margin from the left.
        labels = EdgeLabelPlacer.place(graph, routes: routes, frames: frames)
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        func include(_ box: GraphBox) {
            minX = min(minX, box.minX)
            maxX = max(maxX, box.maxX)
            minY = min(minY, box.minY)
            maxY = max(maxY, box.maxY)
        }
        for frame in frames { include(frame.box) }
        for label in labels { include(label.box) }
        for point in waypoints { include(GraphBox(minX: point.x, minY: point.y, maxX: point.x, maxY: point.y)) }
        for route in routes {
            for piece in route.pieces {
                if case .curve(let c1, let c2, _) = piece {
                    for point in [c1, c2] { include(GraphBox(minX: point.x, minY: point.y, maxX: point.x, maxY: point.y)) }
                }
            }
        }
        guard minX.isFinite else {
            (width, self.height) = (2 * Self.margin, 2 * Self.margin)
            return
        }
        let dx = Self.margin - minX, dy = max(0, Self.margin - minY)
        self = moved(dx: dx, dy: dy)
        width = maxX - minX + 2 * Self.margin
        self.height = maxY + dy + Self.margin
    }

    /// The layout moved right by `dx` and down by `dy`, its size unchanged.
    func moved(dx: Double, dy: Double) -> GraphLayout {
        var layout = self
        layout.frames = frames.map { Frame(x: $0.x + dx, y: $0.y + dy, width: $0.width) }
        layout.routes = routes.map { $0.moved(dx: dx, dy: dy) }
        layout.labels = labels.map {
            Label(edge: $0.edge, text: $0.text, x: $0.x + dx, y: $0.y + dy, anchor: $0.anchor, box: $0.box.moved(dx: dx, dy: dy))
        }
        layout.waypoints = waypoints.map { GraphPoint(x: $0.x + dx, y: $0.y + dy) }
        return layout
    }
}
