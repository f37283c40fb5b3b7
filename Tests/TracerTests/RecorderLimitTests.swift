import Reactive
import Testing
import Tracer

@Suite("A recorder's limit")
struct RecorderLimitTests {
    /// Records a subject sending `count` values to one subscriber into `recorder`.
    private func record(_ count: Int, into recorder: TraceRecorder) {
        let scheduler = TestScheduler()
        Instrumentation.withInstrument(recorder, clock: scheduler) {
            scheduler.perform {
                let subject = Subject<Int>()
                subject.subscribe(label: "A")
                for value in 0..<count { subject.sendNext(value) }
            }
        }
    }

    @Test("a recorder keeps at most its limit of reports, drops the rest and says so")
    func keepsItsLimit() throws {
        let recorder = TraceRecorder(limit: 20)
        record(100, into: recorder)
        #expect(recorder.count == 20)
        #expect(recorder.exceededLimit)
        let trace = recorder.trace()
        // 20 reports: A's call site is one of them, and is a subscription's detail, not an event.
        #expect(trace.events.count == 19)
        #expect(trace.subscriptions.first?.site != nil)
        #expect(throws: Never.self) { try trace.validate() }
    }

    @Test("within its limit, or with none, a recorder keeps everything")
    func withinTheLimit() {
        let limited = TraceRecorder(limit: 1_000)
        let unlimited = TraceRecorder()
        record(100, into: limited)
        record(100, into: unlimited)
        #expect(!limited.exceededLimit && !unlimited.exceededLimit)
        #expect(limited.trace() == unlimited.trace())
        #expect(limited.count == unlimited.count)
    }

    @Test("two recorders with different limits record at once, each within its own")
    func separateLimits() async {
        async let small: (Int, Bool) = {
            let recorder = TraceRecorder(limit: 10)
            record(1_000, into: recorder)
            return (recorder.count, recorder.exceededLimit)
        }()
        async let large: (Int, Bool) = {
            let recorder = TraceRecorder(limit: 100_000)
            record(1_000, into: recorder)
            return (recorder.count, recorder.exceededLimit)
        }()
        let (a, b) = await (small, large)
        #expect(a.0 == 10 && a.1)
        #expect(b.0 > 2_000 && !b.1)
    }
}
