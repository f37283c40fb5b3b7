import Dispatch
import Foundation
import Reactive
import Synchronization
import Tracer

/// An error with a message, for tests.
struct TestError: Error, CustomStringConvertible, Sendable {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// Shorthand for an event in hand-written expectations.
func event(_ time: Double, _ kind: TraceEvent.Kind, cause: Int? = nil) -> TraceEvent {
    TraceEvent(time: time, kind: kind, cause: cause)
}

/// Shorthand for a `next` delivery.
func next(_ subscription: Int, _ value: String, replayed: Bool = false) -> TraceEvent.Kind {
    .next(subscription: subscription, value: value, replayed: replayed)
}

/// Shorthand for a `completed` delivery.
func completed(_ subscription: Int, replayed: Bool = false) -> TraceEvent.Kind {
    .completed(subscription: subscription, replayed: replayed)
}

/// Runs `body(0..<count)` on `count` new threads that start together and waits for all of them.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let ready = Atomic(0)
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        Thread.detachNewThread {
            ready.add(1, ordering: .acquiringAndReleasing)
            while ready.load(ordering: .acquiring) < count { sched_yield() }
            body(index)
            group.leave()
        }
    }
    group.wait()
}

/// Recorded scenarios shared by the suites. Each is deterministic.
enum Scenario {
    /// A cold source published through a subject; Subscriber 1 subscribes at 0,
    /// connect at 0.5 (the source sends "a" at 1.5, "b" and completion at 2.5),
    /// Subscriber 2 subscribes at 2.
    static func publish() -> Trace {
        let scheduler = TestScheduler()
        return Trace.record(title: "publish", clock: scheduler) {
            let source = Signal<String>.create { subscriber in
                scheduler.schedule(after: 1) { subscriber.sendNext("a") }
                scheduler.schedule(after: 2) {
                    subscriber.sendNext("b")
                    subscriber.sendCompleted()
                }
                return nil
            }.named("source")
            let connection = source.publish()
            scheduler.perform { connection.signal.subscribe(label: "Subscriber 1") }
            scheduler.schedule(after: 0.5) { connection.connect() }
            scheduler.schedule(after: 2) { connection.signal.subscribe(label: "Subscriber 2") }
            scheduler.stepAll()
        }
    }

    /// `replayLazily` of a source that sends 1 at once, then 2 and completion
    /// one second later; S1 subscribes at 0, S2 at 0.5.
    static func replayLazily() -> Trace {
        let scheduler = TestScheduler()
        return Trace.record(clock: scheduler) {
            let source = Signal<Int>.create { subscriber in
                subscriber.sendNext(1)
                scheduler.schedule(after: 1) {
                    subscriber.sendNext(2)
                    subscriber.sendCompleted()
                }
                return nil
            }.named("source")
            let lazy = source.replayLazily()
            scheduler.perform { lazy.subscribe(label: "S1") }
            scheduler.schedule(after: 0.5) { lazy.subscribe(label: "S2") }
            scheduler.stepAll()
        }
    }

    /// A replay subject: Subscriber 1 from 0; "a" and "b" at 1; Subscriber 2
    /// at 2 (gets a and b replayed); "c" at 3; error "boom" at 4.
    static func replayGroups() -> Trace {
        let scheduler = TestScheduler()
        return Trace.record(title: "groups", clock: scheduler) {
            let subject = ReplaySubject<String>().named("replay")
            scheduler.perform { subject.subscribe(label: "Subscriber 1") }
            scheduler.schedule(after: 1) {
                subject.sendNext("a")
                subject.sendNext("b")
            }
            scheduler.schedule(after: 2) { subject.subscribe(label: "Subscriber 2") }
            scheduler.schedule(after: 3) { subject.sendNext("c") }
            scheduler.schedule(after: 4) { subject.sendError(TestError("boom")) }
            scheduler.stepAll()
        }
    }

    /// A subject "subject" fed by a cold "source" through a connection made at 0;
    /// Subscriber 1 from 0, Subscriber 2 from 0.3; the source sends "x" and
    /// completes at 1.1.
    static func chrome() -> Trace {
        let scheduler = TestScheduler()
        return Trace.record(title: "chrome", clock: scheduler) {
            let source = Signal<String>.create { subscriber in
                scheduler.schedule(after: 1.1) {
                    subscriber.sendNext("x")
                    subscriber.sendCompleted()
                }
                return nil
            }.named("source")
            let connection = source.publish()
            connection.signal.named("subject")
            scheduler.perform {
                connection.signal.subscribe(label: "Subscriber 1")
                connection.connect()
            }
            scheduler.schedule(after: 0.3) { connection.signal.subscribe(label: "Subscriber 2") }
            scheduler.stepAll()
        }
    }

    /// Values at 0.3, 0.7 and 1.0 and an error at 1.0 from a cold signal, to one subscriber.
    static func tenths() -> Trace {
        let scheduler = TestScheduler()
        return Trace.record(clock: scheduler) {
            let source = Signal<Int>.create { subscriber in
                scheduler.schedule(after: 0.3) { subscriber.sendNext(3) }
                scheduler.schedule(after: 0.7) { subscriber.sendNext(7) }
                scheduler.schedule(after: 1.0) {
                    subscriber.sendNext(10)
                    subscriber.sendError(TestError("late"))
                }
                return nil
            }.named("tenths")
            scheduler.perform { source.subscribe(label: "Only") }
            scheduler.stepAll()
        }
    }
}

extension Array where Element == TraceSubscription {
    /// The subscriptions without their call sites: what a hand-written table compares with (the
    /// sites are the test files' lines, checked by the call-site tests).
    var withoutSites: [TraceSubscription] {
        map { subscription in
            var subscription = subscription
            subscription.site = nil
            return subscription
        }
    }
}

extension Array where Element == TraceSignal {
    /// The signals without the sites where they were named, as ``Swift/Array/withoutSites`` of subscriptions.
    var withoutSites: [TraceSignal] {
        map { signal in
            var signal = signal
            signal.site = nil
            return signal
        }
    }
}
