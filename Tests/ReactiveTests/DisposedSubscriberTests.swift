import Synchronization
import Testing
import TestSupport
@testable import Reactive

// The contract's "nothing is delivered after disposal", for the subscribers that do not drop
// their closures when disposed: a subscriber type of one's own and a subject subscribed to a
// signal. A closure subscriber releases its closures on disposal, so a delivery path that forgot
// to check the disposal would still reach nothing; these subscribers show it.

/// A subscriber of its own type: it logs everything it is sent, disposed or not, and ignores the
/// disposable it is given. Only the delivery path can keep an event from it.
private final class LoggingSubscriber: Subscriber {
    private let log = Locked<[String]>([])

    var lines: [String] { log.withLock { $0 } }

    func sendNext(_ value: Int) { log.withLock { $0.append("next \(value)") } }
    func sendError(_ error: any Error) { log.withLock { $0.append("error \(error)") } }
    func sendCompleted() { log.withLock { $0.append("completed") } }
    func didSubscribe(with disposable: CompoundDisposable) {}
}

/// Keeps the subscriber a `didSubscribe` closure was given, as a producer with pending work does,
/// so that events can be sent to it after its subscription was disposed.
private final class Producer: Sendable {
    private let kept = Locked<(any Subscriber<Int>)?>(nil)

    /// A cold signal whose subscriber is kept here.
    func signal() -> Signal<Int> {
        Signal<Int>.create { [kept] subscriber in
            kept.withLock { $0 = subscriber }
            return nil
        }
    }

    func send(_ event: Event<Int>) {
        kept.withLock { $0 }?.send(event)
    }
}

/// An instrument that keeps every report, to check the trace as well as the subscriber.
private typealias Reports = RecordedInstrumentation

private extension RecordedInstrumentation {
    /// The first delivery reported after its subscription's disposal, if any.
    var deliveryAfterDisposal: String? {
        var disposed: Set<Int> = []
        for kind in kinds {
            switch kind {
            case .disposed(let subscription): disposed.insert(subscription)
            case .next(let subscription, let value, _) where disposed.contains(subscription):
                return "next \(value) to subscription \(subscription)"
            case .error(let subscription, let error, _) where disposed.contains(subscription):
                return "error \(error) to subscription \(subscription)"
            case .completed(let subscription, _) where disposed.contains(subscription):
                return "completed to subscription \(subscription)"
            default: break
            }
        }
        return nil
    }
}

@Suite("Nothing is delivered after disposal, to subscribers that keep no closures")
struct DisposedSubscriberTests {
    /// What the subscriber subscribes to, and how an event reaches it after its disposal.
    enum Source: String, CaseIterable, Sendable {
        /// A `create` signal whose producer keeps the subscriber and sends to it after the disposal.
        case signal
        /// A subject: a subscriber subscribed first disposes the subscription while the event is broadcast.
        case subject
        /// A replay subject, the same way.
        case replaySubject
        /// A behavior subject, the same way.
        case behaviorSubject
        /// `startWith`: the producer's signal is subscribed with the operator's own subscriber.
        case startWith
        /// `catchTo`: the replacement signal is subscribed with the operator's own subscriber.
        case catchTo
        /// `defer`: the deferred signal is subscribed with the operator's own subscriber.
        case `defer`
        /// `map`, built on `bind`, which subscribes with closures.
        case map

        var isSubject: Bool { [.subject, .replaySubject, .behaviorSubject].contains(self) }
    }

    /// The event sent after the disposal.
    enum LateEvent: String, CaseIterable, Sendable {
        case next, error, completed

        var event: Event<Int> {
            switch self {
            case .next: .next(2)
            case .error: .error(TestError("late"))
            case .completed: .completed
            }
        }
    }

    /// Who receives the events.
    enum Receiver: String, CaseIterable, Sendable {
        /// A ``LoggingSubscriber``.
        case ownType
        /// A subject subscribed to the signal, whose own subscriber logs what the subject is sent.
        case subject
    }

    /// One combination: source, late event, receiver, and whether an instrument observes it all.
    struct Case: Sendable, CustomTestStringConvertible {
        let source: Source
        let late: LateEvent
        let receiver: Receiver
        let instrumented: Bool

        var testDescription: String {
            "\(late) after disposal, \(source) to \(receiver)" + (instrumented ? ", instrumented" : "")
        }

        static let all: [Case] = Source.allCases.flatMap { source in
            LateEvent.allCases.flatMap { late in
                Receiver.allCases.flatMap { receiver in
                    [false, true].map { Case(source: source, late: late, receiver: receiver, instrumented: $0) }
                }
            }
        }
    }

    @Test("after its subscription is disposed, a subscriber of its own type or a subject receives no next, error or completed",
          arguments: Case.all)
    func nothingAfterDisposal(_ item: Case) {
        let scheduler = TestScheduler()
        let reports = Reports()
        let lines: [String]
        if item.instrumented {
            lines = Instrumentation.withInstrument(reports, clock: scheduler) {
                scheduler.perform { run(item, on: scheduler) }
            }
        } else {
            lines = scheduler.perform { run(item, on: scheduler) }
        }
        // The value sent before the disposal arrives (after startWith's 0); nothing sent after it does.
        let before = item.source == .startWith ? ["next 0", "next 1"] : ["next 1"]
        #expect(lines == before)
        if item.instrumented {
            #expect(reports.deliveryAfterDisposal == nil)
        }
    }

    /// Subscribes `item`'s subscriber, sends 1, disposes the subscription, sends the late event;
    /// returns what the subscriber received.
    private func run(_ item: Case, on scheduler: TestScheduler) -> [String] {
        let own = LoggingSubscriber()
        let relay = Subject<Int>()
        let relayed = LoggingSubscriber()
        relay.subscribe(relayed)
        let receiver: any Subscriber<Int> = item.receiver == .ownType ? own : relay

        let subscription: any Disposable
        let sendLate: () -> Void
        if item.source.isSubject {
            let subject: Subject<Int> = switch item.source {
            case .replaySubject: ReplaySubject<Int>()
            case .behaviorSubject: BehaviorSubject<Int>(1)
            default: Subject<Int>()
            }
            // Subscribed first, this subscriber disposes the receiver's subscription on the late
            // event, while the subject is broadcasting it: the receiver is still in that broadcast.
            let held = Locked<(any Disposable)?>(nil)
            let disposeReceiver: @Sendable () -> Void = { held.withLock { $0 }?.dispose() }
            subject.subscribe(
                next: { if $0 == 2 { disposeReceiver() } },
                error: { _ in disposeReceiver() },
                completed: { disposeReceiver() })
            subscription = subject.subscribe(receiver)
            held.withLock { $0 = subscription }
            if item.source != .behaviorSubject { subject.sendNext(1) }
            sendLate = { subject.send(item.late.event) }
        } else {
            let producer = Producer()
            let source = producer.signal()
            let signal: Signal<Int> = switch item.source {
            case .startWith: source.startWith(0)
            case .catchTo: Signal<Int>.error(TestError("replaced")).catchTo(source)
            case .defer: Signal<Int>.defer { source }
            case .map: source.map { $0 }
            default: source
            }
            subscription = signal.subscribe(receiver)
            producer.send(.next(1))
            subscription.dispose()
            sendLate = { producer.send(item.late.event) }
        }
        sendLate()
        scheduler.stepAll()
        #expect(subscription.isDisposed)
        return item.receiver == .ownType ? own.lines : relayed.lines
    }
}
