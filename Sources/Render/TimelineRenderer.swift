import Tracer

/// Draws a trace as a timeline, like the articles' figures: a time axis,
/// source lanes (each run of a cold signal's didSubscribe, the values sent to
/// subjects, connects), one lane per labelled subscriber with its values,
/// completion, error or disposal, replayed history drawn apart from live
/// values, connectors from a send to the deliveries it caused, and a legend.
///
/// ```swift
/// let svg = TimelineRenderer(theme: .auto).render(trace)
/// ```
///
/// The result is a standalone SVG document: no external resources, all text
/// escaped, and byte-identical for the same trace and options.
public struct TimelineRenderer: Sendable {
    /// The colours.
    public var theme: Theme
    /// Pixels per second of trace time; `nil` fits the trace in about 720 pixels.
    public var scale: Double?

    /// Makes a renderer.
    /// - Parameters:
    ///   - theme: The colours: light, dark, or following the viewer's preference.
    ///   - scale: Pixels per second; `nil` to fit the trace in about 720 pixels.
    public init(theme: Theme = .auto, scale: Double? = nil) {
        self.theme = theme
        self.scale = scale
    }

    /// The SVG document of `trace`'s timeline.
    public func render(_ trace: Trace) -> String {
        render(trace, expectations: [])
    }

    /// The SVG document of `trace`'s timeline, with what some subscribers
    /// were expected to receive drawn under their lanes (hollow, dashed) and
    /// the first divergence of each marked.
    ///
    /// This is how a diagram that is also a test shows a failure: the actual
    /// events above, the expected ones below, and a line where they part.
    public func render(_ trace: Trace, expectations: [TimelineExpectation]) -> String {
        var model = TimelineModel(trace)
        model.attach(expectations)
        let axis = TimeAxis(end: model.duration, scale: scale)
        var painter = Painter(theme: theme, axis: axis)
        let panel = painter.measure(model)
        let height = Layout.headerHeight + panel + Layout.axisHeight + Layout.legendHeight
        painter.begin(width: axis.width, height: height, title: model.title, description: describe(model))
        painter.header(title: model.title, subtitle: sideEffectSummary(model), y: 0)
        painter.axis(top: Layout.headerHeight, bottom: Layout.headerHeight + panel)
        painter.panel(model, top: Layout.headerHeight)
        painter.legend(top: Layout.headerHeight + panel + Layout.axisHeight)
        return painter.end()
    }
}

/// The accessible description of a timeline.
func describe(_ model: TimelineModel) -> String {
    let subscribers = model.lanes.filter { $0.role == .subscriber }.count
    return "Timeline of \(model.title): \(subscribers) subscriber lane\(subscribers == 1 ? "" : "s") over "
        + "\(TimeAxis.format(model.duration)). " + sideEffectSummary(model) + "."
}

/// "didSubscribe runs: fetchData × 6", or "no didSubscribe runs".
func sideEffectSummary(_ model: TimelineModel) -> String {
    guard !model.sideEffects.isEmpty else { return "no didSubscribe runs" }
    return "didSubscribe runs: " + model.sideEffects.map { "\($0.name) × \($0.count)" }.joined(separator: ", ")
}

/// Fixed sizes, in pixels.
enum Layout {
    static let labelWidth = 210.0
    static let plotLeft = 226.0
    static let rightMargin = 48.0
    static let headerHeight = 58.0
    static let axisHeight = 30.0
    static let legendHeight = 62.0
    static let laneHeight = 40.0
    static let stackStep = 24.0
    static let radius = 9.0
    static let panelTitleHeight = 26.0
    static let panelGap = 14.0
    /// Above this many marks per pixel a lane shows counts instead of marbles.
    static let densityLimit = 0.25
}

/// Seconds to pixels, and the ticks.
struct TimeAxis {
    let end: Double
    let scale: Double

    /// The widest plot, in pixels: a larger `scale` is reduced to fit. It bounds the ticks
    /// (at least 56 pixels apart) and keeps every coordinate a number `number(_:)` writes exactly.
    static let maximumPlotWidth = 1e8

    init(end duration: Double, scale: Double?) {
        // Room after the last event for its label: 15% more, rounded up to a tick. Past the largest
        // double (a trace ending after about 1.6e308 s), the largest double.
        let stretched = duration * 1.15
        let span = stretched.isNaN ? 0.001 : min(max(stretched, 0.001), .greatestFiniteMagnitude)
        let rounded = TimeAxis.step(for: span / 10).map { $0 * (span / $0).rounded(.up) } ?? span
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
        seconds.isFinite ? SecondsFormat(precision: .decimals(2), unit: .secondsOrMilliseconds).format(seconds) : "0 s"
    }
}
