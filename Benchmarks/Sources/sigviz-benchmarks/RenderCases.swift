import Foundation
import Render
import Tracer

// The render case: TimelineRenderer on recorded traces of 10,000, 100,000 and 1,000,000 events.

/// The render case's rows, by id, so that `--filter` can select it; they are made together,
/// because the linearity rows compare the sizes of one run.
let renderRowIDs = [
    "render-10k", "render-100k", "render-1m", "render-linearity-100k", "render-linearity-1m",
    "render-svg-10k", "render-svg-100k", "render-svg-1m",
]

/// Renders the recorded hot fan-out (a subject, 4 subscribers, sends 0.1 s apart; see
/// `fanOutTrace(events:)`) cut to 10,000, 100,000 and 1,000,000 events (divided by `scale`) to
/// an SVG timeline, each size in turn in every round, and returns the rows: events/s per size,
/// the time ratios of consecutive sizes, and the SVG's size per size.
func renderRows(scale: Int, repetitions: Int) -> (rows: [Row], notes: [String]) {
    let sizes = [10_000, 100_000, 1_000_000].map { $0 / scale }
    let names = ["10k", "100k", "1m"]
    let renderer = TimelineRenderer(theme: .auto)
    let traces = sizes.map { fanOutTrace(events: $0) }
    let svgBytes = traces.map { renderer.render($0).utf8.count }
    let workloads = traces.map { trace in
        Workload(units: trace.events.count) {
            // Every event takes less than a byte of the SVG once lanes are dense, so count the SVG, not its size.
            renderer.render(trace).utf8.isEmpty ? 0 : trace.events.count
        }
    }
    for (size, workload) in zip(sizes, workloads) { _ = workload.rate("render \(size) [warm-up]") }
    // Seconds per render, by size, per round: the sizes run in turn within a round, so that a
    // round's ratios are measured under the same load.
    var times = [[Double]](repeating: [], count: sizes.count)
    for _ in 0..<repetitions {
        for (index, workload) in workloads.enumerated() {
            times[index].append(Double(workload.units) / workload.rate("render \(sizes[index])"))
        }
    }
    var rows: [Row] = []
    for index in sizes.indices {
        let rates = times[index].map { Double(traces[index].events.count) / $0 }
        let rate = median(rates)
        rows.append(Row(
            id: "render-\(names[index])",
            name: "render: a \(traces[index].events.count.grouped)-event timeline to SVG, `TimelineRenderer().render(trace)`",
            unit: "events/s", value: rate, target: "≥ 2 M events/s", met: rate >= 2e6, samples: ["sigviz": rates]))
    }
    for index in sizes.indices.dropFirst() {
        let ratios = zip(times[index], times[index - 1]).map { $0 / $1 }
        let ratio = median(ratios)
        let factor = Double(sizes[index]) / Double(sizes[index - 1])
        rows.append(Row(
            id: "render-linearity-\(names[index])",
            name: "render: linearity, the time for \(sizes[index].grouped) events over the time for \(sizes[index - 1].grouped)",
            unit: "time ratio", value: ratio, display: "\(format(ratio))x",
            target: "≤ \(format(factor * 1.2))x (\(format(factor))x the events)", met: ratio <= factor * 1.2,
            samples: ["sigviz": ratios]))
    }
    for index in sizes.indices {
        let bytes = Double(svgBytes[index])
        let isLargest = index == sizes.count - 1
        rows.append(Row(
            id: "render-svg-\(names[index])",
            name: "render: the SVG of the \(traces[index].events.count.grouped)-event timeline",
            unit: "bytes", value: bytes, display: byteCount(bytes),
            target: isLargest ? "at most a few MB (≤ 4 MB)" : "reported", met: isLargest ? bytes <= 4e6 : nil))
    }
    let notes = [
        "Render: the trace is the recorded hot fan-out of the trace JSON cases (a subject, 4 subscribers, sends 0.1 s "
            + "apart) cut to the event count, drawn with the default fit (about 720 px) and theme; the five lanes are "
            + "denser than the renderer's threshold (0.25 marks per pixel), so they are drawn as counts per 12 px. "
            + "The rate includes building the timeline model. The sizes run in turn in each round; a linearity "
            + "figure is the median over the rounds of that round's ratio of times.",
    ]
    return (rows, notes)
}

/// `1234 B`, `45.2 kB`, `1.21 MB`.
func byteCount(_ bytes: Double) -> String {
    bytes >= 1e4 ? format(bytes) + "B" : format(bytes) + " B"
}
