import Foundation
import Scenarios
import Testing
import Tracer
@testable import Render

// A legend of more rows than the two planned (drops, bands, waits and schedulers made them
// common) makes the document taller instead of being cut off at its bottom edge.

@Suite("The legend fits in the document, however many rows it takes")
struct LegendFitTests {
    /// The document's height and the largest y of the legend's texts.
    private func fit(_ svg: String) throws -> (height: Double, lastRow: Double) {
        let height = try #require(svg.firstMatch(of: #/ height="([0-9.]+)" role="img"/#).flatMap { Double($0.output.1) })
        let legend = try #require(svg.range(of: "<g class=\"legend\">"))
        let rows = svg[legend.upperBound...].prefix { $0 != "\n" }
            .matches(of: #/<text class="small" x="[0-9.]+" y="([0-9.]+)"/#).compactMap { Double($0.output.1) }
        return (height, try #require(rows.max()))
    }

    @Test("every catalog timeline and the headline comparison end below their legend's last row",
          arguments: Catalog.scenarios.map(\.name))
    func catalog(name: String) throws {
        let trace = try #require(Catalog.scenario(named: name)).trace()
        let timeline = try fit(TimelineRenderer().render(trace))
        #expect(timeline.lastRow + 8 <= timeline.height, "\(timeline)")
        let comparison = try fit(ComparisonRenderer().render([trace]))
        #expect(comparison.lastRow + 8 <= comparison.height, "\(comparison)")
    }

    @Test("a legend of three rows (drops, a band, schedulers, replays, errors) makes the document one row taller")
    func threeRows() throws {
        let trace = try ScenarioFile(parsing: """
            scheduler main
            subject busy
            replay history
            cold request: +1 next "a", +2 error "boom"
            let shown = busy | filter "true", "false" | deliverOn main
            subscribe "Spinner" to shown
            subscribe "Request" to request
            at 1 send busy "true"
            at 1.5 send busy "maybe"
            at 2 send busy "false"
            at 0.5 send history "h"
            at 1 subscribe "Late" to history
            at 3 dispose "Spinner"
            """, file: "legend.sigviz").scenario(named: "legend").trace()
        let svg = TimelineRenderer().render(trace)
        let (height, lastRow) = try fit(svg)
        let rowTexts = 3.5  // a row's text sits 3.5 px below its middle
        #expect(lastRow - rowTexts + 24 == height, "the last row keeps the margin a two-row legend has")
        #expect(svg.contains(">on NAME: ran on that scheduler, after deliverOn or subscribeOn</text>"))
        #expect(svg.contains("<rect class=\"bg\" x=\"0\" y=\"0\" width=\"994\" height=\"\(Int(height))\"/>"))
    }
}
