/// What a lane too dense to draw mark by mark (``TimeAxis/drawsAsCounts(_:)``) keeps in place of its
/// marks: how many fall in each 12-pixel bin of the plot, and its last completion or error, drawn
/// as a mark. A timeline of ten million events then holds a count per bin, not a mark per event.
struct MarkCounts {
    /// The width of a bin, in pixels.
    static let binWidth = 12.0

    private let axis: TimeAxis
    /// Counts by bin: an array for the bins of the plot (fewer than the marks, the lane being dense),
    /// a dictionary for the marks outside it (times before 0).
    private var bins: [Int]
    private var outside: [Int: Int] = [:]
    /// How many marks were counted: what the subscriber received, not a value dropped upstream nor
    /// the completion or error.
    private(set) var counted = 0
    /// The lane's last completion or error, if any.
    private(set) var terminal: TimelineModel.Mark?

    /// Counts `marks`, on `axis`.
    init(_ marks: [TimelineModel.Mark], on axis: TimeAxis) {
        self.axis = axis
        bins = [Int](repeating: 0, count: Int(max(axis.plotWidth, 0) / Self.binWidth) + 2)
        for mark in marks { add(mark) }
    }

    /// Counts one more mark.
    mutating func add(_ mark: TimelineModel.Mark) {
        if mark.kind.isTerminal {
            terminal = mark
            return
        }
        // Counts are of what the subscriber received: a value dropped upstream is not one.
        if case .dropped = mark.kind { return }
        let bin = Self.bin(of: mark.time, on: axis)
        if bins.indices.contains(bin) { bins[bin] += 1 } else { outside[bin, default: 0] += 1 }
        counted += 1
    }

    /// The bin a mark at `time` is counted in, on `axis`.
    static func bin(of time: Double, on axis: TimeAxis) -> Int {
        let position = ((axis.x(time) - Layout.plotLeft) / binWidth).rounded(.towardZero)
        return position.isFinite ? Int(max(min(position, 1e15), -1e15)) : 0
    }

    /// Where the bar of `bin` is drawn, across the plot.
    static func x(ofBin bin: Int) -> Double {
        Layout.plotLeft + (Double(bin) + 0.5) * binWidth
    }

    /// The bins with marks, in order: bin `i` spans the `i`th 12 pixels from the plot's left edge.
    var nonEmpty: [(bin: Int, count: Int)] {
        let counts: [(bin: Int, count: Int)] = bins.indices.filter { bins[$0] > 0 }.map { ($0, bins[$0]) }
        guard !outside.isEmpty else { return counts }
        return (counts + outside.map { ($0.key, $0.value) }).sorted { $0.bin < $1.bin }
    }
}
