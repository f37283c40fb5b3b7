// Experiment 4 of the articles: one network request, six subscriptions.
//
// `fetchData` is a cold signal standing for a network request that answers
// 1 s after it is sent. `title` and `desc` are derived from it, `renderedDesc`
// from `desc`; each is bound once (with catchTo and startWith "Loading...") and
// merged once to show errors. Without replayLazily that subscribes to fetchData
// six times: six requests. With replayLazily: one request, and every binding
// still gets its value.
import Reactive
import Synchronization

struct MissingField: Error, CustomStringConvertible {
    let name: String
    var description: String { "missing \(name)" }
}

for lazily in [false, true] {
    print("--- fetchData\(lazily ? ".replayLazily()" : "") ---")
    let requests = run(replayLazily: lazily)
    print("fetchData didSubscribe ran \(requests) time\(requests == 1 ? "" : "s") (requests sent)")
}

func run(replayLazily: Bool) -> Int {
    let scheduler = TestScheduler()
    let requests = Atomic(0)
    @Sendable func log(_ message: String) { print("[\(scheduler.now)] \(message)") }

    var fetchData = Signal<[String: String]>.create { subscriber in
        let number = requests.add(1, ordering: .relaxed).newValue
        log("request \(number) sent")
        let response = scheduler.schedule(after: 1) {
            subscriber.sendNext(["title": "Cold and hot signals", "desc": "Why *six* requests?"])
            subscriber.sendCompleted()
        }
        return BlockDisposable { response?.dispose() }
    }.named("fetchData")
    if replayLazily { fetchData = fetchData.replayLazily() }

    func field(_ name: String) -> @Sendable ([String: String]) -> Signal<String> {
        { json in json[name].map(Signal.return) ?? Signal.error(MissingField(name: name)) }
    }
    let title = fetchData.flattenMap(field("title")).named("title")
    let desc = fetchData.flattenMap(field("desc")).named("desc")
    let renderedDesc = desc.flattenMap { Signal.return("<p>\($0)</p>") }.named("renderedDesc")

    scheduler.perform {
        for (name, signal) in [("someLabel", title), ("originTextView", desc), ("renderedTextView", renderedDesc)] {
            signal.catchTo(.return("Error")).startWith("Loading...")
                .subscribe(label: name, next: { log("\(name).text = \($0)") })
        }
        Signal.merge([title, desc, renderedDesc])
            .subscribe(label: "alert", error: { log("alert: \($0)") })
    }
    scheduler.stepAll()
    return requests.load(ordering: .relaxed)
}
