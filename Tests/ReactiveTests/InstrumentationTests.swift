import Synchronization
import Testing
import TestSupport
@testable import Reactive

// The instrumentation reports: what is created, who subscribes to what and
// on whose behalf, every run of didSubscribe, every delivery (live or
// replayed), disposal, subject sends and connects, stamped by the clock.

/// An instrument that keeps every report.
private typealias Collector = RecordedInstrumentation

private extension RecordedInstrumentation {
    var reports: [Report] { events.map { Report($0.kind) } }
}

/// An `Equatable` rendering of a report's kind (values and errors as text).
private enum Report: Equatable, CustomStringConvertible {
    case created(Int, SignalKind, String)
    /// Created by an operator: the operation reported with the creation.
    case createdBy(Int, SignalKind, String, SignalOperation, receiver: Int?)
    case named(Int, String)
    case described(Int, String)
    case operation(Int, SignalOperation, receiver: Int?)
    case plumbing(Int)
    case connection(Int, source: Int?, subject: Int)
    case subscribed(Int, signal: Int, SubscriberIdentity, parent: Int?)
    case didSubscribe(Int)
    case next(Int, String, replayed: Bool)
    case error(Int, String, replayed: Bool)
    case completed(Int, replayed: Bool)
    case disposed(Int)
    case sentNext(Int, String)
    case sentError(Int, String)
    case sentCompleted(Int)
    case connected(Int, first: Bool)
    case connectionDisposed(Int)
    case dropped(Int, String)
    case hopped(Int, String)
    case owned(Int, owner: Int)
    case called(Int, String)
    case namedAt(Int, String)

    init(_ kind: InstrumentationEvent.Kind) {
        switch kind {
        case .signalCreated(let signal, let kind, let name, let operation?, let receiver):
            self = .createdBy(signal, kind, name, operation, receiver: receiver)
        case .signalCreated(let signal, let kind, let name, nil, _): self = .created(signal, kind, name)
        case .signalNamed(let signal, let name): self = .named(signal, name)
        case .signalDescribed(let signal, let description): self = .described(signal, description)
        case .signalOperation(let signal, let operation, let receiver): self = .operation(signal, operation, receiver: receiver)
        case .signalIsPlumbing(let signal): self = .plumbing(signal)
        case .connectionCreated(let connection, let source, let subject):
            self = .connection(connection, source: source, subject: subject)
        case .subscribed(let subscription, let signal, let subscriber, let parent):
            self = .subscribed(subscription, signal: signal, subscriber, parent: parent)
        case .didSubscribe(let subscription): self = .didSubscribe(subscription)
        case .next(let subscription, let value, let replayed): self = .next(subscription, "\(value)", replayed: replayed)
        case .error(let subscription, let error, let replayed): self = .error(subscription, "\(error)", replayed: replayed)
        case .completed(let subscription, let replayed): self = .completed(subscription, replayed: replayed)
        case .disposed(let subscription): self = .disposed(subscription)
        case .sentNext(let signal, let value): self = .sentNext(signal, "\(value)")
        case .sentError(let signal, let error): self = .sentError(signal, "\(error)")
        case .sentCompleted(let signal): self = .sentCompleted(signal)
        case .connected(let connection, let first): self = .connected(connection, first: first)
        case .connectionDisposed(let connection): self = .connectionDisposed(connection)
        case .dropped(let subscription, let value): self = .dropped(subscription, "\(value)")
        case .hopped(let subscription, let scheduler): self = .hopped(subscription, scheduler)
        case .owned(let subscription, let owner): self = .owned(subscription, owner: owner)
        case .called(let subscription, let fileID, let line): self = .called(subscription, "\(fileID):\(line)")
        case .signalNamedAt(let signal, let fileID, let line): self = .namedAt(signal, "\(fileID):\(line)")
        }
    }

    var description: String {
        switch self {
        case .created(let s, let k, let n): "created(\(s), \(k), \"\(n)\")"
        case .createdBy(let s, let k, let n, let o, let r):
            "createdBy(\(s), \(k), \"\(n)\", \(o), receiver: \(r.map(String.init) ?? "nil"))"
        case .named(let s, let n): "named(\(s), \"\(n)\")"
        case .described(let s, let d): "described(\(s), \"\(d)\")"
        case .operation(let s, let o, let r): "operation(\(s), \(o), receiver: \(r.map(String.init) ?? "nil"))"
        case .plumbing(let s): "plumbing(\(s))"
        case .connection(let c, let source, let subject): "connection(\(c), source: \(source.map(String.init) ?? "nil"), subject: \(subject))"
        case .subscribed(let s, let signal, let who, let parent): "subscribed(\(s), signal: \(signal), \(who), parent: \(parent.map(String.init) ?? "nil"))"
        case .didSubscribe(let s): "didSubscribe(\(s))"
        case .next(let s, let v, let r): "next(\(s), \(v), replayed: \(r))"
        case .error(let s, let e, let r): "error(\(s), \(e), replayed: \(r))"
        case .completed(let s, let r): "completed(\(s), replayed: \(r))"
        case .disposed(let s): "disposed(\(s))"
        case .sentNext(let s, let v): "sentNext(\(s), \(v))"
        case .sentError(let s, let e): "sentError(\(s), \(e))"
        case .sentCompleted(let s): "sentCompleted(\(s))"
        case .connected(let c, let first): "connected(\(c), first: \(first))"
        case .connectionDisposed(let c): "connectionDisposed(\(c))"
        case .dropped(let s, let v): "dropped(\(s), \(v))"
        case .hopped(let s, let name): "hopped(\(s), \(name))"
        case .owned(let s, let owner): "owned(\(s), owner: \(owner))"
        case .called(let s, let site): "called(\(s), \(site))"
        case .namedAt(let s, let site): "namedAt(\(s), \(site))"
        }
    }

    var isCreation: Bool {
        switch self {
        case .created, .createdBy, .named, .described, .operation, .plumbing, .connection: true
        default: false
        }
    }

    /// Subscriptions, didSubscribe runs and connects: the structure of a scenario.
    var isStructure: Bool {
        switch self {
        case .subscribed, .didSubscribe, .connected, .connectionDisposed: true
        default: false
        }
    }
}

@Suite struct InstrumentationTests {
    // MARK: Signals

    @Test("signals created inside withInstrument are reported in creation order, with their kinds and names")
    func creationReports() {
        let scheduler = TestScheduler()
        let collector = Collector()
        Instrumentation.withInstrument(collector, clock: scheduler) {
            let src = Signal<Int>.create { _ in nil }.named("src")
            _ = src.map { $0 }
            _ = Subject<Int>()
            _ = ReplaySubject<Int>(capacity: 2)
            _ = ReplaySubject<Int>()
            _ = BehaviorSubject(0)
            _ = Signal<Int>.empty()
            _ = Signal<Int>.return(5)
            _ = Signal<Int>.error(TestError("boom"))
            _ = Signal<Int>.never()
        }

        #expect(collector.reports == [
            .created(0, .cold, "+createSignal:"), .named(0, "src"),
            .createdBy(1, .operator, "[src] -map:", .map, receiver: 0),
            .created(2, .subject, ""),
            .created(3, .replaySubject(capacity: 2), ""),
            .created(4, .replaySubject(capacity: nil), ""),
            .created(5, .behaviorSubject, ""),
            .created(6, .empty, "+empty"),
            .createdBy(7, .return, "+return: 5", .return(value: "5"), receiver: nil),
            .createdBy(8, .error, "+error: boom", .error(message: "boom"), receiver: nil),
            .created(9, .never, "+never"),
        ])
        #expect(collector.events.map(\.sequence) == Array(0..<11))
    }

    @Test("a channel reports its replay subjects and terminals with their kinds and names")
    func channelCreationReports() {
        let scheduler = TestScheduler()
        let collector = Collector()
        Instrumentation.withInstrument(collector, clock: scheduler) {
            scheduler.perform { _ = Channel<Int>() }
        }
        var kinds: [Int: SignalKind] = [:]
        var names: [Int: String] = [:]
        for report in collector.reports {
            switch report {
            case .created(let id, let kind, let name), .createdBy(let id, let kind, let name, _, _):
                kinds[id] = kind
                names[id] = name
            case .named(let id, let name), .described(let id, let name): names[id] = name
            default: break
            }
        }
        let byName = Dictionary(names.map { ($0.value, kinds[$0.key]!) }, uniquingKeysWith: { first, _ in first })
        #expect(byName["leadingSubject"] == .replaySubject(capacity: 0))
        #expect(byName["followingSubject"] == .replaySubject(capacity: 1))
        #expect(byName["leadingTerminal"] == .channelTerminal)
        #expect(byName["followingTerminal"] == .channelTerminal)
        #expect(byName["[leadingSubject] -ignoreValues"] == .operator)
        #expect(byName["[followingSubject] -ignoreValues"] == .operator)
    }

    @Test("groupBy's groups are reported as grouped signals")
    func groupedSignalReports() {
        let scheduler = TestScheduler()
        let collector = Collector()
        Instrumentation.withInstrument(collector, clock: scheduler) {
            let source = Signal<Int>.create { subscriber in
                subscriber.sendNext(1)
                subscriber.sendNext(2)
                subscriber.sendCompleted()
                return nil
            }
            scheduler.perform { source.groupBy { $0 % 2 }.subscribe(next: { _ in }) }
        }
        let groups = collector.reports.filter { if case .created(_, .groupedSignal, _) = $0 { true } else { false } }
        #expect(groups.count == 2)
    }

    @Test("this build has the instrumentation hook: only a build with SIGVIZ_NO_INSTRUMENTATION lacks it")
    func hookIsAvailable() {
        #expect(Instrumentation.isAvailable)
    }

    @Test("signals created outside withInstrument are not reported, even when used inside it")
    func outsideSignalsAreNotReported() {
        let scheduler = TestScheduler()
        let collector = Collector()
        let outside = Subject<Int>()
        let outsideReplay = ReplaySubject<Int>()
        Instrumentation.withInstrument(collector, clock: scheduler) {
            scheduler.perform {
                outside.subscribe(label: "S", next: { _ in })
                outside.sendNext(1)
                outsideReplay.sendNext(1)
                outsideReplay.subscribe(label: "S", next: { _ in })
            }
        }
        #expect(collector.reports == [])

        // Control: the same with a subject created inside is reported. (It is
        // kept alive: deallocating it would dispose, and report, the subscription.)
        let inside = Instrumentation.withInstrument(collector, clock: scheduler) {
            let inside = Subject<Int>()
            scheduler.perform {
                inside.subscribe(label: "S", next: { _ in })
                inside.sendNext(1)
            }
            return inside
        }
        defer { withExtendedLifetime(inside) {} }
        #expect(collector.reports == [
            .created(0, .subject, ""),
            .subscribed(0, signal: 0, .label("S"), parent: nil),
            .sentNext(0, "1"),
            .next(0, "1", replayed: false),
        ])
    }

    @Test("return and error are named after their value when an instrument observes them")
    func observedPrimitiveNames() {
        let collector = Collector()
        let (value, failure) = Instrumentation.withInstrument(collector) {
            (Signal<Int>.return(5).name, Signal<Int>.error(TestError("boom")).name)
        }
        #expect(value == "+return: 5")
        #expect(failure == "+error: boom")
    }

    // MARK: Subscriptions

    @Test("a labelled subscriber is reported by its label, with no parent")
    func labelledSubscriber() {
        let scheduler = TestScheduler()
        let collector = Collector()
        Instrumentation.withInstrument(collector, clock: scheduler) {
            let subject = Subject<Int>()
            scheduler.perform {
                subject.subscribe(label: "Subscriber 1", next: { _ in })
                subject.subscribe(next: { _ in })
            }
        }
        #expect(collector.reports.filter(\.isStructure) == [
            .subscribed(0, signal: 0, .label("Subscriber 1"), parent: nil),
            .subscribed(1, signal: 0, .anonymous, parent: nil),
        ])
    }

    @Test("a connection's subject subscribing to its source is reported as that signal")
    func connectionSubjectSubscriber() {
        let scheduler = TestScheduler()
        let collector = Collector()
        // Kept alive: deallocating the subject would dispose, and report, its subscription.
        let connection = Instrumentation.withInstrument(collector, clock: scheduler) {
            let connection = Signal<Int>.create { _ in nil }.named("src").publish()
            scheduler.perform { connection.connect() }
            return connection
        }
        defer { withExtendedLifetime(connection) {} }
        #expect(collector.reports == [
            .created(0, .cold, "+createSignal:"), .named(0, "src"),
            .created(1, .subject, ""), .described(1, "[src] -publish"), .operation(1, .publish, receiver: nil),
            .described(1, "[src] -multicast: [src] -publish"), .operation(1, .publish, receiver: 0),
            .connection(0, source: 0, subject: 1),
            .connected(0, first: true),
            .subscribed(0, signal: 0, .signal(1), parent: nil),
            .didSubscribe(0),
        ])
    }

    @Test("an operator's internal subscription to its receiver is anonymous, with the operator's subscription as parent")
    func operatorInternalsAreAnonymous() {
        let scheduler = TestScheduler()
        let collector = Collector()
        Instrumentation.withInstrument(collector, clock: scheduler) {
            let mapped = Signal<Int>.create { _ in nil }.named("src").map { $0 }
            scheduler.perform { mapped.subscribe(label: "S", next: { _ in }) }
        }
        #expect(collector.reports.filter(\.isStructure) == [
            .subscribed(0, signal: 1, .label("S"), parent: nil),
            .didSubscribe(0),
            .subscribed(1, signal: 0, .anonymous, parent: 0),
            .didSubscribe(1),
        ])
    }

    @Test("replayLazily: the defer subscription is the parent of the connect and of the subject's subscription to the source")
    func replayLazilyParents() {
        let scheduler = TestScheduler()
        let collector = Collector()
        Instrumentation.withInstrument(collector, clock: scheduler) {
            let lazy = Signal<Int>.create { _ in nil }.named("src").replayLazily()
            scheduler.perform {
                lazy.subscribe(label: "S1", next: { _ in })
                lazy.subscribe(label: "S2", next: { _ in })
            }
        }
        let reports = collector.reports
        #expect(reports.filter(\.isCreation) == [
            .created(0, .cold, "+createSignal:"), .named(0, "src"),
            .created(1, .replaySubject(capacity: nil), ""), .described(1, "[src] -multicast: "),
            .operation(1, .replayLazily, receiver: 0),
            .connection(0, source: 0, subject: 1),
            .createdBy(2, .operator, "[src] -replayLazily", .replayLazily, receiver: 0),
        ])
        #expect(reports.filter(\.isStructure) == [
            .subscribed(0, signal: 2, .label("S1"), parent: nil),
            .didSubscribe(0),
            .connected(0, first: true),
            .subscribed(1, signal: 0, .signal(1), parent: 0),
            .didSubscribe(1),
            .subscribed(2, signal: 1, .subscription(0), parent: 0),
            .subscribed(3, signal: 2, .label("S2"), parent: nil),
            .didSubscribe(3),
            .connected(0, first: false),
            .subscribed(4, signal: 1, .subscription(3), parent: 3),
        ])
        // Causes: the connect happens during the defer's didSubscribe, and the
        // source subscription during the connect.
        let events = collector.events
        let didSubscribe = events.first { Report($0.kind) == .didSubscribe(0) }!
        let connected = events.first { Report($0.kind) == .connected(0, first: true) }!
        let sourceSubscription = events.first { Report($0.kind) == .subscribed(1, signal: 0, .signal(1), parent: 0) }!
        #expect(connected.cause == didSubscribe.sequence)
        #expect(sourceSubscription.cause == connected.sequence)
    }

    @Test("autoconnect: its subscription is the parent of the subject subscription and of the connect's source subscription")
    func autoconnectParents() {
        let scheduler = TestScheduler()
        let collector = Collector()
        Instrumentation.withInstrument(collector, clock: scheduler) {
            let auto = Signal<Int>.create { _ in nil }.named("src").publish().autoconnect()
            #expect(auto.name == "[[src] -multicast: [src] -publish] -autoconnect")
            scheduler.perform {
                auto.subscribe(label: "S1", next: { _ in })
                auto.subscribe(label: "S2", next: { _ in })
            }
        }
        #expect(collector.reports.filter(\.isStructure) == [
            .subscribed(0, signal: 2, .label("S1"), parent: nil),
            .didSubscribe(0),
            .subscribed(1, signal: 1, .subscription(0), parent: 0),
            .connected(0, first: true),
            .subscribed(2, signal: 0, .signal(1), parent: 0),
            .didSubscribe(2),
            .subscribed(3, signal: 2, .label("S2"), parent: nil),
            .didSubscribe(3),
            .subscribed(4, signal: 1, .subscription(3), parent: 3),
            .connected(0, first: false),
            // Released at the end of withInstrument, the subscribers dispose their subscriptions (as
            // RACSubscriber's dealloc does): autoconnect's count returns to zero and it disposes the connection.
            .connectionDisposed(0),
        ])
    }

    @Test("autoconnect: when the last subscriber leaves, the connection's disposal is reported, causing the source subscription's; a later subscriber's connect does nothing")
    func autoconnectDisposal() {
        let scheduler = TestScheduler()
        let collector = Collector()
        var kept: [any Disposable] = []
        Instrumentation.withInstrument(collector, clock: scheduler) {
            let auto = Signal<Int>.create { _ in nil }.named("src").publish().autoconnect()
            scheduler.perform {
                let first = auto.subscribe(label: "S1", next: { _ in })
                first.dispose()
                kept.append(auto.subscribe(label: "S2", next: { _ in }))
            }
        }
        let reports = collector.reports
        #expect(reports.filter(\.isStructure) == [
            .subscribed(0, signal: 2, .label("S1"), parent: nil),
            .didSubscribe(0),
            .subscribed(1, signal: 1, .subscription(0), parent: 0),
            .connected(0, first: true),
            .subscribed(2, signal: 0, .signal(1), parent: 0),
            .didSubscribe(2),
            .connectionDisposed(0),
            .subscribed(3, signal: 2, .label("S2"), parent: nil),
            .didSubscribe(3),
            .subscribed(4, signal: 1, .subscription(3), parent: 3),
            .connected(0, first: false),
        ])
        let events = collector.events
        let disposal = events.first { Report($0.kind) == .connectionDisposed(0) }!
        let sourceDisposal = events.first { Report($0.kind) == .disposed(2) }!
        #expect(sourceDisposal.cause == disposal.sequence, "the source subscription ends because the connection was disposed")
        #expect(sourceDisposal.sequence > disposal.sequence)
        withExtendedLifetime(kept) {}
    }

    @Test("disposing what connect() returns is reported once, however often it is disposed")
    func connectDisposal() {
        let scheduler = TestScheduler()
        let collector = Collector()
        Instrumentation.withInstrument(collector, clock: scheduler) {
            let connection = Signal<Int>.create { _ in nil }.named("src").publish()
            scheduler.perform {
                let disposable = connection.connect()
                #expect(connection.connect() === disposable)
                #expect(!disposable.isDisposed)
                disposable.dispose()
                disposable.dispose()
                #expect(disposable.isDisposed)
                connection.connect().dispose()
            }
        }
        #expect(collector.reports.filter(\.isStructure) == [
            .connected(0, first: true),
            .subscribed(0, signal: 0, .signal(1), parent: nil),
            .didSubscribe(0),
            .connected(0, first: false),
            .connectionDisposed(0),
            .connected(0, first: false),
        ])
    }

    @Test("didSubscribe is reported once per subscription to a cold signal, and once in all for a connection")
    func didSubscribeOncePerColdSubscription() {
        let scheduler = TestScheduler()
        let collector = Collector()
        Instrumentation.withInstrument(collector, clock: scheduler) {
            let src = Signal<Int>.create { _ in nil }
            let connection = src.publish()
            scheduler.perform {
                src.subscribe(label: "A", next: { _ in })
                src.subscribe(label: "B", next: { _ in })
                for index in 1...3 { connection.signal.subscribe(label: "S\(index)", next: { _ in }) }
                connection.connect()
                connection.connect()
            }
        }
        let reports = collector.reports
        let sourceSubscriptions = reports.compactMap { report -> Int? in
            if case .subscribed(let id, signal: 0, _, _) = report { id } else { nil }
        }
        let didSubscribes = reports.compactMap { report -> Int? in
            if case .didSubscribe(let id) = report { id } else { nil }
        }
        #expect(sourceSubscriptions.count == 3)
        #expect(didSubscribes == sourceSubscriptions)
    }

    // MARK: Deliveries

    @Test("a replay subject's history is reported as replayed, live values and terminal events as not, then disposal")
    func replaySubjectDeliveries() {
        let scheduler = TestScheduler()
        let collector = Collector()
        Instrumentation.withInstrument(collector, clock: scheduler) {
            let subject = ReplaySubject<Int>()
            scheduler.perform {
                subject.sendNext(1)
                subject.sendNext(2)
                subject.subscribe(label: "S1", next: { _ in })
                subject.sendNext(3)
                subject.sendCompleted()
                subject.subscribe(label: "S2", next: { _ in })
            }
        }
        #expect(collector.reports.filter { !$0.isCreation } == [
            .sentNext(0, "1"), .sentNext(0, "2"),
            .subscribed(0, signal: 0, .label("S1"), parent: nil),
            .next(0, "1", replayed: true), .next(0, "2", replayed: true),
            .sentNext(0, "3"), .next(0, "3", replayed: false),
            .sentCompleted(0), .completed(0, replayed: false), .disposed(0),
            .subscribed(1, signal: 0, .label("S2"), parent: nil),
            .next(1, "1", replayed: true), .next(1, "2", replayed: true), .next(1, "3", replayed: true),
            .completed(1, replayed: true), .disposed(1),
        ])
    }

    @Test("a behavior subject's current value is reported as replayed, later values as live")
    func behaviorSubjectDeliveries() {
        let scheduler = TestScheduler()
        let collector = Collector()
        // Kept alive: deallocating it would dispose, and report, the subscription.
        let subject = Instrumentation.withInstrument(collector, clock: scheduler) {
            let subject = BehaviorSubject(0)
            scheduler.perform {
                subject.subscribe(label: "S", next: { _ in })
                subject.sendNext(1)
            }
            return subject
        }
        defer { withExtendedLifetime(subject) {} }
        #expect(collector.reports.filter { !$0.isCreation } == [
            .subscribed(0, signal: 0, .label("S"), parent: nil),
            .next(0, "0", replayed: true),
            .sentNext(0, "1"), .next(0, "1", replayed: false),
        ])
    }

    @Test("a cold signal's deliveries, completion and disposal are reported, as is an explicit disposal", arguments: [true, false])
    func coldDeliveriesAndDisposal(completes: Bool) {
        let scheduler = TestScheduler()
        let collector = Collector()
        Instrumentation.withInstrument(collector, clock: scheduler) {
            let src = Signal<String>.create { subscriber in
                subscriber.sendNext("a")
                if completes { subscriber.sendCompleted() }
                return nil
            }
            scheduler.perform {
                let subscription = src.subscribe(label: "S", next: { _ in })
                subscription.dispose()
            }
        }
        #expect(collector.reports.filter { !$0.isCreation } == [
            .subscribed(0, signal: 0, .label("S"), parent: nil),
            .didSubscribe(0),
            .next(0, "a", replayed: false),
        ] + (completes ? [.completed(0, replayed: false)] : []) + [.disposed(0)])
    }

    @Test("an error is reported on the subject and on each subscriber")
    func errorReports() {
        let scheduler = TestScheduler()
        let collector = Collector()
        Instrumentation.withInstrument(collector, clock: scheduler) {
            let subject = Subject<Int>()
            scheduler.perform {
                subject.subscribe(label: "S", next: { _ in })
                subject.sendError(TestError("boom"))
            }
        }
        #expect(collector.reports.filter { !$0.isCreation } == [
            .subscribed(0, signal: 0, .label("S"), parent: nil),
            .sentError(0, "boom"), .error(0, "boom", replayed: false), .disposed(0),
        ])
    }

    @Test("connect is reported with first: true once, then first: false")
    func connectedReports() {
        let scheduler = TestScheduler()
        let collector = Collector()
        Instrumentation.withInstrument(collector, clock: scheduler) {
            let connection = Signal<Int>.never().publish()
            scheduler.perform {
                connection.connect()
                connection.connect()
                connection.connect()
            }
        }
        let connects = collector.reports.filter { if case .connected = $0 { true } else { false } }
        #expect(connects == [.connected(0, first: true), .connected(0, first: false), .connected(0, first: false)])
    }

    @Test("the cause of a subscriber's value delivered by a subject is the subject's sentNext report")
    func deliveryCauseIsTheSend() {
        let scheduler = TestScheduler()
        let collector = Collector()
        Instrumentation.withInstrument(collector, clock: scheduler) {
            let subject = Subject<Int>()
            scheduler.perform {
                subject.subscribe(label: "S1", next: { _ in })
                subject.subscribe(label: "S2", next: { _ in })
                subject.sendNext(7)
                subject.sendNext(8)
            }
        }
        let events = collector.events
        let sends = events.filter { if case .sentNext = $0.kind { true } else { false } }
        let deliveries = events.filter { if case .next = $0.kind { true } else { false } }
        #expect(sends.count == 2)
        #expect(deliveries.map(\.cause) == [sends[0].sequence, sends[0].sequence, sends[1].sequence, sends[1].sequence])
        #expect(sends.allSatisfy { $0.cause == nil })
    }

    @Test("a send into a subject while it delivers is queued, and its report names the delivery that sent it", arguments: [false, true])
    func queuedSendNamesItsCause(terminal: Bool) {
        let scheduler = TestScheduler()
        let collector = Collector()
        Instrumentation.withInstrument(collector, clock: scheduler) {
            let subject = Subject<Int>()
            scheduler.perform {
                // The first subscriber sends again while the subject still delivers 1 to the second.
                subject.subscribe(label: "S1", next: { value in
                    guard value == 1 else { return }
                    if terminal { subject.sendCompleted() } else { subject.sendNext(2) }
                })
                subject.subscribe(label: "S2", next: { _ in })
                subject.sendNext(1)
            }
        }
        let events = collector.events
        let firstDelivery = events.first { Report($0.kind) == .next(0, "1", replayed: false) }
        let secondDelivery = events.first { Report($0.kind) == .next(1, "1", replayed: false) }
        let queued = events.first { Report($0.kind) == (terminal ? .sentCompleted(0) : .sentNext(0, "2")) }
        #expect(firstDelivery != nil && queued != nil)
        // Queued: reported after the subject handed 1 to its second subscriber.
        #expect((queued?.sequence ?? 0) > (secondDelivery?.sequence ?? .max))
        #expect(queued?.cause == firstDelivery?.sequence)
    }

    @Test("the cause of a value a connection's subject receives from its source is the source delivery")
    func sourceDeliveryCausesSend() {
        let scheduler = TestScheduler()
        let collector = Collector()
        Instrumentation.withInstrument(collector, clock: scheduler) {
            let connection = Signal<Int>.create { subscriber in
                scheduler.schedule(after: 1) { subscriber.sendNext(1) }
                return nil
            }.publish()
            scheduler.perform {
                connection.signal.subscribe(label: "S", next: { _ in })
                connection.connect()
            }
            scheduler.stepAll()
        }
        let events = collector.events
        // Subscription 0 is S on the subject, 1 the subject's own on the source.
        let sourceDelivery = events.first { Report($0.kind) == .next(1, "1", replayed: false) }
        let send = events.first { Report($0.kind) == .sentNext(1, "1") }
        let delivery = events.first { Report($0.kind) == .next(0, "1", replayed: false) }
        #expect(sourceDelivery != nil && send != nil && delivery != nil)
        #expect(send?.cause == sourceDelivery?.sequence)
        #expect(delivery?.cause == send?.sequence)
    }

    @Test("report times come from the clock: the test scheduler's virtual time")
    func timesComeFromTheClock() {
        let scheduler = TestScheduler()
        let collector = Collector()
        Instrumentation.withInstrument(collector, clock: scheduler) {
            let subject = Subject<Int>()
            scheduler.schedule(after: 0.5) { subject.subscribe(label: "S", next: { _ in }) }
            scheduler.schedule(after: 1.5) { subject.sendNext(1) }
            scheduler.schedule(after: 2.25) { subject.sendCompleted() }
            scheduler.stepAll()
        }
        let timed = collector.events.map { "\(Report($0.kind)) @\($0.time)" }
        #expect(timed == [
            "created(0, subject, \"\") @0.0",
            "subscribed(0, signal: 0, label(\"S\"), parent: nil) @0.5",
            "sentNext(0, 1) @1.5",
            "next(0, 1, replayed: false) @1.5",
            "sentCompleted(0) @2.25",
            "completed(0, replayed: false) @2.25",
            "disposed(0) @2.25",
        ])
    }

    /// An instrument that asks for call sites and keeps every report, as a ``Report``.
    private final class CallSites: Instrument {
        private let reports = Mutex<[String]>([])
        var recordsCallSites: Bool { true }
        func record(_ event: InstrumentationEvent) { reports.withLock { $0.append("\(Report(event.kind))") } }
        var all: [String] { reports.withLock { $0 } }
    }

    @Test("an instrument that asks for call sites gets each labelled subscription's, right after it; others get none")
    func callSites() {
        let sites = CallSites(), collector = Collector()
        let line = #line + 4
        for instrument in [sites, collector] as [any Instrument] {
            Instrumentation.withInstrument(instrument) {
                let notes = Subject<Int>()
                notes.subscribe(label: "Screen")
                notes.subscribe()
            }
        }
        #expect(sites.all.filter { $0.hasPrefix("called") } == ["called(0, ReactiveTests/InstrumentationTests.swift:\(line))"])
        #expect(sites.all.firstIndex { $0.hasPrefix("called") } == 2)  // created, subscribed, called
        #expect(!collector.events.contains { if case .called = $0.kind { true } else { false } })
    }

    @Test("an instrument that asks for call sites gets where each signal was named, right after the name; others get none")
    func namingSites() {
        let sites = CallSites(), collector = Collector()
        let line = #line + 3
        for instrument in [sites, collector] as [any Instrument] {
            Instrumentation.withInstrument(instrument) {
                _ = Subject<Int>().named("notes")
            }
        }
        #expect(sites.all == ["created(0, subject, \"\")", "named(0, \"notes\")", "namedAt(0, ReactiveTests/InstrumentationTests.swift:\(line))"])
        #expect(!collector.events.contains { if case .signalNamedAt = $0.kind { true } else { false } })
    }

    @Test("a subscriber with an owner reports it right after its subscription, by the owner's signal id")
    func ownerIsReported() {
        let collector = Collector()
        Instrumentation.withInstrument(collector) {
            let screen = ReplaySubject<Void>()
            let notes = Subject<Int>()
            notes.subscribe(label: "Screen", owner: screen, next: { _ in })
            notes.subscribe(label: "Unowned", next: { _ in })
        }
        #expect(collector.events.map { "\(Report($0.kind))" } == [
            "created(0, replaySubject(capacity: nil), \"\")",
            "created(1, subject, \"\")",
            "subscribed(0, signal: 1, label(\"Screen\"), parent: nil)",
            "owned(0, owner: 0)",
            "subscribed(1, signal: 1, label(\"Unowned\"), parent: nil)",
            "disposed(0)",
            "disposed(1)",
        ])
    }

    // MARK: Hops

    /// Each report as "sequence: report @time <- cause".
    private static func numbered(_ events: [InstrumentationEvent]) -> [String] {
        events.sorted { $0.sequence < $1.sequence }.map { event in
            "\(event.sequence): \(Report(event.kind)) @\(event.time)" + (event.cause.map { " <- \($0)" } ?? "")
        }
    }

    @Test("deliverOn reports a hop to its scheduler's name when each block starts, caused by the delivery it hops; the delivery names the hop")
    func deliverOnHops() {
        let scheduler = TestScheduler()
        let background = scheduler.named("background")
        let collector = Collector()
        let log = DeliveryLog()
        Instrumentation.withInstrument(collector, clock: scheduler) {
            let subject = Subject<Int>()
            let hopped = subject.deliver(on: background)
            scheduler.perform {
                hopped.subscribe(label: "S", next: { log.append("\($0) on \(Scheduler.current?.name ?? "none")") })
            }
            scheduler.schedule(after: 1) { subject.sendNext(1) }
            scheduler.schedule(after: 2) { subject.sendError(TestError("boom")) }
            scheduler.stepAll()
        }
        #expect(log.lines == ["1 on background"])
        #expect(Self.numbered(collector.events) == [
            "0: created(0, subject, \"\") @0.0",
            "1: createdBy(1, operator, \"[] -deliverOn: background\", deliverOn(scheduler: \"background\"), receiver: 0) @0.0",
            "2: subscribed(0, signal: 1, label(\"S\"), parent: nil) @0.0",
            "3: didSubscribe(0) @0.0",
            "4: subscribed(1, signal: 0, anonymous, parent: 0) @0.0 <- 3",
            "5: sentNext(0, 1) @1.0",
            "6: next(1, 1, replayed: false) @1.0 <- 5",
            "7: hopped(0, background) @1.0 <- 6",
            "8: next(0, 1, replayed: false) @1.0 <- 7",
            "9: sentError(0, boom) @2.0",
            "10: error(1, boom, replayed: false) @2.0 <- 9",
            "11: disposed(1) @2.0 <- 10",
            "12: hopped(0, background) @2.0 <- 10",
            "13: error(0, boom, replayed: false) @2.0 <- 12",
            "14: disposed(0) @2.0 <- 13",
        ])
    }

    @Test("subscribeOn reports a hop when the scheduled subscription starts, caused by its didSubscribe; the source's subscription and didSubscribe name the hop")
    func subscribeOnHops() {
        let scheduler = TestScheduler()
        let background = scheduler.named("background")
        let collector = Collector()
        let log = DeliveryLog()
        Instrumentation.withInstrument(collector, clock: scheduler) {
            let cold = Signal<Int>.create { subscriber in
                log.append("didSubscribe on \(Scheduler.current?.name ?? "none")")
                subscriber.sendNext(1)
                subscriber.sendCompleted()
                return nil
            }
            let hopped = cold.subscribe(on: background)
            scheduler.perform { hopped.subscribe(label: "S") }
            scheduler.stepAll()
        }
        #expect(log.lines == ["didSubscribe on background"])
        #expect(Self.numbered(collector.events) == [
            "0: created(0, cold, \"+createSignal:\") @0.0",
            "1: createdBy(1, operator, \"[+createSignal:] -subscribeOn: background\", subscribeOn(scheduler: \"background\"), receiver: 0) @0.0",
            "2: subscribed(0, signal: 1, label(\"S\"), parent: nil) @0.0",
            "3: didSubscribe(0) @0.0",
            "4: hopped(0, background) @0.0 <- 3",
            "5: subscribed(1, signal: 0, subscription(0), parent: 0) @0.0 <- 4",
            "6: didSubscribe(1) @0.0 <- 4",
            "7: next(1, 1, replayed: false) @0.0 <- 6",
            "8: next(0, 1, replayed: false) @0.0 <- 7",
            "9: completed(1, replayed: false) @0.0 <- 6",
            "10: completed(0, replayed: false) @0.0 <- 9",
            "11: disposed(0) @0.0 <- 10",
            "12: disposed(1) @0.0 <- 10",
        ])
    }

    @Test("subscribeOn disposed before its scheduled subscription starts reports no hop and never subscribes")
    func subscribeOnDisposedFirst() {
        let scheduler = TestScheduler()
        let background = scheduler.named("background")
        let collector = Collector()
        Instrumentation.withInstrument(collector, clock: scheduler) {
            let hopped = Signal<Int>.never().subscribe(on: background)
            scheduler.perform { hopped.subscribe(label: "S").dispose() }
            scheduler.stepAll()
        }
        #expect(!collector.reports.contains { if case .hopped = $0 { true } else { false } })
        #expect(collector.reports.filter(\.isStructure) == [
            .subscribed(0, signal: 1, .label("S"), parent: nil), .didSubscribe(0),
        ])
    }
}
