import Testing
import TestSupport
@testable import Reactive

// An inner subscription made by an operator belongs to that operator's signal: its parent is the
// operator's subscription, whose code made it, never the subscription whose value or terminal
// event the operator was handling at the time (issue 14: `query | flattenMap searchRequest` drew
// `query` subscribing to `searchRequest`).

/// Keeps the names of signals and the subscriptions, with their parents.
private typealias SubscriptionCollector = RecordedInstrumentation

private extension RecordedInstrumentation {
    /// For every subscription to the signal named `name`: the name of the signal its parent subscribed to.
    func parents(ofSubscriptionsTo name: String) -> [String?] {
        var names: [Int: String] = [:]
        var subscriptions: [(id: Int, signal: Int, parent: Int?)] = []
        for kind in kinds {
            switch kind {
            case .signalCreated(let signal, _, let name, _, _), .signalNamed(let signal, let name): names[signal] = name
            case .subscribed(let id, let signal, _, let parent): subscriptions.append((id, signal, parent))
            default: break
            }
        }
        return subscriptions.filter { names[$0.signal] == name }.map { subscription in
            subscription.parent.flatMap { parent in subscriptions.first { $0.id == parent }.flatMap { names[$0.signal] } }
        }
    }
}

@Suite("An operator's inner subscriptions have the operator's subscription as parent")
struct InnerSubscriptionParentTests {
    /// Runs `build` observed, subscribes "S" to the signal it returns and runs the scheduler.
    private func parents(
        of inner: String, _ build: (TestScheduler) -> Signal<Int>
    ) -> [String?] {
        let scheduler = TestScheduler()
        let collector = SubscriptionCollector()
        Instrumentation.withInstrument(collector, clock: scheduler) {
            let result = build(scheduler).named("result")
            scheduler.perform { result.subscribe(label: "S", next: { _ in }) }
            scheduler.stepAll()
        }
        return collector.parents(ofSubscriptionsTo: inner)
    }

    private func values(_ values: [Int], name: String, on scheduler: TestScheduler) -> Signal<Int> {
        Signal<Int>.create { subscriber in
            scheduler.schedule(after: 1) {
                for value in values { subscriber.sendNext(value) }
                subscriber.sendCompleted()
            }
        }.named(name)
    }

    private func failure(name: String, on scheduler: TestScheduler) -> Signal<Int> {
        Signal<Int>.create { subscriber in
            scheduler.schedule(after: 1) { subscriber.sendError(TestError("boom")) }
        }.named(name)
    }

    @Test("flattenMap: each inner subscription's parent is the flattenMap's subscription, not the receiver's")
    func flattenMap() {
        let parents = parents(of: "request") { scheduler in
            let request = values([7], name: "request", on: scheduler)
            return values([1, 2, 3], name: "query", on: scheduler).flattenMap { _ in request }
        }
        #expect(parents == ["result", "result", "result"])
    }

    @Test("flattenMap of a subject: the subscriptions to the subject belong to the flattenMap")
    func flattenMapOfSubject() {
        let parents = parents(of: "subject") { scheduler in
            let subject = Subject<Int>().named("subject")
            return values([1, 2], name: "query", on: scheduler).flattenMap { _ in subject }
        }
        #expect(parents == ["result", "result"])
    }

    @Test("flatten: each inner signal is subscribed by the flatten")
    func flatten() {
        let parents = parents(of: "inner") { scheduler in
            let inner = values([7], name: "inner", on: scheduler)
            return Signal<Signal<Int>>.create { subscriber in
                scheduler.schedule(after: 1) {
                    subscriber.sendNext(inner)
                    subscriber.sendNext(inner)
                    subscriber.sendCompleted()
                }
            }.flatten()
        }
        #expect(parents == ["result", "result"])
    }

    @Test("merge: both signals are subscribed by the merge, not by its internal signal of signals")
    func merge() {
        let scheduler = TestScheduler()
        let collector = SubscriptionCollector()
        Instrumentation.withInstrument(collector, clock: scheduler) {
            let merged = values([1], name: "a", on: scheduler).merge(values([2], name: "b", on: scheduler)).named("result")
            scheduler.perform { merged.subscribe(label: "S", next: { _ in }) }
            scheduler.stepAll()
        }
        #expect(collector.parents(ofSubscriptionsTo: "a") == ["result"])
        #expect(collector.parents(ofSubscriptionsTo: "b") == ["result"])
    }

    @Test("concat: the second signal is subscribed by the concat when the first completes")
    func concat() {
        let parents = parents(of: "second") { scheduler in
            values([1], name: "first", on: scheduler).concat(values([2], name: "second", on: scheduler))
        }
        #expect(parents == ["result"])
    }

    @Test("then: the deferred signal is subscribed by the then's defer, itself subscribed by the then")
    func then() {
        let scheduler = TestScheduler()
        let collector = SubscriptionCollector()
        Instrumentation.withInstrument(collector, clock: scheduler) {
            let next = values([2], name: "next", on: scheduler)
            let result = values([1], name: "first", on: scheduler).then { next }.named("result")
            scheduler.perform { result.subscribe(label: "S", next: { _ in }) }
            scheduler.stepAll()
        }
        #expect(collector.parents(ofSubscriptionsTo: "+defer:") == ["result"])
        #expect(collector.parents(ofSubscriptionsTo: "next") == ["+defer:"])
    }

    @Test("catch and catchTo: the replacement is subscribed by the catch when the receiver fails")
    func catchAndCatchTo() {
        let caught = parents(of: "replacement") { scheduler in
            let replacement = values([2], name: "replacement", on: scheduler)
            return failure(name: "failing", on: scheduler).catch { _ in replacement }
        }
        #expect(caught == ["result"])
        let caughtTo = parents(of: "replacement") { scheduler in
            failure(name: "failing", on: scheduler).catchTo(values([2], name: "replacement", on: scheduler))
        }
        #expect(caughtTo == ["result"])
    }

    @Test("map: each value's return signal is subscribed by the map")
    func map() {
        let scheduler = TestScheduler()
        let collector = SubscriptionCollector()
        Instrumentation.withInstrument(collector, clock: scheduler) {
            let result = values([1, 2], name: "source", on: scheduler).map { $0 * 10 }.named("result")
            scheduler.perform { result.subscribe(label: "S", next: { _ in }) }
            scheduler.stepAll()
        }
        #expect(collector.parents(ofSubscriptionsTo: "+return: 10") == ["result"])
        #expect(collector.parents(ofSubscriptionsTo: "+return: 20") == ["result"])
    }

    @Test("a chain: flattenMap inside flattenMap, each inner subscription belongs to its own operator")
    func nested() {
        let scheduler = TestScheduler()
        let collector = SubscriptionCollector()
        Instrumentation.withInstrument(collector, clock: scheduler) {
            let leaf = values([9], name: "leaf", on: scheduler)
            let middle = values([5], name: "middle", on: scheduler).flattenMap { _ in leaf }.named("middle-flat")
            let result = values([1, 2], name: "outer", on: scheduler).flattenMap { _ in middle }.named("result")
            scheduler.perform { result.subscribe(label: "S", next: { _ in }) }
            scheduler.stepAll()
        }
        #expect(collector.parents(ofSubscriptionsTo: "middle-flat") == ["result", "result"])
        #expect(collector.parents(ofSubscriptionsTo: "middle") == ["middle-flat", "middle-flat"])
        #expect(collector.parents(ofSubscriptionsTo: "leaf") == ["middle-flat", "middle-flat"])
    }

    @Test("a labelled subscriber and a subject as subscriber keep their own subscription as the context of their deliveries")
    func labelledAndSubjectSubscribers() {
        let scheduler = TestScheduler()
        let collector = SubscriptionCollector()
        Instrumentation.withInstrument(collector, clock: scheduler) {
            let source = values([1], name: "source", on: scheduler)
            let other = values([2], name: "other", on: scheduler)
            scheduler.perform {
                source.subscribe(label: "S", next: { _ in other.subscribe(label: "T", next: { _ in }) })
            }
            scheduler.stepAll()
        }
        #expect(collector.parents(ofSubscriptionsTo: "other") == ["source"])
    }
}
