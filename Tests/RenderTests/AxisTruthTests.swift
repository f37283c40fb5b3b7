import Scenarios
import Testing
import Tracer
@testable import Render

// The time axis ends shortly after the last thing drawn: not seconds past it (issue 14: 9 s for
// 7 s), and never before an expected event, which would be cut off.

@Suite("The time axis ends just after the last event, expected ones included")
struct AxisTruthTests {
    @Test("the axis ends 12% past the trace, rounded up to a twentieth of it: 8 s for 7 s", arguments: [
        (7.0, 8.0), (3.0, 3.4), (1.0, 1.2), (5.0, 6.0), (10.0, 12.0), (2.0, 2.4), (0.25, 0.3),
    ])
    func end(duration: Double, end: Double) {
        #expect(abs(TimeAxis(end: duration, scale: nil).end - end) < 1e-9)
    }

    @Test("an expected event after the trace's last one widens the axis to show it")
    func expectedAfterTheEnd() throws {
        let file = try ScenarioFile(parsing: """
            behavior user "guest"
            subscribe "header" to user
            at 1 send user "ann"
            expect "header" to user "g-a---b" values g = "guest", a = "ann", b = "bob"
            """, file: "late.sigviz")
        let (trace, results) = file.check(named: "late")
        let subscription = try #require(results.first?.subscription)
        var model = TimelineModel(trace)
        #expect(model.duration == 1)
        let expectation = TimelineExpectation(subscription: subscription, expected: file.expectations[0].expected, frame: 1)
        model.attach([expectation], comparingWith: trace)
        #expect(model.duration == 6)
        let svg = TimelineRenderer().render(trace, expectations: [expectation])
        #expect(svg.contains("<title>expected next bob at t=6 s</title>"))
        let axis = TimeAxis(end: model.duration, scale: nil)
        #expect(axis.end >= 6)
    }
}
