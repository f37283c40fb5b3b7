// Experiment 2 of the articles: a cold signal is video on demand.
//
// The same subscriber times as experiment 1 (1 and 2 at 0.1 s, 3 and 4 at
// 1.1 s), but the source is cold: every subscription runs didSubscribe again
// and receives the whole sequence, 0.9 s and 1.9 s after it subscribed.
import Reactive

let scheduler = TestScheduler()
let runs = Runs()

@Sendable func log(_ message: String) {
    print("[\(scheduler.now)] \(message)")
}

let coldSignal = Signal<String>.create { subscriber in
    log("Cold signal be subscribed. (run \(runs.next()))")
    scheduler.schedule(after: 0.9) { subscriber.sendNext("send package 1") }
    scheduler.schedule(after: 1.9) {
        subscriber.sendNext("send package 2")
        subscriber.sendCompleted()
    }
    return nil
}.named("coldSignal")

func subscribe(_ number: Int) {
    let subscriber = "Subscriber \(number)"
    coldSignal.subscribe(
        label: subscriber,
        next: { log("\(subscriber) get a next value: \($0) from cold signal") },
        completed: { log("\(subscriber) completed") })
}

log("Start")
scheduler.schedule(after: 0.1) {
    subscribe(1)
    subscribe(2)
}
scheduler.schedule(after: 1.1) {
    subscribe(3)
    subscribe(4)
}
scheduler.stepAll()
print("didSubscribe ran \(runs.count) times")

/// Counts the runs of the cold signal's didSubscribe.
final class Runs: Sendable {
    private let counter = Atomic(0)
    func next() -> Int { counter.add(1, ordering: .relaxed).newValue }
    var count: Int { counter.load(ordering: .relaxed) }
}

import Synchronization
