import Testing
@testable import Reactive

// The test scheduler's clock keeps whole nanoseconds in 64 bits, about 292 years: work due later
// than it can say is due at its end, never a trap (issue 26, class 1).

@Suite("The end of the virtual clock")
struct ClockEndTests {
    @Test("work scheduled past the end of the clock is due at its end, in the order it was scheduled")
    func pastTheEnd() {
        let scheduler = TestScheduler()
        let ran = Locked<[String]>([])
        scheduler.schedule(after: 9e9) {
            ran.withLock { $0.append("first at \(scheduler.now)") }
            // 9e9 s more: past the end of the clock, which this would overflow.
            scheduler.schedule(after: 9e9) { ran.withLock { $0.append("second") } }
            scheduler.schedule(after: 9e9) { ran.withLock { $0.append("third") } }
        }
        scheduler.stepAll()
        let end = Double(Int64.max) / 1e9
        #expect(ran.withLock { $0 } == ["first at 9000000000.0", "second", "third"])
        #expect(scheduler.now == end)
    }

    @Test("advancing past the end of the clock stops at its end")
    func advancePastTheEnd() {
        let scheduler = TestScheduler()
        scheduler.advance(by: 9e9)
        scheduler.advance(by: 9e9)
        #expect(scheduler.now == Double(Int64.max) / 1e9)
    }

    @Test("nextDueTime is the time of the next work not cancelled, or nil")
    func nextDueTime() {
        let scheduler = TestScheduler()
        #expect(scheduler.nextDueTime == nil)
        let cancelled = scheduler.schedule(after: 1) {}
        scheduler.schedule(after: 2.5) {}
        cancelled?.dispose()
        #expect(scheduler.nextDueTime == 2.5)
        #expect(scheduler.pendingCount == 1)
        scheduler.step()
        #expect(scheduler.nextDueTime == nil)
    }
}
