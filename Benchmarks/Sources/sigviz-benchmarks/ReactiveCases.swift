import OpenCombine
import Reactive

// The runtime cases: sigviz's `Reactive` against OpenCombine.
//
// sigviz work runs inside `Scheduler.immediate.perform`, so that a scheduler
// is current and subscribing is synchronous, as in the scenarios; without it
// `Scheduler.subscription` hands subscriptions to a background queue.

/// Runs `body` with a scheduler current, so subscriptions happen at once.
func synchronously<R>(_ body: () -> R) -> R {
    Scheduler.immediate.perform(body)
}

/// The runtime cases at `1 / scale` of their size, by id, each made when it is about to run.
func reactiveCases(scale: Int) -> [(id: String, make: () -> Case)] {
    let sends = 1_000_000 / scale
    return [
        ("hot-fan-out", { hotFanOut(subscribers: 4, sends: sends) }),
        ("wide-fan-out", { wideFanOut(subscribers: 1_000, sends: 10_000 / scale) }),
        ("cold-create", { coldResubscription(subscriptions: 100_000 / scale) }),
        ("cold-return", { returnResubscription(subscriptions: 100_000 / scale) }),
        ("multicast", { multicast(values: sends) }),
        ("behavior-subject", { behaviorSubject(sends: sends) }),
        ("replay-last", { replayLast(sends: sends) }),
        ("replay-unbounded", { unboundedReplay(sends: sends, lateSubscribers: max(1, 100 / scale)) }),
        ("churn", { churn(times: sends) }),
    ]
}

// MARK: - Fan-out

/// sigviz: a `Subject` with `subscribers` subscribers, sent `sends` values.
func subjectFanOut(subscribers: Int, sends: Int) -> Workload {
    Workload(units: subscribers * sends) {
        let counter = Counter()
        let subject = Subject<Int>()
        synchronously {
            for _ in 0..<subscribers { subject.subscribe(next: { _ in counter.add() }) }
        }
        return {
            for value in 0..<sends { subject.sendNext(value) }
            return counter.value
        }
    }
}

/// OpenCombine: a `PassthroughSubject` with `subscribers` sinks, sent `sends` values.
func passthroughFanOut(subscribers: Int, sends: Int) -> Workload {
    Workload(units: subscribers * sends) {
        let counter = Counter()
        let subject = PassthroughSubject<Int, Never>()
        let cancellables = (0..<subscribers).map { _ in subject.sink { _ in counter.add() } }
        return {
            for value in 0..<sends { subject.send(value) }
            withExtendedLifetime(cancellables) {}
            return counter.value
        }
    }
}

func hotFanOut(subscribers: Int, sends: Int) -> Case {
    Case(
        title: "hot fan-out: 1 subject, \(subscribers) subscribers, \(sends.grouped) sends",
        unit: "deliveries/s",
        sigviz: subjectFanOut(subscribers: subscribers, sends: sends),
        peer: passthroughFanOut(subscribers: subscribers, sends: sends),
        floor: floorWorkload(closures: subscribers, sends: sends),
        target: Target(text: "≥ 5x OpenCombine PassthroughSubject, within 2.5x of the floor (issue 17)") { outcome in
            guard let ratio = outcome.ratio, let floor = outcome.floor else { return nil }
            return ratio >= 5 && floor / outcome.sigviz <= 2.5
        })
}

func wideFanOut(subscribers: Int, sends: Int) -> Case {
    Case(
        title: "wide fan-out: 1 subject, \(subscribers.grouped) subscribers, \(sends.grouped) sends",
        unit: "deliveries/s",
        sigviz: subjectFanOut(subscribers: subscribers, sends: sends),
        peer: passthroughFanOut(subscribers: subscribers, sends: sends),
        floor: floorWorkload(closures: subscribers, sends: sends),
        target: Target(text: "≥ 3x OpenCombine, within 2x of the floor (issue 17)") { outcome in
            guard let ratio = outcome.ratio, let floor = outcome.floor else { return nil }
            return ratio >= 3 && floor / outcome.sigviz <= 2
        })
}

// MARK: - Cold re-subscription

func coldResubscription(subscriptions: Int) -> Case {
    let values = 10
    let sigviz = Workload(units: subscriptions * values) {
        let counter = Counter()
        let signal = Signal<Int>.create { subscriber in
            for value in 0..<values { subscriber.sendNext(value) }
            subscriber.sendCompleted()
            return nil
        }
        return {
            synchronously {
                for _ in 0..<subscriptions { signal.subscribe(next: { _ in counter.add() }) }
            }
            return counter.value
        }
    }
    let peer = Workload(units: subscriptions * values) {
        let counter = Counter()
        let publisher = Deferred { Publishers.Sequence<Range<Int>, Never>(sequence: 0..<values) }
        return {
            for _ in 0..<subscriptions { _ = publisher.sink { _ in counter.add() } }
            return counter.value
        }
    }
    return Case(
        title: "cold re-subscription: a \(values)-value `Signal.create` subscribed \(subscriptions.grouped) times",
        unit: "deliveries/s", sigviz: sigviz, peer: peer,
        floor: floorWorkload(closures: 1, sends: subscriptions * values),
        target: .ratio(atLeast: 2, "≥ 2x OpenCombine Deferred(Sequence)"),
        notes: ["Cold re-subscription (`Signal.create`): the peer is `Deferred { Publishers.Sequence(sequence: 0..<10) }` "
            + "with `sink`; the floor is one closure called once per value."])
}

func returnResubscription(subscriptions: Int) -> Case {
    let sigviz = Workload(units: subscriptions) {
        let counter = Counter()
        let signal = Signal.return(1)
        return {
            synchronously {
                for _ in 0..<subscriptions { signal.subscribe(next: { _ in counter.add() }) }
            }
            return counter.value
        }
    }
    let peer = Workload(units: subscriptions) {
        let counter = Counter()
        let publisher = Just(1)
        return {
            for _ in 0..<subscriptions { _ = publisher.sink { _ in counter.add() } }
            return counter.value
        }
    }
    return Case(
        title: "cold re-subscription: `Signal.return` subscribed \(subscriptions.grouped) times",
        unit: "subscriptions/s", sigviz: sigviz, peer: peer,
        floor: floorWorkload(closures: 1, sends: subscriptions),
        target: .ratio(atLeast: 4, "≥ 4x OpenCombine Just (issue 17)"))
}

// MARK: - Multicast and subjects with state

func multicast(values: Int) -> Case {
    let subscribers = 4
    let sigviz = Workload(units: subscribers * values) {
        let counter = Counter()
        let source = Signal<Int>.create { subscriber in
            for value in 0..<values { subscriber.sendNext(value) }
            subscriber.sendCompleted()
            return nil
        }
        let connection = source.publish()
        synchronously {
            for _ in 0..<subscribers { connection.signal.subscribe(next: { _ in counter.add() }) }
        }
        return {
            synchronously { _ = connection.connect() }
            return counter.value
        }
    }
    let peer = Workload(units: subscribers * values) {
        let counter = Counter()
        let connectable = Publishers.Sequence<Range<Int>, Never>(sequence: 0..<values)
            .multicast(subject: PassthroughSubject())
        let cancellables = (0..<subscribers).map { _ in connectable.sink { _ in counter.add() } }
        return {
            let connection = connectable.connect()
            withExtendedLifetime((cancellables, connection)) {}
            return counter.value
        }
    }
    return Case(
        title: "multicast: \(values.grouped)-value cold source, publish + \(subscribers) subscribers + connect",
        unit: "deliveries/s", sigviz: sigviz, peer: peer,
        floor: floorWorkload(closures: subscribers, sends: values),
        target: .ratio(atLeast: 3, "≥ 3x OpenCombine multicast"),
        notes: ["Multicast: the peer is `Publishers.Sequence(0..<n).multicast(subject: PassthroughSubject())`, "
            + "4 sinks, `connect()`."])
}

/// OpenCombine's `CurrentValueSubject` with 4 sinks (each gets the initial value) and `sends` sends.
func currentValueFanOut(subscribers: Int, sends: Int) -> Workload {
    Workload(units: subscribers * (sends + 1)) {
        let counter = Counter()
        let subject = CurrentValueSubject<Int, Never>(0)
        let cancellables = (0..<subscribers).map { _ in subject.sink { _ in counter.add() } }
        return {
            for value in 0..<sends { subject.send(value) }
            withExtendedLifetime(cancellables) {}
            return counter.value
        }
    }
}

func behaviorSubject(sends: Int) -> Case {
    let subscribers = 4
    let sigviz = Workload(units: subscribers * (sends + 1)) {
        let counter = Counter()
        let subject = BehaviorSubject(0)
        synchronously {
            for _ in 0..<subscribers { subject.subscribe(next: { _ in counter.add() }) }
        }
        return {
            for value in 0..<sends { subject.sendNext(value) }
            return counter.value
        }
    }
    return Case(
        title: "BehaviorSubject: \(subscribers) subscribers, \(sends.grouped) sends",
        unit: "deliveries/s", sigviz: sigviz,
        peer: currentValueFanOut(subscribers: subscribers, sends: sends),
        floor: floorWorkload(closures: subscribers, sends: sends + 1),
        target: .ratio(atLeast: 4, "≥ 4x OpenCombine CurrentValueSubject (issue 17)"),
        notes: ["BehaviorSubject and CurrentValueSubject: each subscriber also receives the initial value."])
}

func replayLast(sends: Int) -> Case {
    let subscribers = 4
    let sigviz = Workload(units: subscribers * sends) {
        let counter = Counter()
        let subject = Subject<Int>()
        let latest = subject.replayLast()
        synchronously {
            for _ in 0..<subscribers { latest.subscribe(next: { _ in counter.add() }) }
        }
        return {
            for value in 0..<sends { subject.sendNext(value) }
            return counter.value
        }
    }
    // Nothing was sent before the sinks subscribe, so the peer's initial value is not counted.
    let peer = Workload(units: subscribers * sends) {
        let counter = Counter()
        let subject = CurrentValueSubject<Int, Never>(0)
        let cancellables = (0..<subscribers).map { _ in subject.dropFirst().sink { _ in counter.add() } }
        return {
            for value in 0..<sends { subject.send(value) }
            withExtendedLifetime(cancellables) {}
            return counter.value
        }
    }
    return Case(
        title: "replayLast: a Subject's `replayLast()`, \(subscribers) subscribers, \(sends.grouped) sends",
        unit: "deliveries/s", sigviz: sigviz, peer: peer,
        floor: floorWorkload(closures: subscribers, sends: sends),
        target: .ratio(atLeast: 4, "≥ 4x OpenCombine CurrentValueSubject (issue 17)"),
        notes: ["replayLast: sends go to a `Subject`, through the connection into the `ReplaySubject(capacity: 1)`, "
            + "to 4 subscribers; the peer is a `CurrentValueSubject` with 4 `dropFirst().sink`s."])
}

func unboundedReplay(sends: Int, lateSubscribers: Int) -> Case {
    let subscribers = 4
    let units = (subscribers + lateSubscribers) * sends
    let sigviz = Workload(units: units) {
        let counter = Counter()
        let subject = ReplaySubject<Int>()
        synchronously {
            for _ in 0..<subscribers { subject.subscribe(next: { _ in counter.add() }) }
        }
        return {
            for value in 0..<sends { subject.sendNext(value) }
            synchronously {
                for _ in 0..<lateSubscribers { subject.subscribe(next: { _ in counter.add() }) }
            }
            return counter.value
        }
    }
    return Case(
        title: "unbounded ReplaySubject: \(subscribers) subscribers, \(sends.grouped) sends, "
            + "then \(lateSubscribers) late subscriber\(lateSubscribers == 1 ? "" : "s")",
        unit: "deliveries/s", sigviz: sigviz, peer: nil,
        floor: floorWorkload(closures: subscribers + lateSubscribers, sends: sends),
        target: .reported("report rate and bytes per buffered value (memory row below)"),
        notes: ["Unbounded ReplaySubject: the rate counts the \(subscribers) live and the \(lateSubscribers) "
            + "replayed deliveries of each value; OpenCombine has no replay subject."])
}

// MARK: - Churn

func churn(times: Int) -> Case {
    let sigviz = Workload(units: times) {
        let counter = Counter()
        let subject = Subject<Int>()
        return {
            synchronously {
                for _ in 0..<times {
                    let subscription = subject.subscribe(next: { _ in })
                    subscription.dispose()
                    if subscription.isDisposed { counter.add() }
                }
            }
            return counter.value
        }
    }
    let peer = Workload(units: times) {
        let counter = Counter()
        let subject = PassthroughSubject<Int, Never>()
        return {
            for _ in 0..<times {
                let cancellable = subject.sink { _ in }
                cancellable.cancel()
                counter.add()
            }
            return counter.value
        }
    }
    return Case(
        title: "subscribe + dispose churn on a subject, \(times.grouped) times",
        unit: "operations/s", sigviz: sigviz, peer: peer, floor: nil,
        target: .ratio(atLeast: 2.5, "≥ 2.5x OpenCombine sink + cancel (issue 17)"))
}

extension Int {
    /// `1000000` as `"1,000,000"`.
    var grouped: String {
        let digits = String(self)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}
