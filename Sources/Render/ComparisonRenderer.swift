import Findings
import Tracer

/// Draws several traces as stacked panels on one aligned time axis, each
/// titled, with its didSubscribe count at a glance: the articles'
/// "cold vs hot vs replay vs replayLazily" picture.
///
/// ```swift
/// let traces = ["cold", "publish", "replay", "replaylast", "replaylazily"].map { Catalog.scenario(named: $0)!.trace() }
/// let svg = ComparisonRenderer().render(traces)
/// ```
public struct ComparisonRenderer: Sendable {
    /// The colours.
    public var theme: Theme
    /// Pixels per second of trace time; `nil` fits the longest trace in about 720 pixels.
    public var scale: Double?
    /// The diagram's title.
    public var title: String

    /// Makes a renderer.
    public init(theme: Theme = .auto, scale: Double? = nil, title: String = "Cold vs hot vs replay") {
        self.theme = theme
        self.scale = scale
        self.title = title
    }

    /// The SVG document with one panel per trace, top to bottom in the order given.
    public func render(_ traces: [Trace]) -> String {
        render(traces, form: .document)
    }

    /// ``render(_:)`` written in `form`: a document, or a diagram in a page.
    func render(_ traces: [Trace], form: SVGForm) -> String {
        // The axis first: which lanes are drawn as counts depends on it.
        let axis = TimeAxis(end: traces.map(\.duration).max() ?? 0, scale: scale)
        let models = traces.map { TimelineModel($0, axis: axis) }
        var painter = TimelinePainter(theme: theme, axis: axis, form: form)
        let heights = models.map { painter.measure($0) }
        let body = zip(models, heights).reduce(0.0) { total, pair in
            total + Layout.panelTitleHeight + pair.1 + Layout.axisHeight + Layout.panelGap
        }
        let height = Canvas.headerHeight + body + Layout.legendHeight
        let description = "Comparison of \(models.count) traces on one time axis: "
            + models.map { "\($0.title) (\(sideEffectSummary($0))\(leftOutSummary($0)))" }.joined(separator: "; ") + "."
        painter.canvas.begin(width: axis.width, height: height, title: title, description: description)
        painter.canvas.header(title: title, subtitle: "the same time axis in every panel; ◆ marks each run of a source's didSubscribe", y: 0)
        var top = Canvas.headerHeight
        // A panel whose trace has a repeated side effect (``Trace/findings()``) is marked: more runs
        // than another panel's are not one by themselves (a fixed pipeline answers more values).
        let fewest = models.map(\.runs).min() ?? 0
        for (index, (model, height)) in zip(models, heights).enumerated() {
            let trace = traces[index]
            // Its first source and that source's runs (a finding of runs per value counts several sources).
            let repeated = trace.findings().first { $0.kind == .repeatedSideEffect }.flatMap { finding in
                finding.signals.first.map { signal in
                    (name: trace.signals.indices.contains(signal) ? trace.signals[signal].name : "a source", runs: finding.events.count { event in
                        if case .didSubscribe(let subscription) = trace.events[event].kind {
                            trace.subscriptions.indices.contains(subscription) && trace.subscriptions[subscription].signal == signal
                        } else { false }
                    })
                }
            }
            painter.canvas.panelTitle(model, top: top, width: axis.width, repeated: repeated, fewestRuns: models.count > 1 ? fewest : nil)
            top += Layout.panelTitleHeight
            painter.axis(top: top, bottom: top + height)
            painter.panel(model, top: top)
            top += height + Layout.axisHeight + Layout.panelGap
        }
        // A legend of more rows than planned makes the document taller.
        let legend = painter.legend(top: top)
        return painter.canvas.end(height: height - Layout.legendHeight + max(Layout.legendHeight, legend))
    }
}

extension Canvas {
    /// A panel's title bar: the trace's title and a badge with its didSubscribe count, marked as
    /// repeated when the trace has a repeated side effect (`repeated`: its source and how many times
    /// it ran), with, in the tooltip, `fewestRuns`, the fewest runs of the panels compared.
    mutating func panelTitle(
        _ model: TimelineModel, top: Double, width: Double, repeated sideEffect: (name: String, runs: Int)? = nil,
        fewestRuns: Int? = nil
    ) {
        let runs = model.runs
        let repeated = sideEffect != nil
        group("panel-title")
        element("rect", [("class", "panel"), ("x", "8"), ("y", number(top)), ("width", number(width - 16)), ("height", "22"), ("rx", "4")])
        text(model.title, class: "lane-label", x: 16, y: top + 15, limit: 60)
        let badge = "didSubscribe × \(runs)" + (repeated ? ": repeated" : "")
            + (model.lanesLeftOut > 0 ? " · \(model.lanes.count) of \(ReportPage.grouped(model.laneTotal)) lanes drawn" : "")
        let badgeWidth = 16 + Double(badge.count) * 6.6
        svg.open("g", [("class", repeated ? "badge-group repeated" : "badge-group")])
        if let sideEffect {
            svg.tooltip("\(sideEffect.name)'s didSubscribe ran \(sideEffect.runs) times here: its side effect ran again for each "
                + "subscription" + (fewestRuns.map { " (another panel's ran \($0) in all)" } ?? ""))
        }
        element("rect", [("class", repeated ? "badge badge-repeated" : "badge"), ("x", number(width - 16 - badgeWidth)), ("y", number(top + 3)),
                         ("width", number(badgeWidth)), ("height", "16"), ("rx", "8")])
        text(badge, class: "small badge-text", x: width - 16 - badgeWidth + 8, y: top + 14.5, limit: 40)
        svg.close("g")
        endGroup()
    }
}
