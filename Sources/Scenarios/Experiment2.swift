import Reactive

extension Catalog {
    /// Experiment 2: a cold signal, subscribed at the times of experiment 1.
    static let coldOnDemand = Scenario(
        name: "cold-on-demand",
        title: "Cold signal: video on demand",
        experiment: 2,
        summary: """
            A cold signal sends "send package 1" 0.9 s and "send package 2" 1.9 s after each subscription, \
            then completes. Subscribers 1 and 2 subscribe at 0.1 s, subscribers 3 and 4 at 1.1 s, the times of \
            experiment 1. Every subscription runs the signal's didSubscribe again, four runs in all, and every \
            subscriber receives the whole sequence from its own subscription time: 1 and 2 at 1 s and 2 s, 3 and 4 \
            at 2 s and 3 s. Where the subject is a live broadcast, the cold signal is video on demand.
            """
    ) { scheduler in
        let coldSignal = Signal<String>.create { subscriber in
            scheduler.schedule(after: 0.9) { subscriber.sendNext("send package 1") }
            scheduler.schedule(after: 1.9) {
                subscriber.sendNext("send package 2")
                subscriber.sendCompleted()
            }
            return nil
        }.named("coldSignal")
        let subscribe: @Sendable (Int) -> Void = { number in
            coldSignal.subscribe(label: "Subscriber \(number)")
        }
        scheduler.schedule(after: 0.1) {
            subscribe(1)
            subscribe(2)
        }
        scheduler.schedule(after: 1.1) {
            subscribe(3)
            subscribe(4)
        }
        return [coldSignal]
    }
}
