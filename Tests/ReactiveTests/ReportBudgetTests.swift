import Dispatch
import Synchronization
import Testing
import TestSupport
@testable import Reactive

/// The instrument whose reports the budget tests count.
private typealias ReportCounter = RecordedInstrumentation

@Suite("ReportBudget: a run that goes past its reports stops")
struct ReportBudgetTests {
    @Test("a subject fed by its own values loops without end; past its budget it stops, and the subscribers stop receiving")
    func selfFeedingSubjectStops() {
        let scheduler = TestScheduler()
        let counter = ReportCounter()
        let budget = ReportBudget(maximumReports: 1_000)
        let received = Atomic(0)
        let subject = Instrumentation.withInstrument(counter, clock: scheduler, budget: budget) {
            scheduler.perform {
                let subject = Subject<Int>()
                subject.subscribe(label: "A", next: { _ in received.add(1, ordering: .relaxed) })
                subject.map { $0 + 1 }.subscribe(subject)
                subject.sendNext(0)  // returns only because the budget runs out
                return subject
            }
        }
        #expect(budget.isExhausted)
        // Each round reports a send and several deliveries: the loop ended within a round of the limit.
        #expect(counter.count >= 1_000 && counter.count < 1_010, "\(counter.count) reports")
        let values = received.load(ordering: .relaxed)
        #expect(values > 0 && values < 1_000 / 4, "\(values) values")
        withExtendedLifetime(subject) {}
    }

    @Test("past its budget, a cold signal runs no more didSubscribe closures")
    func noSideEffectsPastTheBudget() {
        let scheduler = TestScheduler()
        let runs = Atomic(0)
        let budget = ReportBudget(maximumReports: 50)
        Instrumentation.withInstrument(ReportCounter(), clock: scheduler, budget: budget) {
            scheduler.perform {
                let request = Signal<Int>.create { subscriber in
                    runs.add(1, ordering: .relaxed)
                    subscriber.sendNext(1)
                    subscriber.sendCompleted()
                    return nil
                }
                for _ in 0..<100 { request.subscribe(label: "S") }
            }
        }
        #expect(budget.isExhausted)
        // A subscription makes five reports (subscribed, didSubscribe, next, completed, disposed):
        // the tenth reaches the 50th report, and no subscription after it runs its didSubscribe.
        let ran = runs.load(ordering: .relaxed)
        #expect(ran == 10, "\(ran) runs")
    }

    @Test("within its budget a run is what it is without one")
    func withinTheBudgetNothingChanges() {
        func run(_ budget: ReportBudget?) -> [Int] {
            let scheduler = TestScheduler()
            let values = Locked<[Int]>([])
            Instrumentation.withInstrument(ReportCounter(), clock: scheduler, budget: budget) {
                scheduler.perform {
                    let subject = ReplaySubject<Int>(capacity: 2)
                    for value in 1...5 { subject.sendNext(value) }
                    subject.map { $0 * 10 }.subscribe(label: "S", next: { value in values.withLock { $0.append(value) } })
                }
            }
            return values.withLock { $0 }
        }
        let budget = ReportBudget(maximumReports: 10_000)
        #expect(run(budget) == [40, 50])
        #expect(run(nil) == [40, 50])
        #expect(!budget.isExhausted)
    }

    @Test("two installations with different budgets run at once, each stopped by its own")
    func budgetsAreSeparate() {
        let results = Locked<[Int: Bool]>([:])
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let scheduler = TestScheduler()
            let budget = ReportBudget(maximumReports: index == 0 ? 100 : 1_000_000)
            Instrumentation.withInstrument(ReportCounter(), clock: scheduler, budget: budget) {
                scheduler.perform {
                    let subject = Subject<Int>()
                    subject.subscribe(label: "A")
                    for value in 0..<1_000 { subject.sendNext(value) }
                }
            }
            results.withLock { $0[index] = budget.isExhausted }
        }
        #expect(results.withLock { $0 } == [0: true, 1: false])
    }
}
