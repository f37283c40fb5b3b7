import Reactive
import Tracer

extension Catalog {
    /// Experiment 4: the fetchData example, six requests.
    static let fetchData = Scenario(
        name: "fetchdata",
        title: "fetchData: one request, six subscriptions",
        experiment: 4,
        summary: """
            fetchData is a cold signal standing for a network request that answers 1 s after it is sent. \
            title and desc are derived from it with flattenMap, renderedDesc from desc; someLabel, originTextView \
            and renderedTextView are bound to them at 0 s (catchTo "Error", startWith "Loading...") and alert \
            subscribes to their merge for errors. Every binding shows "Loading..." at once and its text at 1 s, \
            but each derived signal subscribes to fetchData again: its didSubscribe runs six times, six identical \
            requests for one screen of data.
            """
    ) { scheduler in
        fetchDataBindings(fetchData: fetchDataRequest(on: scheduler))
    }

    /// Experiment 4 with `replayLazily`: one request.
    static let fetchDataReplayLazily = Scenario(
        name: "fetchdata-replaylazily",
        title: "fetchData with replayLazily: one request",
        experiment: 4,
        summary: """
            The fetchdata scenario with one change, the one the article makes: replayLazily after the request \
            signal. The first subscription, at 0 s, connects it and runs its didSubscribe: one request instead \
            of six. Its response at 1 s goes through a replay subject to every derived signal, so someLabel, \
            originTextView, renderedTextView and alert receive exactly what they received with six requests.
            """
    ) { scheduler in
        fetchDataBindings(fetchData: fetchDataRequest(on: scheduler).replayLazily())
    }

    /// The network request of experiment 4: one response 1 s after each
    /// subscription, cancelled if the subscription is disposed first.
    private static func fetchDataRequest(on scheduler: TestScheduler) -> Signal<Response> {
        Signal<Response>.create { subscriber in
            let response = scheduler.schedule(after: 1) {
                subscriber.sendNext(Response(fields: ["title": "Cold and hot signals", "desc": "Why *six* requests?"]))
                subscriber.sendCompleted()
            }
            return BlockDisposable { response?.dispose() }
        }.named("fetchData")
    }

    /// Derives title, desc and renderedDesc from `fetchData` and binds them as
    /// the article does: three bindings, then one merge for the errors.
    private static func fetchDataBindings(fetchData: Signal<Response>) -> [Any] {
        let field: @Sendable (String) -> @Sendable (Response) -> Signal<String> = { name in
            { response in response.fields[name].map(Signal.return) ?? Signal.error(MissingField(name: name)) }
        }
        let title = fetchData.flattenMap(field("title")).named("title")
        let desc = fetchData.flattenMap(field("desc")).named("desc")
        let renderedDesc = desc.flattenMap { Signal.return("<p>\($0)</p>") }.named("renderedDesc")
        for (label, signal) in [("someLabel", title), ("originTextView", desc), ("renderedTextView", renderedDesc)] {
            signal.catchTo(.return("Error")).startWith("Loading...").subscribe(label: label)
        }
        Signal.merge([title, desc, renderedDesc]).subscribe(label: "alert")
        return [fetchData, title, desc, renderedDesc]
    }

    /// The JSON answer of the fetchData request, shown as "response" in traces.
    private struct Response: Sendable, TraceLabelConvertible {
        /// The answer's fields by name.
        let fields: [String: String]
        /// The trace label: a dictionary's description would change from run to run.
        var traceLabel: String { "response" }
    }

    /// The error a derived signal sends when the response lacks its field.
    private struct MissingField: Error, CustomStringConvertible {
        /// The missing field.
        let name: String
        /// The error's text, as traces show it.
        var description: String { "missing \(name)" }
    }
}
