// Experiment 1 of the articles: a Subject and a ReplaySubject side by side.
//
// Subscribers 1 and 2 subscribe to both at 0.1 s, "send package 1" is sent at
// 1 s, subscribers 3 and 4 subscribe at 1.1 s, "send package 2" is sent at 2 s.
// The subject is a live broadcast: 3 and 4 miss package 1. The replay subject
// hands them package 1 the moment they subscribe: the history without its timeline.
import Reactive

let scheduler = TestScheduler()
let subject = Subject<String>().named("subject")
let replaySubject = ReplaySubject<String>().named("replaySubject")

@Sendable func log(_ message: String) {
    print("[\(scheduler.now)] \(message)")
}

func subscribe(_ number: Int) {
    let subscriber = "Subscriber \(number)"
    subject.subscribe(label: subscriber, next: { log("\(subscriber) get a next value: \($0) from subject") })
    replaySubject.subscribe(label: subscriber, next: { log("\(subscriber) get a next value: \($0) from replay subject") })
}

func send(_ value: String) {
    subject.sendNext(value)
    replaySubject.sendNext(value)
}

log("Start")
scheduler.schedule(after: 0.1) {
    subscribe(1)
    subscribe(2)
}
scheduler.schedule(after: 1) { send("send package 1") }
scheduler.schedule(after: 1.1) {
    subscribe(3)
    subscribe(4)
}
scheduler.schedule(after: 2) { send("send package 2") }
scheduler.stepAll()
