/// The marks a legend can explain, in the order it lists them.
enum LegendItem: CaseIterable, Hashable {
    case value, replayed, dropped, sent, completed, error, disposed, open, trueBand, effect, waiting, connect, noop,
         connectAfterDisposal, disconnect, connector, scheduler, aggregated, expected, divergence, finding

    var text: String {
        switch self {
        case .value: "value (live)"
        case .replayed: "value replayed from history"
        case .dropped: "value dropped by an operator, never delivered"
        case .sent: "value sent to a subject"
        case .completed: "completed"
        case .error: "error"
        case .disposed: "disposed"
        case .open: "still subscribed"
        case .trueBand: "true (from a true value to a false one)"
        case .effect: "didSubscribe run (side effect)"
        case .waiting: "made, waiting to be subscribed"
        case .connect: "connect"
        case .noop: "connect (already connected)"
        case .connectAfterDisposal: "connect after the connection's disposal (RAC 2.5 does not reconnect)"
        case .disconnect: "connection disposed"
        case .connector: "caused by"
        case .scheduler: "on NAME: ran on that scheduler, after deliverOn or subscribeOn"
        case .aggregated: "many events (counted)"
        case .expected: "expected"
        case .divergence: "first difference from expected"
        case .finding: "finding, numbered as listed below"
        }
    }
}

extension Canvas {
    /// The legend of `items`, in ``LegendItem`` order, from `top` in rows at most `width` wide;
    /// returns how far below `top` its last row ends.
    @discardableResult
    mutating func legend(_ items: Set<LegendItem>, top: Double, width: Double) -> Double {
        svg.open("g", [("class", "legend")])
        var x = 16.0
        var y = top + 14
        for item in LegendItem.allCases where items.contains(item) {
            let itemWidth = 34 + Double(item.text.count) * 6.4
            if x + itemWidth > width - 8 {
                x = 16
                y += 24
            }
            drawLegendSymbol(item, x: x + 10, y: y)
            svg.element("text", [("class", "small"), ("x", number(x + 24)), ("y", number(y + 3.5))], text: item.text)
            x += itemWidth
        }
        svg.close("g")
        svg.newline()
        return y - top + 24
    }

    private mutating func drawLegendSymbol(_ item: LegendItem, x: Double, y: Double) {
        switch item {
        case .value: svg.empty("circle", [("class", "marble legend-mark"), ("cx", number(x)), ("cy", number(y)), ("r", "7")])
        case .replayed: svg.empty("circle", [("class", "replayed legend-mark"), ("cx", number(x)), ("cy", number(y)), ("r", "7")])
        case .dropped: droppedMarble(x: x, y: y, radius: 7, label: nil, inLegend: true)
        case .sent: svg.empty("circle", [("class", "send legend-mark"), ("cx", number(x)), ("cy", number(y)), ("r", "7")])
        case .completed:
            svg.empty("line", [("class", "end legend-mark"), ("x1", number(x)), ("y1", number(y - 8)), ("x2", number(x)), ("y2", number(y + 8))])
        case .error: cross(class: "cross legend-mark", x: x, y: y, arm: 5)
        case .disposed:
            square(class: "disposed legend-mark", x: x, y: y, side: 10)
        case .open: svg.empty("path", [("class", "arrow legend-mark"), ("d", "M\(number(x - 4)) \(number(y - 5))l8 5l-8 5z")])
        case .effect: svg.empty("path", [("class", "effect legend-mark"), ("d", "M\(number(x)) \(number(y - 8))l8 8l-8 8l-8 -8z")])
        case .trueBand:
            svg.empty("rect", [("class", "true-band legend-mark"), ("x", number(x - 9)), ("y", number(y - 6)), ("width", "18"), ("height", "12")])
        case .waiting:
            svg.empty("line", [("class", "waiting legend-mark"), ("x1", number(x - 9)), ("y1", number(y)), ("x2", number(x + 9)), ("y2", number(y))])
        case .connect:
            square(class: "connect legend-mark", x: x, y: y, side: 12)
        case .noop:
            square(class: "noop legend-mark", x: x, y: y, side: 12)
        case .connectAfterDisposal:
            square(class: "noop refused legend-mark", x: x, y: y, side: 12)
            cross(class: "cross legend-mark", x: x, y: y, arm: 4)
        case .disconnect:
            square(class: "disposed legend-mark", x: x, y: y, side: 12)
        case .connector:
            svg.empty("line", [("class", "connector legend-mark"), ("x1", number(x - 9)), ("y1", number(y)), ("x2", number(x + 9)), ("y2", number(y))])
        case .expected:
            svg.empty("circle", [("class", "expected legend-mark"), ("cx", number(x)), ("cy", number(y)), ("r", "6")])
        case .divergence:
            svg.empty("line", [("class", "diverge legend-mark"), ("x1", number(x)), ("y1", number(y - 8)), ("x2", number(x)), ("y2", number(y + 8))])
        case .scheduler:
            svg.element("text", [("class", "small muted"), ("x", number(x)), ("y", number(y + 3.5)), ("text-anchor", "middle")], text: "on")
        case .aggregated:
            svg.empty("line", [("class", "bar legend-mark"), ("x1", number(x)), ("y1", number(y - 7)), ("x2", number(x)), ("y2", number(y + 7))])
        case .finding:
            // Its style rules come with the badges it explains (FindingBadges.styleSheet).
            svg.empty("circle", [("class", "finding-badge"), ("cx", number(x)), ("cy", number(y)), ("r", number(FindingBadges.radius))])
            svg.element("text", [("class", "finding-badge-text"), ("x", number(x)), ("y", number(y))], text: "1")
        }
    }
}

extension Canvas {
    /// A dropped value: a hollow, dashed grey circle, its short label (two characters at most)
    /// inside, struck through. Drawn with the theme's existing classes and presentation attributes.
    mutating func droppedMarble(x: Double, y: Double, radius: Double, label: String?, inLegend: Bool = false) {
        svg.empty("circle", [
            ("class", inLegend ? "disposed legend-mark" : "disposed"), ("cx", number(x)), ("cy", number(y)),
            ("r", number(radius)), ("stroke-dasharray", "2 2"),
        ])
        if let label {
            svg.element("text", [
                ("class", "marble-text replayed-text"), ("x", number(x)), ("y", number(y)), ("text-decoration", "line-through"),
            ], text: label)
        }
    }
}
