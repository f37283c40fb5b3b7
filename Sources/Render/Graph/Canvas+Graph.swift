/// The subscription graph's shapes: nodes, arrows and the arrows' labels.
extension Canvas {
    /// A node: a rounded rectangle (a pill for a subscriber) with its name and, under it, its caption.
    ///
    /// The name is cut with "…" only when it is wider than ``GraphLayout/maximumNodeWidth`` allows;
    /// the tooltip says the node in words.
    mutating func graphNode(_ node: SubscriptionGraph.Node, frame: GraphLayout.Frame, caption: String, tooltip: String) {
        let className: String
        switch node.kind {
        case .subscriber: className = "node-subscriber"
        case .signal(.connection): className = "node-connection"
        case .signal(let kind): className = kind.isHot ? "node-hot" : "node"
        }
        group("graph-node")
        svg.tooltip(tooltip)
        element("rect", [
            ("class", className), ("x", number(frame.x)), ("y", number(frame.y)), ("width", number(frame.width)),
            ("height", number(GraphLayout.Frame.height)), ("rx", node.kind == .subscriber ? "20" : "6"),
        ])
        let room = frame.width - 2 * GraphLayout.nodePadding + 4
        text(node.name, class: "lane-label", x: frame.centreX, y: frame.y + 17,
             limit: TextWidth.characters(of: node.name, fittingIn: room, fontSize: 12), anchor: "middle")
        text(caption, class: "small muted", x: frame.centreX, y: frame.y + 31,
             limit: TextWidth.characters(of: caption, fittingIn: room, fontSize: 10), anchor: "middle")
        endGroup()
    }

    /// An arrow along `route`, with an arrowhead at its tip; dashed for a connection's.
    mutating func graphEdge(_ route: GraphRoute, dashed: Bool, tooltip: String) {
        group(dashed ? "graph-edge connection-edge" : "graph-edge")
        svg.tooltip(tooltip)
        var attributes = [("class", "edge"), ("d", route.pathData)]
        if dashed { attributes.append(("stroke-dasharray", "5 4")) }
        element("path", attributes)
        arrowhead(at: route.end, pointing: route.direction)
        endGroup()
    }

    /// A triangle pointing along `direction`, its tip at `tip`.
    private mutating func arrowhead(at tip: GraphPoint, pointing direction: (dx: Double, dy: Double)) {
        let back = 8.0, side = 4.5
        let (dx, dy) = direction
        let baseX = tip.x - dx * back, baseY = tip.y - dy * back
        let p1 = "\(number(baseX - dy * side)) \(number(baseY + dx * side))"
        let p2 = "\(number(baseX + dy * side)) \(number(baseY - dx * side))"
        element("path", [("class", "arrow"), ("d", "M\(number(tip.x)) \(number(tip.y))L\(p1)L\(p2)z")])
    }

    /// An arrow's label, with a halo in the page's colour and the arrow's sentence as its tooltip.
    mutating func graphEdgeLabel(_ label: GraphLayout.Label, muted: Bool, tooltip: String) {
        svg.open("text", [
            ("class", muted ? "small label muted" : "small label"), ("x", number(label.x)), ("y", number(label.y)),
            ("text-anchor", label.anchor),
        ])
        svg.tooltip(tooltip)
        svg.write(label.text)
        svg.close("text")
        svg.newline()
    }
}
