import Findings
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
    /// Which lanes to draw, and in what order.
    public var lanes: LaneOptions

    /// Makes a renderer.
    /// - Parameters:
    ///   - theme: The colours: light, dark, or following the viewer's preference.
    ///   - scale: Pixels per second; `nil` to fit the trace in about 720 pixels.
    ///   - lanes: Which lanes to draw, and in what order; by default all, subscribers grouped by signal.
    public init(theme: Theme = .auto, scale: Double? = nil, lanes: LaneOptions = LaneOptions()) {
        self.theme = theme
        self.scale = scale
        self.lanes = lanes
    }

    /// The names ``LaneOptions/only`` can pick lanes of `trace` by: subscriber labels and signal names, sorted.
    public static func laneNames(of trace: Trace) -> [String] {
        TimelineModel(trace).laneNames
    }

    /// The SVG document of `trace`'s timeline.
    public func render(_ trace: Trace) -> String {
        render(trace, expectations: [])
    }

    /// The SVG document of `trace`'s timeline, with what some subscribers
    /// were expected to receive drawn under their lanes (hollow, dashed) and
    /// the first divergence of each marked, and, when `findings` are given,
    /// what went wrong marked on it.
    ///
    /// This is how a diagram that is also a test shows a failure: the actual
    /// events above, the expected ones below, and a line where they part.
    ///
    /// With `findings` (``Trace/findings()``, say), the marks of each finding's events are ringed and
    /// badged with its number (1 for the first), and under the legend a numbered list gives each
    /// finding's sentence and suggestion, wrapped to the diagram's width ("No findings." for an
    /// empty list). With `nil`, the default, the timeline is drawn as without them.
    public func render(_ trace: Trace, expectations: [TimelineExpectation], findings: [Finding]? = nil) -> String {
        render(trace, expectations: expectations, findings: findings, form: .document)
    }

    /// ``render(_:expectations:findings:)`` written in `form`: a document, or a diagram in a page.
    func render(_ trace: Trace, expectations: [TimelineExpectation], findings: [Finding]? = nil, form: SVGForm) -> String {
        var model = TimelineModel(trace, lanes: lanes, axis: TimeAxis(end: trace.duration, scale: scale))
        model.attach(expectations, comparingWith: trace)
        let axis = TimeAxis(end: model.duration, scale: scale)
        // Which lanes are drawn as counts depends on the axis: made again for one that an expected
        // event after the trace's end lengthened.
        if axis != model.axis {
            model = TimelineModel(trace, lanes: lanes, axis: axis)
            model.attach(expectations, comparingWith: trace)
        }
        var painter = TimelinePainter(theme: theme, axis: axis, form: form)
        let panel = painter.measure(model)
        let height = Canvas.headerHeight + panel + Layout.axisHeight + Layout.legendHeight
        var description = describe(model)
        if let findings {
            description += findings.isEmpty ? " No findings." : " \(findings.count) finding\(findings.count == 1 ? "" : "s"), numbered."
        }
        painter.canvas.begin(width: axis.width, height: height, title: model.title, description: description)
        painter.canvas.header(title: model.title, subtitle: sideEffectSummary(model) + leftOutSummary(model), y: 0)
        painter.axis(top: Canvas.headerHeight, bottom: Canvas.headerHeight + panel)
        painter.wanted = Set(findings?.flatMap(\.events) ?? [])
        painter.panel(model, top: Canvas.headerHeight)
        if let findings, !findings.isEmpty { painter.badges(findings) }
        // A legend of more rows than planned makes the document taller.
        let legendTop = Canvas.headerHeight + panel + Layout.axisHeight
        let legend = painter.legend(top: legendTop)
        guard let findings else { return painter.canvas.end(height: height - Layout.legendHeight + max(Layout.legendHeight, legend)) }
        // The list goes right under the legend's last row.
        painter.findingsList(findings, top: legendTop + legend)
        return painter.canvas.end(height: legendTop + legend + painter.findingsListHeight(findings))
    }
}

/// The accessible description of a timeline.
func describe(_ model: TimelineModel) -> String {
    let subscribers = model.lanes.filter { $0.role == .subscriber }.count
    return "Timeline of \(model.title): \(subscribers) subscriber lane\(subscribers == 1 ? "" : "s") over "
        + "\(TimeAxis.format(model.duration)). " + sideEffectSummary(model) + leftOutSummary(model) + "."
}

/// "; the first 200 of 2,800 lanes are drawn" when lanes were left out (``TimelineModel/maximumLanes``), or "".
func leftOutSummary(_ model: TimelineModel) -> String {
    guard model.lanesLeftOut > 0 else { return "" }
    return "; the first \(model.lanes.count) of \(ReportPage.grouped(model.laneTotal)) lanes are drawn"
}

/// "didSubscribe runs: fetchData × 6", or "no didSubscribe runs".
func sideEffectSummary(_ model: TimelineModel) -> String {
    guard !model.sideEffects.isEmpty else { return "no didSubscribe runs" }
    return "didSubscribe runs: " + model.sideEffects.map { "\($0.name) × \($0.count)" }.joined(separator: ", ")
}

/// Fixed sizes of the timelines, in pixels.
enum Layout {
    static let labelWidth = 210.0
    static let plotLeft = 226.0
    static let rightMargin = 48.0
    static let axisHeight = 30.0
    static let legendHeight = 62.0
    static let laneHeight = 40.0
    static let stackStep = 24.0
    static let radius = 9.0
    static let panelTitleHeight = 26.0
    static let panelGap = 14.0
    /// Above this many marks per pixel a lane shows counts instead of marbles: ``TimeAxis/markLimit``.
    static let densityLimit = 0.25
}
