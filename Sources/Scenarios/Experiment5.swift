import Reactive

// Experiment 5: one source and two subscribers, A at 0.5 s and B at 2.2 s,
// through each conversion, so that the diagrams can be stacked and compared.

extension Catalog {
    /// Experiments 2 and 5: A and B subscribe to the cold source itself,
    /// the baseline the conversions are compared with.
    static let cold = Scenario(
        name: "cold",
        title: "cold: the source, subscribed directly",
        experiment: 2,
        summary: """
            A cold signal, and the baseline of the five conversions of experiment 5: a source that sends "1" \
            1 s, "2" 2 s and completion 3 s after each subscription. A subscribes at 0.5 s and B at 2.2 s, straight to the source, so its didSubscribe \
            runs twice, at 0.5 s and 2.2 s, and each subscriber gets the whole sequence on its own timeline: \
            A at 1.5, 2.5 and 3.5 s, B at 3.2, 4.2 and 5.2 s. Nothing is shared: video on demand.
            """
    ) { scheduler in
        let source = experimentFiveSource(on: scheduler)
        subscribeAAndB(to: source, on: scheduler)
        return [source]
    }

    /// Experiment 5: `multicast:` through a subject, connected by hand at 1 s.
    static let multicast = Scenario(
        name: "multicast",
        title: "multicast: and connect",
        experiment: 5,
        summary: """
            The source is multicast through a plain subject and connect() is called at 1 s. A subscribes at \
            0.5 s but receives nothing until connect subscribes the subject to the source, once, at 1 s; the \
            source then sends "1" at 2 s, "2" at 3 s and completes at 4 s, to A live. B subscribes at 2.2 s, after \
            "1" went by, and misses it for good: a subject keeps no history. It gets "2" at 3 s and completion.
            """
    ) { scheduler in
        let source = experimentFiveSource(on: scheduler)
        let connection = source.multicast(Subject<String>().named("subject"))
        scheduler.schedule(after: 1) { connection.connect() }
        subscribeAAndB(to: connection.signal, on: scheduler)
        return [source, connection]
    }

    /// Experiment 5: `publish`, connected at 0 s.
    static let publish = Scenario(
        name: "publish",
        title: "publish",
        experiment: 5,
        summary: """
            publish is multicast through a new plain subject; here connect() is called at 0 s, so the source \
            runs once, at 0 s, before anyone subscribes: "1" at 1 s, "2" at 2 s, completion at 3 s. A, subscribed \
            at 0.5 s, receives all of it live. B subscribes at 2.2 s, after both values, and receives only the \
            completion at 3 s: what a plain subject sent before someone subscribed is lost to them.
            """
    ) { scheduler in
        let source = experimentFiveSource(on: scheduler)
        let connection = source.publish()
        connection.connect()
        subscribeAAndB(to: connection.signal, on: scheduler)
        return [source, connection]
    }

    /// Experiment 5: `replay`, which connects at once.
    static let replay = Scenario(
        name: "replay",
        title: "replay",
        experiment: 5,
        summary: """
            replay multicasts through a replay subject of unlimited capacity and connects at once, at 0 s, with \
            nobody subscribed: the source runs once and sends "1" at 1 s, "2" at 2 s and completes at 3 s. A, \
            subscribed at 0.5 s, receives it all live. B subscribes at 2.2 s and is handed "1" and "2" the moment \
            it subscribes, the whole history without its timeline, then receives the completion live at 3 s.
            """
    ) { scheduler in
        let source = experimentFiveSource(on: scheduler)
        let replayed = source.replay()
        subscribeAAndB(to: replayed, on: scheduler)
        return [source, replayed]
    }

    /// Experiment 5: `replayLast`, which connects at once and keeps one value.
    static let replayLast = Scenario(
        name: "replaylast",
        title: "replayLast",
        experiment: 5,
        summary: """
            replayLast is replay with a replay subject of capacity 1. The source runs once, at 0 s, and A, \
            subscribed at 0.5 s, receives "1" at 1 s, "2" at 2 s and completion at 3 s live, as with replay. B \
            subscribes at 2.2 s and is handed only the latest value, "2"; "1" was dropped from the buffer when \
            "2" arrived. It receives the completion live at 3 s.
            """
    ) { scheduler in
        let source = experimentFiveSource(on: scheduler)
        let replayed = source.replayLast()
        subscribeAAndB(to: replayed, on: scheduler)
        return [source, replayed]
    }

    /// Experiment 5: `replayLazily`, which connects on the first subscription.
    static let replayLazily = Scenario(
        name: "replaylazily",
        title: "replayLazily",
        experiment: 5,
        summary: """
            replayLazily is replay with the connect deferred to the first subscription. Nothing runs until A \
            subscribes at 0.5 s; that connects, and the source runs once, sending "1" at 1.5 s, "2" at 2.5 s and \
            completing at 3.5 s, to A live. B subscribes at 2.2 s: its connect does nothing, it is handed "1" from \
            the history at once, then receives "2" at 2.5 s and the completion at 3.5 s live. One run of the side \
            effect, no value lost, and no work before someone asks.
            """
    ) { scheduler in
        let source = experimentFiveSource(on: scheduler)
        let replayed = source.replayLazily()
        subscribeAAndB(to: replayed, on: scheduler)
        return [source, replayed]
    }

    /// The source of experiment 5: "1" 1 s, "2" 2 s and completion 3 s after each subscription.
    private static func experimentFiveSource(on scheduler: TestScheduler) -> Signal<String> {
        Signal<String>.create { subscriber in
            scheduler.schedule(after: 1) { subscriber.sendNext("1") }
            scheduler.schedule(after: 2) { subscriber.sendNext("2") }
            scheduler.schedule(after: 3) { subscriber.sendCompleted() }
            return nil
        }.named("source")
    }

    /// Schedules the subscribers of experiment 5: A at 0.5 s and B at 2.2 s.
    private static func subscribeAAndB(to signal: Signal<String>, on scheduler: TestScheduler) {
        scheduler.schedule(after: 0.5) { signal.subscribe(label: "A") }
        scheduler.schedule(after: 2.2) { signal.subscribe(label: "B") }
    }
}
