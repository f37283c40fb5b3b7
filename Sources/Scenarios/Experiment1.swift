import Reactive

extension Catalog {
    /// Experiment 1: a subject and a replay subject side by side.
    static let subjectVersusReplay = Scenario(
        name: "subject-vs-replay",
        title: "Subject vs ReplaySubject",
        experiment: 1,
        summary: """
            Subscribers 1 and 2 subscribe to a subject and to a replay subject at 0.1 s; "send package 1" \
            is sent to both at 1 s; subscribers 3 and 4 subscribe at 1.1 s; "send package 2" is sent at 2 s. \
            The subject is a live broadcast: subscribers 3 and 4 miss package 1. The replay subject keeps its \
            history and hands package 1 to them the moment they subscribe, at 1.1 s: the history without its timeline.
            """
    ) { scheduler in
        let subject = Subject<String>().named("subject")
        let replaySubject = ReplaySubject<String>().named("replaySubject")
        let subscribe: @Sendable (Int) -> Void = { number in
            subject.subscribe(label: "Subscriber \(number)")
            replaySubject.subscribe(label: "Subscriber \(number)")
        }
        scheduler.schedule(after: 0.1) {
            subscribe(1)
            subscribe(2)
        }
        scheduler.schedule(after: 1) {
            subject.sendNext("send package 1")
            replaySubject.sendNext("send package 1")
        }
        scheduler.schedule(after: 1.1) {
            subscribe(3)
            subscribe(4)
        }
        scheduler.schedule(after: 2) {
            subject.sendNext("send package 2")
            replaySubject.sendNext("send package 2")
        }
        return [subject, replaySubject]
    }
}
