// Experiment 3 of the articles: turning a cold signal hot, three ways.
//
// The cold signal logs "Cold signal be subscribed." when subscribed, then sends
// "A" 1.5 s later, "B" 3 s later, and completes 5 s later. Its didSubscribe
// runs once, at 2 s, in all three variants; Subscriber 1 gets A at 3.5 s,
// Subscribers 1 and 2 get B at 5 s, and both complete at 7 s.
import Reactive

for variant in ["subject", "multicast", "autoconnect"] {
    print("--- \(variant) ---")
    run(variant)
}

func run(_ variant: String) {
    let scheduler = TestScheduler()
    @Sendable func log(_ message: String) { print("[\(scheduler.now)] \(message)") }

    let coldSignal = Signal<String>.create { subscriber in
        log("Cold signal be subscribed.")
        scheduler.schedule(after: 1.5) { subscriber.sendNext("A") }
        scheduler.schedule(after: 3) { subscriber.sendNext("B") }
        scheduler.schedule(after: 5) { subscriber.sendCompleted() }
        return nil
    }.named("coldSignal")

    @Sendable func subscribe(_ number: Int, to hot: Signal<String>) {
        hot.subscribe(
            label: "Subscriber \(number)",
            next: { log("Subscriber \(number) recieve value:\($0).") },
            completed: { log("Subscriber \(number) completed.") })
    }

    let subject = Subject<String>().named("subject")
    log("Subject created.")
    switch variant {
    case "subject":
        scheduler.schedule(after: 2) { coldSignal.subscribe(subject) }
        scheduler.perform { subscribe(1, to: subject) }
        scheduler.schedule(after: 4) { subscribe(2, to: subject) }
    case "multicast":
        let connection = coldSignal.multicast(subject)
        scheduler.schedule(after: 2) { connection.connect() }
        scheduler.perform { subscribe(1, to: connection.signal) }
        scheduler.schedule(after: 4) { subscribe(2, to: connection.signal) }
    default:
        let hot = coldSignal.multicast(subject).autoconnect()
        scheduler.schedule(after: 2) { subscribe(1, to: hot) }
        scheduler.schedule(after: 4) { subscribe(2, to: hot) }
    }
    scheduler.stepAll()
}
