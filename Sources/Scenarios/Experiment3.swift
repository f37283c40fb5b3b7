import Reactive

extension Catalog {
    /// Experiment 3, by hand: a subject subscribes to the cold signal at 2 s.
    static let coldToHotSubject = Scenario(
        name: "cold-to-hot-subject",
        title: "Cold to hot through a subject",
        experiment: 3,
        summary: """
            A cold signal logs "Cold signal be subscribed." when subscribed, then sends "A" 1.5 s later, "B" \
            3 s later and completes 5 s later. Subscriber 1 subscribes to a subject at once; at 2 s the subject \
            itself subscribes to the cold signal; Subscriber 2 subscribes to the subject at 4 s. The cold \
            signal's didSubscribe runs only once, at 2 s, and the subject rebroadcasts what it sends: Subscriber 1 \
            gets A at 3.5 s, both subscribers get B at 5 s, Subscriber 2 having missed A, and both complete at 7 s. \
            Subscribing a subject to a cold signal is the simplest way to make it hot.
            """
    ) { scheduler in
        let coldSignal = experimentThreeColdSignal(on: scheduler)
        let subject = Subject<String>().named("subject")
        scheduler.schedule(after: 2) { coldSignal.subscribe(subject) }
        subject.subscribe(label: "Subscriber 1")
        scheduler.schedule(after: 4) { subject.subscribe(label: "Subscriber 2") }
        return [coldSignal, subject]
    }

    /// Experiment 3 with `multicast:` and `connect` at 2 s.
    static let coldToHotMulticast = Scenario(
        name: "cold-to-hot-multicast",
        title: "Cold to hot with multicast and connect",
        experiment: 3,
        summary: """
            The cold signal of cold-to-hot-subject ("A" 1.5 s, "B" 3 s and completion 5 s after it is \
            subscribed) is multicast through a subject, the standard wrapping of the hand-made version: \
            Subscriber 1 subscribes to the connection's signal at once, connect() is called at 2 s and \
            Subscriber 2 subscribes at 4 s. Nothing reaches anyone until connect subscribes the subject to the \
            source; from then on the outcome is the same: one run of didSubscribe at 2 s, A to Subscriber 1 at \
            3.5 s, B to both at 5 s, completion of both at 7 s.
            """
    ) { scheduler in
        let coldSignal = experimentThreeColdSignal(on: scheduler)
        let connection = coldSignal.multicast(Subject<String>().named("subject"))
        scheduler.schedule(after: 2) { connection.connect() }
        connection.signal.subscribe(label: "Subscriber 1")
        scheduler.schedule(after: 4) { connection.signal.subscribe(label: "Subscriber 2") }
        return [coldSignal, connection]
    }

    /// Experiment 3 with `autoconnect`: the first subscription, at 2 s, connects.
    static let coldToHotAutoconnect = Scenario(
        name: "cold-to-hot-autoconnect",
        title: "Cold to hot with autoconnect",
        experiment: 3,
        summary: """
            The cold signal of cold-to-hot-subject ("A" 1.5 s, "B" 3 s and completion 5 s after it is \
            subscribed) is multicast through a subject and autoconnected: nobody calls connect, the first \
            subscription does. Subscriber 1 subscribes at 2 s, which connects and runs the source's didSubscribe \
            once; Subscriber 2 subscribes at 4 s and its connect does nothing. The deliveries are those of the \
            other two variants: A to Subscriber 1 at 3.5 s, B to both at 5 s, completion of both at 7 s.
            """
    ) { scheduler in
        let coldSignal = experimentThreeColdSignal(on: scheduler)
        let hot = coldSignal.multicast(Subject<String>().named("subject")).autoconnect()
        scheduler.schedule(after: 2) { hot.subscribe(label: "Subscriber 1") }
        scheduler.schedule(after: 4) { hot.subscribe(label: "Subscriber 2") }
        return [coldSignal, hot]
    }

    /// The cold signal of experiment 3: "A" 1.5 s, "B" 3 s and completion 5 s
    /// after each subscription ("Cold signal be subscribed." is its didSubscribe run).
    private static func experimentThreeColdSignal(on scheduler: TestScheduler) -> Signal<String> {
        Signal<String>.create { subscriber in
            scheduler.schedule(after: 1.5) { subscriber.sendNext("A") }
            scheduler.schedule(after: 3) { subscriber.sendNext("B") }
            scheduler.schedule(after: 5) { subscriber.sendCompleted() }
            return nil
        }.named("coldSignal")
    }
}
