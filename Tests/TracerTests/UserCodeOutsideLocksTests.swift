import Foundation
import Reactive
import Testing
import Tracer

/// Runs `work` on a thread of its own and returns its result, or `nil` if it has not
/// finished after a minute: a deadlock, for work that takes milliseconds.
private func finishing<T: Sendable>(_ work: @escaping @Sendable () -> T) -> T? {
    let outcome = Outcome<T>()
    Thread.detachNewThread {
        let value = work()
        outcome.condition.withLock {
            outcome.value = value
            outcome.condition.signal()
        }
    }
    let deadline = Date(timeIntervalSinceNow: 60)
    return outcome.condition.withLock {
        while outcome.value == nil, outcome.condition.wait(until: deadline) {}
        return outcome.value
    }
}

/// The result of work on another thread.
private final class Outcome<T: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is only touched with `condition` locked.
    let condition = NSCondition()
    var value: T?
}

/// What a value's `description` reaches: its own subscription and another subject.
private final class Reach: @unchecked Sendable {
    // Set before the value is sent, read by its description on the delivering thread.
    var subscription: (any Disposable)?
    var other: Subject<String>?
}

/// A value whose `description`, run when the recorder labels it, disposes the
/// subscription delivering it and sends to another subject.
private struct Meddler: Sendable, CustomStringConvertible {
    let reach: Reach
    var description: String {
        reach.subscription?.dispose()
        reach.other?.sendNext("sent by a description")
        return "meddler"
    }
}

@Suite("No user code runs under the runtime's locks")
struct UserCodeOutsideLocksTests {
    @Test("recording on: a value whose description disposes its own subscription and sends to another subject completes")
    func descriptionThatMeddles() throws {
        let trace = try #require(finishing { () -> Trace in
            let scheduler = TestScheduler()
            let reach = Reach()
            return Trace.record(title: "meddler", clock: scheduler) {
                scheduler.perform {
                    let other = Subject<String>().named("other")
                    other.subscribe(label: "O")
                    reach.other = other
                    let source = Signal<Meddler>.create { subscriber in
                        scheduler.schedule(after: 1) { subscriber.sendNext(Meddler(reach: reach)) }
                    }.named("source")
                    reach.subscription = source.subscribe(label: "A")
                    scheduler.stepAll()
                    return [other]
                }
            }
        }, "the recording deadlocked")
        #expect(throws: Never.self) { try trace.validate() }
        let a = try #require(trace.subscriptions.first { $0.label == "A" })
        let o = try #require(trace.subscriptions.first { $0.label == "O" })
        let events = trace.events.map(\.kind)
        // The value was reported (its place taken before the disposal), then the disposal.
        let next = events.firstIndex { if case .next(a.id, "meddler", _) = $0 { true } else { false } }
        let dispose = events.firstIndex { if case .dispose(a.id) = $0 { true } else { false } }
        #expect(next != nil && dispose != nil && next! < dispose!)
        #expect(events.contains { if case .next(o.id, "sent by a description", _) = $0 { true } else { false } })
    }

    @Test("a behavior subject lets go of its replaced value after its lock: a deinit that reads the subject does not deadlock")
    func behaviorSubjectReleasesOutsideTheLock() throws {
        final class Reader: @unchecked Sendable {
            var subject: BehaviorSubject<Token>?
            var seen: [Int] = []
        }
        final class Token: Sendable {
            let number: Int
            let reader: Reader
            init(_ number: Int, _ reader: Reader) { (self.number, self.reader) = (number, reader) }
            deinit { if let value = reader.subject?.value { reader.seen.append(value.number) } }
        }
        let seen = try #require(finishing { () -> [Int] in
            let reader = Reader()
            let subject = BehaviorSubject(Token(0, reader))
            reader.subject = subject
            subject.sendNext(Token(1, reader))  // Token 0 goes: its deinit reads the subject's value
            subject.sendNext(Token(2, reader))
            reader.subject = nil
            return reader.seen
        }, "the send deadlocked")
        #expect(seen == [1, 2])
    }
}
