/// Where each item of a ``LayeredGraph`` goes across its row: near the mean of the items it is
/// joined to, in its row's order, never closer to its neighbour than their widths and a gap allow.
///
/// Each pass goes over the rows (down, then up, alternately) and moves each row as a whole to
/// where its items would be, as near as the order and the gaps allow to the mean of their
/// joined items: a least-squares fit under order constraints, which the pool-adjacent-violators
/// algorithm solves exactly in one walk over the row. Joins between waypoints weigh most, so long
/// arrows run straight. A fixed number of passes, each O(items + joins).
struct RowPlacement {
    /// The centre of each item, by item.
    private(set) var centres: [Double]

    /// The gap between two nodes, between a node and a waypoint, and between two waypoints.
    static let nodeGap = 28.0, waypointGap = 14.0, laneGap = 10.0
    /// How many passes over the rows.
    static let passes = 12

    init(_ layers: LayeredGraph, widths: [Double]) {
        centres = [Double](repeating: 0, count: widths.count)
        func separation(_ a: Int, _ b: Int) -> Double {
            let waypoints = (layers.isWaypoint(a) ? 1 : 0) + (layers.isWaypoint(b) ? 1 : 0)
            let gap = waypoints == 0 ? Self.nodeGap : waypoints == 1 ? Self.waypointGap : Self.laneGap
            return (widths[a] + widths[b]) / 2 + gap
        }
        // Start with each row packed from the left and centred on 0.
        for items in layers.order {
            var x = 0.0
            for (index, item) in items.enumerated() {
                if index > 0 { x += separation(items[index - 1], item) }
                centres[item] = x
            }
            for item in items { centres[item] -= x / 2 }
        }
        func weight(_ a: Int, _ b: Int) -> Double {
            switch (layers.isWaypoint(a), layers.isWaypoint(b)) {
            case (true, true): 8
            case (false, false): 1
            default: 2
            }
        }
        var targets: [Double] = [], weights: [Double] = [], offsets: [Double] = []
        for pass in 0..<Self.passes {
            let rows = pass.isMultiple(of: 2) ? Array(layers.order.indices) : layers.order.indices.reversed()
            for row in rows {
                let items = layers.order[row]
                guard !items.isEmpty else { continue }
                targets.removeAll(keepingCapacity: true)
                weights.removeAll(keepingCapacity: true)
                offsets.removeAll(keepingCapacity: true)
                var offset = 0.0
                for (index, item) in items.enumerated() {
                    if index > 0 { offset += separation(items[index - 1], item) }
                    var sum = 0.0, total = 0.0
                    for joined in [layers.above[item], layers.below[item]] {
                        for other in joined {
                            let w = weight(item, other)
                            sum += w * centres[other]
                            total += w
                        }
                    }
                    // An item joined to nothing stays where it is, as far as the others let it.
                    if total == 0 { (sum, total) = (centres[item] * 0.01, 0.01) }
                    targets.append(sum / total - offset)
                    weights.append(total)
                    offsets.append(offset)
                }
                let fitted = Self.nondecreasingFit(targets, weights: weights)
                for (index, item) in items.enumerated() { centres[item] = fitted[index] + offsets[index] }
            }
        }
    }

    /// The nondecreasing sequence nearest to `targets` in weighted least squares (pool adjacent violators).
    static func nondecreasingFit(_ targets: [Double], weights: [Double]) -> [Double] {
        // Blocks of equal value: their weighted mean, total weight and length.
        var blocks: [(mean: Double, weight: Double, length: Int)] = []
        blocks.reserveCapacity(targets.count)
        for (target, weight) in zip(targets, weights) {
            var block = (mean: target, weight: weight, length: 1)
            while let last = blocks.last, last.mean >= block.mean {
                blocks.removeLast()
                let total = last.weight + block.weight
                block = ((last.mean * last.weight + block.mean * block.weight) / total, total, last.length + block.length)
            }
            blocks.append(block)
        }
        var result: [Double] = []
        result.reserveCapacity(targets.count)
        for block in blocks { result.append(contentsOf: repeatElement(block.mean, count: block.length)) }
        return result
    }
}
