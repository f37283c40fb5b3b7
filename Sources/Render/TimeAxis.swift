import Tracer

/// Seconds to pixels, and the ticks.
struct TimeAxis: Equatable {
    let end: Double
    let scale: Double

    /// The widest plot, in pixels: a larger `scale` is reduced to fit. It bounds the ticks
    /// (at least 56 pixels apart) and keeps every coordinate a number `number(_:)` writes exactly.
    static let maximumPlotWidth = 1e8

    init(end duration: Double, scale: Double?) {
        // Room after the last event for its mark and label: 12% more, rounded up to a twentieth (7 s
        // ends at 8 s, not 9). Past the largest double (a trace ending after about 1.6e308 s), the largest double.
        let stretched = duration * 1.12
        let span = stretched.isNaN ? 0.001 : min(max(stretched, 0.001), .greatestFiniteMagnitude)
        let rounded = TimeAxis.step(for: span / 20).map { $0 * (span / $0).rounded(.up) } ?? span
        let end = rounded.isFinite ? rounded : span
        self.end = end
        // Fitted: about 720 pixels, whatever the duration (the floor of 0.0001 px/s there was
        // made traces of years thousands of pixels wide, and of 10^15 s billions).
        let chosen = scale ?? min(720 / end, 4000)
        self.scale = min(chosen, TimeAxis.maximumPlotWidth / end)
    }

    var plotWidth: Double { end * scale }
    var width: Double { Layout.plotLeft + plotWidth + Layout.rightMargin }

    func x(_ time: Double) -> Double { Layout.plotLeft + time * scale }

    /// The most marks a lane draws one by one on this axis: past it (``Layout/densityLimit`` marks
    /// per pixel) the lane shows counts (``MarkCounts``).
    var markLimit: Int { Int((max(plotWidth, 1) * Layout.densityLimit).rounded(.down)) }

    /// The tick spacing: 1, 2 or 5 × 10ⁿ seconds, at least 56 pixels apart.
    var tick: Double {
        TimeAxis.step(for: 56 / scale) ?? end
    }

    /// The smallest 1, 2 or 5 × 10ⁿ at least `minimum`, from 10⁻⁶ up to the largest double.
    static func step(for minimum: Double) -> Double? {
        guard minimum.isFinite, minimum > 0 else { return nil }
        var power = 1e-6
        while power < 1e12 {
            for multiple in [1.0, 2.0, 5.0] where multiple * power >= minimum * (1 - 1e-9) { return multiple * power }
            power *= 10
        }
        // Traces of more than about 10^13 s: exact powers of ten (the product above drifts from them).
        for exponent in 12...308 {
            let power = Double("1e\(exponent)")!
            for multiple in [1.0, 2.0, 5.0] where multiple * power >= minimum * (1 - 1e-9) {
                let step = multiple * power
                return step.isFinite ? step : nil
            }
        }
        return nil
    }

    /// "0 s", "1.5 s", "250 ms": two decimals at most; "0 s" for a time that is not finite, which
    /// the axis draws at 0 (see `number(_:)`).
    static func format(_ seconds: Double) -> String {
        seconds.isFinite ? SecondsFormat.forPeople.format(seconds) : "0 s"
    }
}
