import Testing
@testable import Reactive

// Named virtual schedulers: several schedulers, each current under its own name while its
// work runs, on one test scheduler's clock and queue.

@Suite struct VirtualSchedulerTests {
    /// The name of the scheduler current where this is called, or "none".
    private static var currentName: String { Scheduler.current?.name ?? "none" }

    @Test("a named scheduler's work runs in the test scheduler's order: by time, same-instant work in scheduling order")
    func sharedOrder() {
        let scheduler = TestScheduler()
        let main = scheduler.named("main"), background = scheduler.named("background")
        let log = DeliveryLog()
        background.schedule(after: 2) { log.append("b2@\(scheduler.now)") }
        main.schedule { log.append("m0") }
        scheduler.schedule { log.append("t0") }
        background.schedule { log.append("b0") }
        main.schedule(after: 1) { log.append("m1@\(main.now)") }
        scheduler.schedule(after: 1) { log.append("t1") }
        #expect(scheduler.pendingCount == 6)

        scheduler.stepAll()

        #expect(log.lines == ["m0", "t0", "b0", "m1@1.0", "t1", "b2@2.0"])
        #expect(main.now == 2)
        #expect(background.now == scheduler.now)
    }

    @Test("each scheduler is current under its own name while its own work runs")
    func currentWhileRunning() {
        let scheduler = TestScheduler()
        let main = scheduler.named("main"), background = scheduler.named("background")
        let log = DeliveryLog()
        main.schedule {
            log.append("main: \(Self.currentName)")
            // Work scheduled from the running work goes through the current scheduler.
            background.schedule { log.append("background: \(Self.currentName)") }
            Scheduler.current?.schedule { log.append("again: \(Self.currentName)") }
        }
        scheduler.schedule { log.append("test: \(Self.currentName)") }

        scheduler.stepAll()

        #expect(log.lines == ["main: main", "test: TestScheduler", "background: background", "again: main"])
        #expect(main.name == "main")
        #expect(main.clock === scheduler)
    }

    @Test("schedule(after:) waits for the clock; advance runs only what is due")
    func scheduleAfter() {
        let scheduler = TestScheduler()
        let background = scheduler.named("background")
        let log = DeliveryLog()
        scheduler.advance(to: 1)
        background.schedule(after: 1.5) { log.append("\(Self.currentName)@\(background.now)") }

        scheduler.advance(by: 1)
        #expect(log.lines == [])
        #expect(background.now == 2)

        scheduler.advance(by: 1)
        #expect(log.lines == ["background@2.5"])
        #expect(background.now == 3)
    }

    @Test("disposing what schedule returns cancels the work; the test scheduler drops it")
    func disposalCancels() {
        let scheduler = TestScheduler()
        let background = scheduler.named("background")
        let log = DeliveryLog()
        let now = background.schedule { log.append("now") }
        let later = background.schedule(after: 1) { log.append("later") }
        background.schedule(after: 2) { log.append("kept") }
        now?.dispose()
        later?.dispose()

        scheduler.stepAll()

        #expect(log.lines == ["kept"])
        #expect(scheduler.pendingCount == 0)
    }

    @Test("repeating work on a named scheduler runs on the shared clock, current each time")
    func repeating() {
        let scheduler = TestScheduler()
        let background = scheduler.named("background")
        let log = DeliveryLog()
        let ticks = Signal.interval(1, on: background).take(3)
        // Subscribed from scheduled work, so that the subscription is synchronous.
        scheduler.perform { ticks.subscribe(next: { log.append("\($0)@\(Self.currentName)") }) }

        scheduler.advance(to: 5)

        #expect(log.lines == ["1.0@background", "2.0@background", "3.0@background"])
    }
}
