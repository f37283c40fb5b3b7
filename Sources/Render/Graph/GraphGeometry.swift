/// A point of the graph's drawing, in pixels.
struct GraphPoint: Equatable {
    var x: Double
    var y: Double
}

/// An axis-aligned rectangle of the graph's drawing: a node, or the room a label takes.
struct GraphBox: Equatable {
    var minX, minY, maxX, maxY: Double

    /// Whether the two rectangles share more than an edge.
    func overlaps(_ other: GraphBox) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// Whether `point` is strictly inside, not on the border.
    func contains(_ point: GraphPoint) -> Bool {
        minX < point.x && point.x < maxX && minY < point.y && point.y < maxY
    }

    /// The rectangle grown by `amount` on every side.
    func grown(by amount: Double) -> GraphBox {
        GraphBox(minX: minX - amount, minY: minY - amount, maxX: maxX + amount, maxY: maxY + amount)
    }

    /// The rectangle moved by (`dx`, `dy`).
    func moved(dx: Double, dy: Double) -> GraphBox {
        GraphBox(minX: minX + dx, minY: minY + dy, maxX: maxX + dx, maxY: maxY + dy)
    }
}

/// The way an arrow goes: from its subscriber to the signal it subscribed to, through its
/// waypoints, as straight lines and cubic curves that leave and arrive vertically, so the whole
/// path is smooth.
struct GraphRoute {
    enum Piece {
        case line(to: GraphPoint)
        case curve(control1: GraphPoint, control2: GraphPoint, to: GraphPoint)

        var end: GraphPoint {
            switch self {
            case .line(let to), .curve(_, _, let to): to
            }
        }
    }

    var start: GraphPoint
    var pieces: [Piece]

    /// The tip of the arrow.
    var end: GraphPoint { pieces.last?.end ?? start }

    /// Which way the arrow points at its tip: a unit vector.
    var direction: (dx: Double, dy: Double) {
        let from: GraphPoint
        switch pieces.last {
        case .curve(_, let control, _): from = control
        case .line: from = pieces.count > 1 ? pieces[pieces.count - 2].end : start
        case nil: return (0, -1)
        }
        let dx = end.x - from.x, dy = end.y - from.y
        let length = (dx * dx + dy * dy).squareRoot()
        return length > 0 ? (dx / length, dy / length) : (0, -1)
    }

    /// A route through `points` that goes vertically at each one: a straight line between points
    /// one above the other, otherwise a curve whose control points are half way down.
    init(through points: [GraphPoint]) {
        start = points[0]
        pieces = []
        for (from, to) in zip(points, points.dropFirst()) {
            if from.x == to.x {
                pieces.append(.line(to: to))
            } else {
                let middle = (from.y + to.y) / 2
                pieces.append(.curve(control1: GraphPoint(x: from.x, y: middle), control2: GraphPoint(x: to.x, y: middle), to: to))
            }
        }
    }

    init(start: GraphPoint, pieces: [Piece]) {
        self.start = start
        self.pieces = pieces
    }

    /// The route moved by (`dx`, `dy`).
    func moved(dx: Double, dy: Double) -> GraphRoute {
        func move(_ point: GraphPoint) -> GraphPoint { GraphPoint(x: point.x + dx, y: point.y + dy) }
        return GraphRoute(start: move(start), pieces: pieces.map { piece in
            switch piece {
            case .line(let to): .line(to: move(to))
            case .curve(let c1, let c2, let to): .curve(control1: move(c1), control2: move(c2), to: move(to))
            }
        })
    }

    /// Points along the route, `perPiece` to each piece after its start: what tests and label placement check against.
    func samples(perPiece: Int = 12) -> [GraphPoint] {
        var points = [start]
        var from = start
        for piece in pieces {
            for step in 1...perPiece {
                let t = Double(step) / Double(perPiece)
                switch piece {
                case .line(let to):
                    points.append(GraphPoint(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t))
                case .curve(let c1, let c2, let to):
                    let u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    points.append(GraphPoint(x: a * from.x + b * c1.x + c * c2.x + d * to.x,
                                             y: a * from.y + b * c1.y + c * c2.y + d * to.y))
                }
            }
            from = piece.end
        }
        return points
    }

    /// The route as SVG path data: `M x y` then `L` and `C` commands.
    var pathData: String {
        var data = "M\(number(start.x)) \(number(start.y))"
        for piece in pieces {
            switch piece {
            case .line(let to): data += "L\(number(to.x)) \(number(to.y))"
            case .curve(let c1, let c2, let to):
                data += "C\(number(c1.x)) \(number(c1.y)) \(number(c2.x)) \(number(c2.y)) \(number(to.x)) \(number(to.y))"
            }
        }
        return data
    }
}
