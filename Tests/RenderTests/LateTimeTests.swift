import Foundation
@testable import Render
import Testing
import Tracer

/// Traces whose events come late, from 10⁹ s to the largest double (docs/reliability.md, hardening
/// bug 3): the renderer draws them in about 720 pixels, with readable ticks, and never traps or hangs.
@Suite("Late times")
struct LateTimeTests {
    /// Subscriber "A" to subject "s": subscribed at 0, `values` nexts spread evenly up to `time`.
    static func trace(lastAt time: Double, values: Int = 1) -> Trace {
        var events = [TraceEvent(time: 0, kind: .signal(0)), TraceEvent(time: 0, kind: .subscribe(0))]
        for index in 1...values {
            events.append(TraceEvent(time: time / Double(values) * Double(index),
                                     kind: .next(subscription: 0, value: "v\(index)", replayed: false)))
        }
        return Trace(
            title: "late", signals: [TraceSignal(id: 0, kind: .subject, name: "s")],
            subscriptions: [TraceSubscription(id: 0, signal: 0, subscriber: .label("A"))], events: events)
    }

    /// The SVG's width, from its `width` attribute.
    static func width(of svg: String) -> Double? {
        guard let start = svg.range(of: " width=\"") else { return nil }
        return Double(svg[start.upperBound...].prefix { $0 != "\"" })
    }

    @Test("a late trace is drawn in about 720 pixels with a dozen readable ticks, as a timeline and in a comparison",
          arguments: [1e9, 9.3e9, 1e15, 1e18, 1e300, Double.greatestFiniteMagnitude])
    func drawn(time: Double) throws {
        let svg = TimelineRenderer().render(Self.trace(lastAt: time))
        try expectValidXML(svg, "late \(time)")
        let width = try #require(Self.width(of: svg))
        #expect(width >= 900 && width <= 1_000, "width \(width)")
        let ticks = occurrences(of: "<line class=\"grid\"", in: svg)
        #expect(ticks >= 5 && ticks <= 20, "\(ticks) ticks")
        #expect(!svg.contains("=\"inf") && !svg.contains("=\"-inf") && !svg.contains("=\"nan") && !svg.contains(">inf"))
        let comparison = ComparisonRenderer().render([Self.trace(lastAt: time), Self.trace(lastAt: 1)])
        try expectValidXML(comparison, "comparison late \(time)")
    }

    @Test("tick labels past 10^16 s are written with an exponent; smaller ones as before")
    func labels() {
        #expect(TimelineRenderer().render(Self.trace(lastAt: 1e18)).contains(">1e+18 s</text>"))
        #expect(TimelineRenderer().render(Self.trace(lastAt: .greatestFiniteMagnitude)).contains(">1.6e+308 s</text>"))
        #expect(TimelineRenderer().render(Self.trace(lastAt: 1e15)).contains(">1000000000000000 s</text>"))
        #expect(number(1e16) == "1e+16")
        #expect(number(-1.7976931348623157e308) == "-1.7976931348623157e+308")
        #expect(number(9e15) == "9000000000000000")
        #expect(number(12.25) == "12.25")
        #expect(TimeAxis.format(2e17) == "2e+17 s")
    }

    @Test("a dense lane of late events is counted per 12 px")
    func dense() throws {
        let svg = TimelineRenderer().render(Self.trace(lastAt: 1e300, values: 2_000))
        try expectValidXML(svg, "dense late")
        #expect(svg.contains("2000 events, counted per 12 px"))
        #expect(occurrences(of: "<line class=\"bar\"", in: svg) <= 62)
    }

    @Test("ticks are 1, 2 or 5 × 10ⁿ s up to the largest double; past it there is none")
    func steps() {
        #expect(TimeAxis.step(for: 0.3) == 0.5)
        #expect(TimeAxis.step(for: 6e11) == 1e12)
        #expect(TimeAxis.step(for: 3e13) == 5e13)
        #expect(TimeAxis.step(for: 1.5e307) == 2e307)
        #expect(TimeAxis.step(for: 6e307) == 1e308)
        #expect(TimeAxis.step(for: 1.5e308) == nil)
        #expect(TimeAxis.step(for: .infinity) == nil)
    }

    @Test("the axis of a late trace ends on a twentieth, or at the largest double; a given scale is cut to 10^8 px of plot")
    func axis() {
        #expect(TimeAxis(end: 1e15, scale: nil).end == 1.2e15)
        #expect(TimeAxis(end: 1e15, scale: nil).plotWidth == 720)
        #expect(TimeAxis(end: .greatestFiniteMagnitude, scale: nil).end == .greatestFiniteMagnitude)
        #expect(TimeAxis(end: .greatestFiniteMagnitude, scale: nil).plotWidth <= 720)
        // A scale you give is kept while the plot stays within 10^8 px.
        #expect(TimeAxis(end: 1_000, scale: 50_000).scale == 50_000)
        #expect(TimeAxis(end: 1e15, scale: 1).plotWidth <= TimeAxis.maximumPlotWidth * (1 + 1e-12))
        #expect(TimeAxis(end: 1e300, scale: 100_000).plotWidth <= TimeAxis.maximumPlotWidth * (1 + 1e-12))
    }
}
