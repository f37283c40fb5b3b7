import Testing
@testable import Reactive

/// An object to capture in closures and hold weakly, to see when a closure is released.
private final class Token: Sendable {}

/// Logs its own release.
private final class ReleaseLogger: Sendable {
    let log: DeliveryLog
    init(_ log: DeliveryLog) { self.log = log }
    deinit { log.append("closures released") }
}

/// The closure subscriber's own bookkeeping of the subscriptions it is given (RAC's
/// `RACSubscriber.disposable`), driven directly: a signal gives it one, but a subscriber can be
/// handed on and given several.
@Suite struct ClosureSubscriberTests {
    @Test("a closure subscriber forgets a subscription once it is disposed, and its termination ends only the others")
    func forgetsDisposedSubscription() {
        let completions = Counter()
        let subscriber = ClosureSubscriber<Int>(label: nil, next: nil, error: nil, completed: { completions.increment() })
        let kept = CompoundDisposable()
        weak var weakFirst: CompoundDisposable?
        do {
            let first = CompoundDisposable()
            weakFirst = first
            subscriber.didSubscribe(with: first)
            subscriber.didSubscribe(with: kept)
            first.dispose()
        }
        #expect(weakFirst == nil, "the subscriber must let go of a subscription that was disposed")
        #expect(!kept.isDisposed)
        subscriber.sendCompleted()
        #expect(kept.isDisposed, "termination disposes the subscriptions still held")
        #expect(completions.value == 0, "disposing a subscription released the closures")
    }

    @Test("a terminal event disposes every subscription, in the order given, before the closure runs")
    func terminationDisposesInOrder() {
        let log = DeliveryLog()
        let subscriber = ClosureSubscriber<Int>(label: nil, next: nil, error: nil, completed: { log.append("completed") })
        for name in ["a", "b", "c"] {
            let subscription = CompoundDisposable()
            subscription.add(BlockDisposable { log.append(name) })
            subscriber.didSubscribe(with: subscription)
        }
        subscriber.sendCompleted()
        #expect(log.lines == ["a", "b", "c", "completed"])
    }

    @Test("a subscription given after the subscriber terminated is disposed at once")
    func lateSubscriptionDisposed() {
        let subscriber = ClosureSubscriber<Int>(label: nil, next: nil, error: nil, completed: nil)
        subscriber.sendError(TestError("boom"))
        let late = CompoundDisposable()
        subscriber.didSubscribe(with: late)
        #expect(late.isDisposed)
    }

    @Test("a closure subscriber that goes away disposes its subscriptions and releases its closures")
    func deinitEndsSubscriptions() {
        let subscription = CompoundDisposable()
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            let subscriber = ClosureSubscriber<Int>(label: nil, next: { _ in _ = token }, error: nil, completed: nil)
            subscriber.didSubscribe(with: subscription)
        }
        #expect(subscription.isDisposed)
        #expect(weakToken == nil)
    }

    @Test("a closure subscriber that goes away lets go of its closures before it disposes its subscriptions, as RAC's does")
    func deinitReleasesClosuresFirst() {
        let log = DeliveryLog()
        let subscription = CompoundDisposable()
        subscription.add(BlockDisposable { log.append("subscription disposed") })
        // Made in a function, so that only the closure holds the logger.
        func subscriber() -> ClosureSubscriber<Int> {
            let logger = ReleaseLogger(log)
            return ClosureSubscriber<Int>(label: nil, next: { _ in _ = logger }, error: nil, completed: nil)
        }
        do {
            let subscriber = subscriber()
            subscriber.didSubscribe(with: subscription)
        }
        #expect(log.lines == ["closures released", "subscription disposed"])
    }
}
