import Tracer

/// Draws the subscription graph of a trace: sources, subjects, connections,
/// operators and subscribers as nodes, subscriptions as arrows from the
/// subscriber to the signal it subscribed to, sources at the top.
///
/// A connection is drawn beside its subject with dashed arrows to its
/// subject and its source: the articles' picture of a multicast connection.
/// The one-shot signals operators make inside (`return`, `empty`, `error`)
/// and their inner machinery (merge's signal of signals) are left out;
/// repeated subscriptions between the same two nodes are one arrow
/// labelled with the count (fetchData's "× 6").
public struct GraphRenderer: Sendable {
    /// The colours.
    public var theme: Theme

    /// Makes a renderer.
    public init(theme: Theme = .auto) { self.theme = theme }

    /// The SVG document of `trace`'s subscription graph.
    public func render(_ trace: Trace) -> String {
        let graph = SubscriptionGraph(trace)
        let layout = GraphLayout(graph)
        var canvas = Canvas(theme: theme)
        let title = (trace.title ?? "Trace") + ": subscription graph"
        // Wide enough for the title (as the header shortens it) and the subtitle.
        let width = max(layout.width, 360, 32 + Double(min(title.count, 90)) * 9.2)
        let height = Canvas.headerHeight + layout.height + 16
        let description = "Subscription graph of \(trace.title ?? "a trace"): \(graph.nodes.count) nodes, "
            + "\(graph.edges.count) arrows; an arrow points from a subscriber to the signal it subscribed to."
        canvas.begin(width: width, height: height, title: title, description: description)
        canvas.header(title: title, subtitle: "arrows point from a subscriber to the signal it subscribed to", y: 0)
        let shift = (width - layout.width) / 2
        let frames = layout.frames.map { GraphLayout.Frame(x: $0.x + shift, y: $0.y, width: $0.width) }
        canvas.group("edges")
        for edge in graph.edges {
            canvas.edge(from: frames[edge.from], to: frames[edge.to], top: Canvas.headerHeight, edge: edge,
                        tooltip: graph.sentence(for: edge))
        }
        canvas.endGroup()
        canvas.group("nodes")
        for node in graph.nodes {
            canvas.node(node, frame: frames[node.id], top: Canvas.headerHeight)
        }
        canvas.endGroup()
        return canvas.end()
    }
}

/// The nodes and arrows of a trace's subscription graph.
struct SubscriptionGraph {
    struct Node {
        enum Kind: Equatable {
            case signal(TraceSignal.Kind)
            case subscriber
        }

        let id: Int
        let name: String
        let kind: Kind
        /// RAC's description of the signal, when that is not its name.
        var description: String?
    }

    struct Edge: Hashable {
        let from: Int
        let to: Int
        /// Dashed: a connection's link to its source or subject.
        let isConnection: Bool
        var count: Int
    }

    var nodes: [Node] = []
    var edges: [Edge] = []

    init(_ trace: Trace) {
        var signalNodes: [Int: Int] = [:]
        for signal in trace.signals {
            switch signal.kind {
            case .return, .empty, .error: continue
            // An operator's own inner machinery, such as merge's signal of the signals it merges: RAC
            // makes it with createSignal inside the operator, and only the operator subscribes to it.
            case .operator where (signal.description ?? signal.name) == "+createSignal:" || signal.name == "createSignal":
                continue
            default:
                signalNodes[signal.id] = nodes.count
                nodes.append(Node(id: nodes.count, name: signal.name, kind: .signal(signal.kind), description: signal.description))
            }
        }
        var subscriberNodes: [String: Int] = [:]
        var edgeIndex: [[Int]: Int] = [:]
        func connect(_ from: Int, _ to: Int, connection: Bool = false) {
            guard from != to else { return }
            let key = [from, to, connection ? 1 : 0]
            if let index = edgeIndex[key] {
                edges[index].count += 1
            } else {
                edgeIndex[key] = edges.count
                edges.append(Edge(from: from, to: to, isConnection: connection, count: 1))
            }
        }
        /// The node that consumes subscription `id`'s values.
        func consumer(of id: Int, depth: Int = 0) -> Int? {
            guard depth < 32, trace.subscriptions.indices.contains(id) else { return nil }
            let subscription = trace.subscriptions[id]
            switch subscription.subscriber {
            case .label(let label):
                if let node = subscriberNodes[label] { return node }
                subscriberNodes[label] = nodes.count
                nodes.append(Node(id: nodes.count, name: label, kind: .subscriber))
                return nodes.count - 1
            case .signal(let signal): return signalNodes[signal]
            case .subscription(let other):
                // Fed into another subscription's subscriber on behalf of that subscription's signal (concat, startWith).
                guard trace.subscriptions.indices.contains(other) else { return nil }
                return signalNodes[trace.subscriptions[other].signal] ?? consumer(of: other, depth: depth + 1)
            case .anonymous:
                guard let parent = subscription.parent, trace.subscriptions.indices.contains(parent) else { return nil }
                return signalNodes[trace.subscriptions[parent].signal] ?? consumer(of: parent, depth: depth + 1)
            }
        }
        for subscription in trace.subscriptions {
            guard let target = signalNodes[subscription.signal], let from = consumer(of: subscription.id) else { continue }
            connect(from, target)
        }
        for signal in trace.signals where signal.kind == .connection {
            guard let node = signalNodes[signal.id] else { continue }
            if let subject = signal.subject.flatMap({ signalNodes[$0] }) { connect(node, subject, connection: true) }
            if let source = signal.source.flatMap({ signalNodes[$0] }) { connect(node, source, connection: true) }
        }
    }
}

extension SubscriptionGraph {
    /// What an arrow says, in words, for its tooltip: "results subscribed to searchRequest × 6".
    func sentence(for edge: Edge) -> String {
        let from = nodes[edge.from].name, to = nodes[edge.to].name
        if edge.isConnection {
            // A connection's arrows go from it to its subject and to its source.
            return nodes[edge.to].kind.isHotSignal ? "\(from) feeds its subject \(to)"
                : "\(from) subscribes its subject to \(to) when connected"
        }
        return "\(from) subscribed to \(to)" + (edge.count > 1 ? " × \(edge.count)" : "")
    }
}

extension SubscriptionGraph.Node.Kind {
    var isHotSignal: Bool {
        if case .signal(let kind) = self { return kind.isHot }
        return false
    }
}

/// Where each node of a graph goes: rows by depth, sources at the top.
struct GraphLayout {
    struct Frame {
        let x: Double
        let y: Double
        let width: Double
        static let height = 40.0
    }

    private(set) var frames: [Frame] = []
    private(set) var width = 0.0
    private(set) var height = 0.0

    static let rowHeight = 96.0
    static let gap = 24.0
    static let margin = 16.0

    init(_ graph: SubscriptionGraph) {
        let count = graph.nodes.count
        var targets = [[Int]](repeating: [], count: count)
        for edge in graph.edges where !edge.isConnection { targets[edge.from].append(edge.to) }
        // Depth: 0 for a node that subscribes to nothing; otherwise one more than its deepest target.
        var depth = [Int?](repeating: nil, count: count)
        var visiting = Set<Int>()
        func rank(_ node: Int) -> Int {
            if let known = depth[node] { return known }
            guard visiting.insert(node).inserted else { return 0 }
            let value = targets[node].map { rank($0) + 1 }.max() ?? 0
            visiting.remove(node)
            depth[node] = value
            return value
        }
        for node in 0..<count { _ = rank(node) }
        // A connection sits in its subject's row.
        for edge in graph.edges where edge.isConnection {
            if case .signal(.connection) = graph.nodes[edge.from].kind, case .signal(let kind) = graph.nodes[edge.to].kind, kind.isHot {
                depth[edge.from] = depth[edge.to]
            }
        }
        let rows = Dictionary(grouping: 0..<count) { depth[$0] ?? 0 }
        let widths = graph.nodes.map { node in min(max(Double(node.name.count) * 6.6 + 24, 110), 230) }
        frames = [Frame](repeating: Frame(x: 0, y: 0, width: 0), count: count)
        var rowWidths: [Int: Double] = [:]
        for (row, members) in rows {
            rowWidths[row] = members.reduce(0) { $0 + widths[$1] } + Double(max(members.count - 1, 0)) * Self.gap
        }
        width = (rowWidths.values.max() ?? 0) + 2 * Self.margin
        var placed = Set<Int>()
        for (row, members) in rows.sorted(by: { $0.key < $1.key }) {
            var x = (width - rowWidths[row]!) / 2
            let y = Self.margin + Double(row) * Self.rowHeight
            // Order a row by where the nodes it subscribes to sit (fewer crossings), then by creation.
            let placedFrames = frames
            func center(_ node: Int) -> Double {
                let above = targets[node].filter { placed.contains($0) }.map { placedFrames[$0].x + placedFrames[$0].width / 2 }
                return above.isEmpty ? .infinity : above.reduce(0, +) / Double(above.count)
            }
            let ordered = members.sorted { (center($0), $0) < (center($1), $1) }
            for member in ordered {
                placed.insert(member)
                frames[member] = Frame(x: x, y: y, width: widths[member])
                x += widths[member] + Self.gap
            }
        }
        height = Double((rows.keys.max() ?? 0) + 1) * Self.rowHeight + Self.margin
    }
}

extension Canvas {
    mutating func node(_ node: SubscriptionGraph.Node, frame: GraphLayout.Frame, top: Double) {
        let className: String
        let kind: String
        switch node.kind {
        case .subscriber: (className, kind) = ("node-subscriber", "subscriber")
        case .signal(.connection): (className, kind) = ("node-connection", "connection")
        case .signal(let signalKind): (className, kind) = (signalKind.isHot ? "node-hot" : "node", signalKind.name)
        }
        group("graph-node")
        svg.tooltip("\(node.name): \(kind)" + (node.description.map { "; RAC's name: \($0)" } ?? ""))
        element("rect", [
            ("class", className), ("x", number(frame.x)), ("y", number(top + frame.y)), ("width", number(frame.width)),
            ("height", number(GraphLayout.Frame.height)), ("rx", node.kind == .subscriber ? "20" : "6"),
        ])
        let limit = Int((frame.width - 12) / 6.6)
        text(node.name, class: "lane-label", x: frame.x + frame.width / 2, y: top + frame.y + 17, limit: limit, anchor: "middle")
        text(kind, class: "small muted", x: frame.x + frame.width / 2, y: top + frame.y + 31, limit: limit, anchor: "middle")
        endGroup()
    }

    mutating func edge(from: GraphLayout.Frame, to: GraphLayout.Frame, top: Double, edge: SubscriptionGraph.Edge, tooltip: String) {
        let sameRow = from.y == to.y
        let x1 = from.x + from.width / 2, x2 = to.x + to.width / 2
        let y1: Double, y2: Double, path: String
        if sameRow {
            y1 = top + from.y + GraphLayout.Frame.height / 2
            y2 = y1
            let start = x1 < x2 ? from.x + from.width : from.x
            let end = x1 < x2 ? to.x : to.x + to.width
            path = "M\(number(start)) \(number(y1))L\(number(end)) \(number(y2))"
            arrowhead(x: end, y: y2, dx: x1 < x2 ? 1 : -1, dy: 0, dashed: edge.isConnection, path: path, count: edge.count,
                      labelX: (start + end) / 2, labelY: y1 - 6, roomForLabel: abs(end - start) >= 80, tooltip: tooltip)
            return
        }
        let upward = from.y > to.y
        y1 = top + from.y + (upward ? 0 : GraphLayout.Frame.height)
        y2 = top + to.y + (upward ? GraphLayout.Frame.height : 0)
        let middle = (y1 + y2) / 2
        path = "M\(number(x1)) \(number(y1))C\(number(x1)) \(number(middle)) \(number(x2)) \(number(middle)) \(number(x2)) \(number(y2))"
        arrowhead(x: x2, y: y2, dx: 0, dy: upward ? -1 : 1, dashed: edge.isConnection, path: path, count: edge.count,
                  labelX: (x1 + x2) / 2 + 6, labelY: middle - 3, tooltip: tooltip)
    }

    private mutating func arrowhead(
        x: Double, y: Double, dx: Double, dy: Double, dashed: Bool, path: String, count: Int, labelX: Double, labelY: Double,
        roomForLabel: Bool = true, tooltip: String
    ) {
        group(dashed ? "graph-edge connection-edge" : "graph-edge")
        svg.tooltip(tooltip)
        var attributes = [("class", "edge"), ("d", path)]
        if dashed { attributes.append(("stroke-dasharray", "5 4")) }
        element("path", attributes)
        // A triangle pointing along (dx, dy), its tip at (x, y).
        let back = 8.0, side = 4.5
        let baseX = x - dx * back, baseY = y - dy * back
        let p1 = "\(number(baseX - dy * side)) \(number(baseY + dx * side))"
        let p2 = "\(number(baseX + dy * side)) \(number(baseY - dx * side))"
        element("path", [("class", "arrow"), ("d", "M\(number(x)) \(number(y))L\(p1)L\(p2)z")])
        if count > 1 { text("× \(count)", class: "small", x: labelX, y: labelY, limit: 12) }
        if dashed, roomForLabel { text("connection", class: "small muted", x: labelX, y: labelY + (count > 1 ? 12 : 0), limit: 12) }
        endGroup()
    }
}
