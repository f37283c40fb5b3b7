import Tracer

/// Draws the subscription graph of a trace: sources, subjects, connections,
/// operators and subscribers as nodes, subscriptions as arrows from the
/// subscriber to the signal it subscribed to, sources at the top.
///
/// The graph is drawn in rows (``GraphLayout``): each node one row below the
/// deepest signal it subscribed to, rows ordered for few crossings, and arrows
/// that span rows routed around the nodes between. A connection is drawn
/// beside its subject with dashed arrows to its subject and its source: the
/// articles' picture of a multicast connection. The one-shot signals operators
/// make inside (`return`, `empty`, `error`) and their inner machinery (merge's
/// signal of signals) are left out; repeated
/// subscriptions between the same two nodes are one arrow labelled with the
/// count (fetchData's "× 6"), and a cold signal's node says how many times its
/// didSubscribe ran ("cold · 6 runs"). Every node and arrow has a tooltip that
/// says it in words.
public struct GraphRenderer: Sendable {
    /// The colours.
    public var theme: Theme

    /// Makes a renderer.
    public init(theme: Theme = .auto) { self.theme = theme }

    /// The SVG document of `trace`'s subscription graph.
    public func render(_ trace: Trace) -> String {
        render(trace, form: .document)
    }

    /// ``render(_:)`` written in `form`: a document, or a diagram in a page.
    func render(_ trace: Trace, form: SVGForm) -> String {
        let graph = SubscriptionGraph(trace)
        var layout = GraphLayout(graph)
        var canvas = Canvas(theme: theme, form: form)
        let title = (trace.title ?? "Trace") + ": subscription graph"
        // Wide enough for the title (as the header shortens it) and the subtitle.
        let width = max(layout.width, 360, 32 + Double(min(title.count, 90)) * 9.2)
        let height = Canvas.headerHeight + layout.height
        layout = layout.moved(dx: (width - layout.width) / 2, dy: Canvas.headerHeight)
        let description = "Subscription graph of \(trace.title ?? "a trace"): \(graph.nodes.count) nodes, "
            + "\(graph.edges.count) arrows; an arrow points from a subscriber to the signal it subscribed to."
        canvas.begin(width: width, height: height, title: title, description: description)
        canvas.header(title: title, subtitle: "arrows point from a subscriber to the signal it subscribed to", y: 0)
        canvas.group("edges")
        for (index, edge) in graph.edges.enumerated() {
            canvas.graphEdge(layout.routes[index], dashed: edge.isConnection, tooltip: graph.sentence(for: edge))
        }
        canvas.endGroup()
        canvas.group("edge-labels")
        for label in layout.labels {
            let edge = graph.edges[label.edge]
            canvas.graphEdgeLabel(label, muted: edge.isConnection, tooltip: graph.sentence(for: edge))
        }
        canvas.endGroup()
        canvas.group("nodes")
        for node in graph.nodes {
            canvas.graphNode(node, frame: layout.frames[node.id], caption: graph.caption(for: node), tooltip: graph.sentence(for: node))
        }
        canvas.endGroup()
        return canvas.end()
    }
}
