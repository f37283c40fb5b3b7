import Dispatch
import Testing
@testable import Reactive

// RAC 2.5's -first, -firstOrDefault: and -firstOrDefault:success:error: (RACSignalSpec's
// "-first" examples): the first value, a default, or the error; waiting for a value from
// another thread, never on virtual time.

private struct Boom: Error, Equatable {}

@Suite("first, first(orDefault:) and firstResult wait for the first event")
struct FirstTests {
    @Test("the first value of a signal that sends at once, and the subscription disposed after it")
    func immediate() {
        let disposals = Counter()
        let signal = Signal<Int>.create { subscriber in
            subscriber.sendNext(1)
            subscriber.sendNext(2)
            return BlockDisposable { disposals.increment() }
        }
        // Subscribed where a scheduler is current, so at once (elsewhere the subscription scheduler's
        // queue would run it, and dispose it, on another thread).
        #expect(TestScheduler().perform { signal.first() } == 1)
        #expect(disposals.value == 1)
    }

    @Test("nil, or the default, when the signal completes first; the error from firstResult when it fails first")
    func noValue() throws {
        #expect(Signal<Int>.empty().first() == nil)
        #expect(Signal<Int>.empty().first(orDefault: 5) == 5)
        #expect(Signal<Int>.error(Boom()).first(orDefault: 5) == 5)
        #expect(Signal<Int>.empty().firstResult() == nil)
        guard case .failure(let error) = Signal<Int>.error(Boom()).firstResult() else {
            Issue.record("expected the error")
            return
        }
        #expect(error as? Boom == Boom())
        #expect(try Signal.return(7).firstResult()?.get() == 7)
    }

    @Test("a replay subject's history is a value at once, on virtual time too")
    func replayed() {
        let scheduler = TestScheduler()
        let subject = ReplaySubject<String>()
        subject.sendNext("a")
        #expect(scheduler.perform { subject.first() } == "a")
    }

    @Test("a value sent from another thread is waited for")
    func otherThread() {
        let queue = QueueScheduler(name: "first test")
        let signal = Signal<String>.create { subscriber in
            queue.schedule(after: 0.01) {
                subscriber.sendNext("late")
                subscriber.sendCompleted()
            }
        }
        #expect(signal.first() == "late")
    }
}
