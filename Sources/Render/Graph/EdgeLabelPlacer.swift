/// Places the arrows' labels ("× 6", "connection") beside the arrows' tips, clear of each other
/// and, where it can, of every arrow's curve.
///
/// A label goes in the gap between rows, beside the last stretch of its arrow, which runs
/// straight into the signal: on the outer side first (left of an arrow that reaches the node
/// left of its middle, right of one right of it), then the other, on one of the lines that fit in the
/// gap, then a step further sideways, up to ``reach``. Of those places, the first that overlaps
/// no other label and no curve wins, or else the free one touching the fewest curves; when all
/// overlap labels, the nearest free place further out. Labels have a halo in the page's colour
/// (the theme's `.label`), so they stay legible where a curve crosses one anyway.
struct EdgeLabelPlacer {
    /// The labels' font size.
    static let fontSize = 10.0
    /// The room kept around a label, for its halo.
    static let halo = 1.5
    /// The distance from an arrow's shaft to its label, and between two lines of labels.
    static let offset = 7.0, lineHeight = 13.0
    /// How many lines of labels fit in the gap between two rows.
    static let lines = 4
    /// How far sideways from its arrow a label may move to keep clear of curves, and by how much at a time.
    static let reach = 36.0, shiftStep = 12.0

    /// A square of the drawing, to look up what is near a place.
    private struct Cell: Hashable {
        let x: Int, y: Int
    }

    private static let cellSize = 32.0
    private var curvePoints: [Cell: [GraphPoint]] = [:]
    private var placed: [Cell: [GraphBox]] = [:]

    /// The text of an arrow's label, if it has one: its count, or "connection" for a connection's arrow to its source.
    static func text(for edge: SubscriptionGraph.Edge, route: GraphRoute) -> String? {
        switch edge.link {
        case .connection: return route.direction.dx == 0 ? "connection" : nil
        case .reads: return "reads"
        case .writes: return "writes"
        case .subscription, .machinery: break
        }
        return edge.count > 1 ? "× \(edge.count)" : nil
    }

    /// The labels of `graph`'s arrows, drawn along `routes` into their signals' `frames`.
    static func place(_ graph: SubscriptionGraph, routes: [GraphRoute], frames: [GraphLayout.Frame]) -> [GraphLayout.Label] {
        let texts = graph.edges.indices.map { text(for: graph.edges[$0], route: routes[$0]) }
        // Only the gaps between rows that get a label need the curves' points.
        var gaps = Set<Int>()
        for (edge, text) in texts.enumerated() where text != nil { gaps.insert(gap(holding: routes[edge])) }
        guard !gaps.isEmpty else { return [] }
        var placer = EdgeLabelPlacer()
        for route in routes {
            var from = route.start
            for piece in route.pieces {
                if gaps.contains(Self.gap(at: (from.y + piece.end.y) / 2)) {
                    // A point every 3 px or so: closer than a label is high or wide.
                    let length = abs(piece.end.x - from.x) + abs(piece.end.y - from.y)
                    let count = min(max(Int(length / 3), 4), 400)
                    placer.addCurve(GraphRoute(start: from, pieces: [piece]).samples(perPiece: count))
                }
                from = piece.end
            }
        }
        var labels: [GraphLayout.Label] = []
        for (edge, text) in texts.enumerated() {
            guard let text else { continue }
            // Outside the arrows that reach the same edge of the node: left of the arrows left of its middle.
            let outward = routes[edge].end.x < frames[graph.edges[edge].to].centreX ? -1.0 : 1.0
            labels.append(placer.place(text, edge: edge, route: routes[edge], outward: outward))
        }
        return labels
    }

    /// The gap between rows whose pieces of curve pass at height `y`: gap `r` is under row `r`.
    private static func gap(at y: Double) -> Int {
        Int(((y - GraphLayout.margin) / GraphLayout.rowHeight).rounded(.down))
    }

    /// The gap between rows where the label of the arrow along `route` goes: under its tip when it points up, above it otherwise.
    private static func gap(holding route: GraphRoute) -> Int {
        let tip = route.end
        return route.direction.dy < 0 ? gap(at: tip.y - 1) : gap(at: tip.y) - 1
    }

    private mutating func addCurve(_ points: [GraphPoint]) {
        for point in points { curvePoints[Self.cell(of: point), default: []].append(point) }
    }

    private static func cell(of point: GraphPoint) -> Cell {
        Cell(x: Int((point.x / cellSize).rounded(.down)), y: Int((point.y / cellSize).rounded(.down)))
    }

    /// The cells that `box` touches.
    private static func cells(of box: GraphBox) -> [Cell] {
        let low = cell(of: GraphPoint(x: box.minX, y: box.minY)), high = cell(of: GraphPoint(x: box.maxX, y: box.maxY))
        return (low.x...high.x).flatMap { x in (low.y...high.y).map { Cell(x: x, y: $0) } }
    }

    /// How many points of curves are inside `box`.
    private func curveHits(_ box: GraphBox) -> Int {
        Self.cells(of: box).reduce(0) { total, cell in total + (curvePoints[cell]?.count { box.contains($0) } ?? 0) }
    }

    /// Whether `box` overlaps a label placed before.
    private func overlapsLabel(_ box: GraphBox) -> Bool {
        Self.cells(of: box).contains { cell in placed[cell]?.contains { $0.overlaps(box) } ?? false }
    }

    /// A label for `text` at the best place beside the tip of `route`, on the side `outward` (-1 left, 1 right) first;
    /// remembered, so that later labels keep clear of it.
    private mutating func place(_ text: String, edge: Int, route: GraphRoute, outward: Double) -> GraphLayout.Label {
        let width = TextWidth.of(text, fontSize: Self.fontSize) + 1
        let tip = route.end, direction = route.direction
        func label(x: Double, baseline: Double, anchor: String) -> GraphLayout.Label {
            let minX = anchor == "start" ? x : anchor == "end" ? x - width : x - width / 2
            return GraphLayout.Label(edge: edge, text: text, x: x, y: baseline, anchor: anchor,
                                     box: GraphBox(minX: minX, minY: baseline - 8, maxX: minX + width, maxY: baseline + 2.5))
        }
        // The places to try, nearest first: across a gap in a row, above the row over the arrow's
        // middle; otherwise beside the arrow's last stretch, below the tip of an arrow pointing up
        // and above one pointing down, outward first.
        let across = direction.dx != 0 && direction.dy == 0
        let middle = (route.start.x + tip.x) / 2
        let firstBaseline = across ? tip.y - GraphLayout.Frame.height / 2 - 5 : direction.dy < 0 ? tip.y + 12 : tip.y - 5
        let lineStep = across || direction.dy > 0 ? -Self.lineHeight : Self.lineHeight
        func candidates(shift: Double) -> [GraphLayout.Label] {
            (0..<Self.lines).flatMap { line -> [GraphLayout.Label] in
                let baseline = firstBaseline + Double(line) * lineStep
                if across {
                    return shift == 0 ? [label(x: middle, baseline: baseline, anchor: "middle")]
                        : [label(x: middle + shift, baseline: baseline, anchor: "middle"), label(x: middle - shift, baseline: baseline, anchor: "middle")]
                }
                let right = label(x: tip.x + Self.offset + shift, baseline: baseline, anchor: "start")
                let left = label(x: tip.x - Self.offset - shift, baseline: baseline, anchor: "end")
                return outward < 0 ? [left, right] : [right, left]
            }
        }
        var best: (label: GraphLayout.Label, hits: Int)?
        var shift = 0.0, step = Self.shiftStep
        // Near the tip: the free place touching the fewest curves; further out, the first free place,
        // in steps that grow, so that even thousands of labels at one node take few tries each.
        while best?.hits ?? 1 > 0 {
            for candidate in candidates(shift: shift) where !overlapsLabel(candidate.box.grown(by: Self.halo)) {
                let hits = shift <= Self.reach ? curveHits(candidate.box.grown(by: Self.halo)) : 0
                if hits < best?.hits ?? .max { best = (candidate, hits) }
                if hits == 0 { break }
            }
            if shift >= Self.reach {
                if best != nil { break }
                step *= 1.5
            }
            shift += step
        }
        let chosen = best!.label
        for cell in Self.cells(of: chosen.box.grown(by: Self.halo)) { placed[cell, default: []].append(chosen.box.grown(by: Self.halo)) }
        return chosen
    }
}
