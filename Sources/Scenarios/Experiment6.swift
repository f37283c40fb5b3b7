import Reactive

// Experiment 6: the rest of the family, each spread over its own virtual
// times so that every event has a place in the diagram.

extension Catalog {
    /// Experiment 6: a behavior subject's current value.
    static let behaviorSubject = Scenario(
        name: "behavior-subject",
        title: "BehaviorSubject",
        experiment: 6,
        summary: """
            A behavior subject starts with the value "default" and hands its current value to every new \
            subscriber first. Subscriber 1 subscribes at 1 s and is handed "default"; "x" is sent at 2 s and \
            becomes the current value; Subscriber 2 subscribes at 3 s and is handed "x"; the subject completes \
            at 4 s. Like RAC 2.5, it does not remember the completion: Subscriber 3, subscribing at 5 s, is still \
            handed "x" and never completes.
            """
    ) { scheduler in
        let subject = BehaviorSubject("default").named("behaviorSubject")
        scheduler.schedule(after: 1) { subject.subscribe(label: "Subscriber 1") }
        scheduler.schedule(after: 2) { subject.sendNext("x") }
        scheduler.schedule(after: 3) { subject.subscribe(label: "Subscriber 2") }
        scheduler.schedule(after: 4) { subject.sendCompleted() }
        scheduler.schedule(after: 5) { subject.subscribe(label: "Subscriber 3") }
        return [subject]
    }

    /// Experiment 6: a replay subject that keeps only the last two values.
    static let replayCapacity = Scenario(
        name: "replay-capacity",
        title: "ReplaySubject with a capacity of 2",
        experiment: 6,
        summary: """
            A replay subject of capacity 2 is sent 1, 2, 3 and 4 at 1, 2, 3 and 4 s and completes at 5 s. \
            Subscriber 1, there from 0.5 s, receives everything live. Subscriber 2 subscribes at 3.5 s and is \
            handed 2 and 3, the two values kept (1 was dropped when 3 arrived), then receives 4 and the \
            completion live. Subscriber 3 subscribes at 6 s, after the end, and is handed 3 and 4 then the \
            completion: a replay subject replays its termination too.
            """
    ) { scheduler in
        let subject = ReplaySubject<Int>(capacity: 2).named("replaySubject")
        scheduler.schedule(after: 0.5) { subject.subscribe(label: "Subscriber 1") }
        for value in 1...4 {
            scheduler.schedule(after: Double(value)) { subject.sendNext(value) }
        }
        scheduler.schedule(after: 3.5) { subject.subscribe(label: "Subscriber 2") }
        scheduler.schedule(after: 5) { subject.sendCompleted() }
        scheduler.schedule(after: 6) { subject.subscribe(label: "Subscriber 3") }
        return [subject]
    }

    /// Experiment 6: `groupBy` and its hot grouped signals.
    static let groupBy = Scenario(
        name: "groupby",
        title: "groupBy",
        experiment: 6,
        summary: """
            A subject sends 1, 2, 3 and 4 at 1, 2, 3 and 4 s and completes at 5 s; groupBy splits them by \
            parity. The groups subscriber receives the odd group at 1 s and the even group at 2 s, each when its \
            key first appears, and subscribes to each at once, as odd and even: a group is a hot grouped signal, \
            and a value sent before anyone subscribed to its group would be lost. odd receives 1 and 3, even 2 and \
            4; at 5 s the groups subscriber completes first, then each group in the order they appeared.
            """
    ) { scheduler in
        let numbers = Subject<Int>().named("numbers")
        let groups = numbers.groupBy { $0 % 2 == 0 ? "even" : "odd" }
        groups.subscribe(label: "groups", next: { group in
            group.subscribe(label: group.key)
        })
        for value in 1...4 {
            scheduler.schedule(after: Double(value)) { numbers.sendNext(value) }
        }
        scheduler.schedule(after: 5) { numbers.sendCompleted() }
        return [numbers, groups]
    }

    /// Experiment 6: `defer` and `then`, which postpone work to subscription and to completion.
    static let deferThen = Scenario(
        name: "defer-then",
        title: "defer and then",
        experiment: 6,
        summary: """
            defer makes its signal only when subscribed: Subscriber 1 subscribes to the deferred signal at 1 s \
            and Subscriber 2 at 2 s, and each receives "made at" the time of its own subscription, then \
            completion. then postpones further, to the completion of its receiver: Subscriber 3 subscribes to \
            source.then(nextStep) at 3 s, the source runs, sends "ignored" at 4 s (then drops values) and \
            completes at 5 s; only then is nextStep subscribed, its didSubscribe running at 5 s, and Subscriber 3 \
            receives its "done" at 5.5 s and completes.
            """
    ) { scheduler in
        let deferred = Signal<String>.defer { Signal.return("made at \(scheduler.now)") }.named("deferred")
        let source = Signal<String>.create { subscriber in
            scheduler.schedule(after: 1) { subscriber.sendNext("ignored") }
            scheduler.schedule(after: 2) { subscriber.sendCompleted() }
            return nil
        }.named("source")
        let nextStep = Signal<String>.create { subscriber in
            scheduler.schedule(after: 0.5) {
                subscriber.sendNext("done")
                subscriber.sendCompleted()
            }
            return nil
        }.named("nextStep")
        let then = source.then { nextStep }
        scheduler.schedule(after: 1) { deferred.subscribe(label: "Subscriber 1") }
        scheduler.schedule(after: 2) { deferred.subscribe(label: "Subscriber 2") }
        scheduler.schedule(after: 3) { then.subscribe(label: "Subscriber 3") }
        return [deferred, source, nextStep, then]
    }

    /// Experiment 6: a channel's two terminals.
    static let channel = Scenario(
        name: "channel",
        title: "Channel",
        experiment: 6,
        summary: """
            A channel joins a model, which holds the leading terminal, and a view, which holds the following \
            one; view and model subscribe to their terminals at 0.5 s. "from model" sent into the leading terminal \
            at 1 s comes out at the view; "from view" sent into the following terminal at 2 s comes out at the \
            model. Inside are two replay subjects, of capacity 1 on the view's side and 0 on the model's: late view, \
            subscribing at 3 s, is handed "from model" at once, while late model gets nothing. When the model \
            completes at 4 s, completion reaches all four subscribers, since it travels both ways.
            """
    ) { scheduler in
        let channel = Channel<String>()
        let model = channel.leadingTerminal, view = channel.followingTerminal
        scheduler.schedule(after: 0.5) {
            view.subscribe(label: "view")
            model.subscribe(label: "model")
        }
        scheduler.schedule(after: 1) { model.sendNext("from model") }
        scheduler.schedule(after: 2) { view.sendNext("from view") }
        scheduler.schedule(after: 3) {
            view.subscribe(label: "late view")
            model.subscribe(label: "late model")
        }
        scheduler.schedule(after: 4) { model.sendCompleted() }
        return [channel]
    }
}
