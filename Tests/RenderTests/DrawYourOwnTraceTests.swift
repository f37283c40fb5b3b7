import Findings
import Reactive
import Render
import Testing
import Tracer

// The code of Tracer's DocC article "Draw your own trace" (Sources/Tracer/Tracer.docc), run as it is written.
@Suite("The DocC article \"Draw your own trace\": its code runs and says what the article says")
struct DrawYourOwnTraceTests {
    @Test("record two bindings of a shared request, save and read the trace back, draw it, find nothing wrong")
    func article() throws {
        let scheduler = TestScheduler()
        let trace = Trace.record(title: "two bindings, one request", clock: scheduler) {
            let request = Signal<String>.create { subscriber in
                scheduler.schedule(after: 1) {
                    subscriber.sendNext("user")
                    subscriber.sendCompleted()
                }
                return nil
            }.named("request")
            let shared = request.replayLazily()
            shared.subscribe(label: "name label")
            shared.subscribe(label: "avatar")
            scheduler.stepAll()
            return shared
        }
        let json = trace.json()
        let again = try Trace(json: json)
        #expect(again == trace)
        let timeline = TimelineRenderer().render(trace)
        let graph = GraphRenderer().render(trace)
        let findings = trace.findings()
        let annotated = TimelineRenderer().render(trace, expectations: [], findings: findings)
        #expect(timeline.contains("name label") && timeline.contains("avatar"))
        #expect(graph.contains("request"))
        #expect(findings.isEmpty)
        #expect(annotated.hasPrefix("<?xml"))
        // One request for both bindings, and both received its answer.
        #expect(trace.events.count { event in
            guard case .didSubscribe(let subscription) = event.kind else { return false }
            return trace.signals[trace.subscriptions[subscription].signal].name == "request"
        } == 1)
        #expect(trace.events.count { if case .next(_, "user", _) = $0.kind { true } else { false } } >= 2)
    }
}
