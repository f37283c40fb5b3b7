extension Trace {
    /// A finding for each cold signal whose `didSubscribe` ran more than once: each run with the
    /// chain of subscriptions that caused it and its time, and whether the runs delivered the same
    /// values (then one shared run would do).
    func repeatedSideEffects() -> [Finding] {
        var runs: [Int: [(subscription: Int, time: Double)]] = [:]  // by cold signal
        var order: [Int] = []
        for event in events {
            guard case .didSubscribe(let subscription) = event.kind, subscriptions.indices.contains(subscription) else { continue }
            let signal = subscriptions[subscription].signal
            guard signals.indices.contains(signal), signals[signal].kind == .cold else { continue }
            if runs[signal] == nil { order.append(signal) }
            runs[signal, default: []].append((subscription, event.time))
        }
        // The values each subscription received, in order, to tell runs that did the same work.
        var received: [Int: [String]] = [:]
        for event in events {
            if case .next(let subscription, let value, _) = event.kind { received[subscription, default: []].append(value) }
        }
        return order.compactMap { signal -> Finding? in
            guard let signalRuns = runs[signal], signalRuns.count > 1 else { return nil }
            let name = signals[signal].name
            let causes = signalRuns.map { run in
                "\(SubscriptionChain(leadingTo: run.subscription, in: self).text) at \(SecondsFormat.forPeople.format(run.time))"
            }
            let outcomes = Set(signalRuns.map { received[$0.subscription] ?? [] })
            let same = outcomes.count == 1
                ? " Every run delivered the same values (\(Self.listed(outcomes.first ?? []))): one shared run would do."
                : " The runs delivered \(outcomes.count) different sequences of values."
            return Finding(
                kind: .repeatedSideEffect, signals: [signal], subscriptions: signalRuns.map(\.subscription),
                times: signalRuns.map(\.time),
                sentence: "\(name)'s didSubscribe ran \(signalRuns.count) times, once per subscription: "
                    + causes.joined(separator: "; ") + "." + same)
        }
    }

    /// Values for a sentence: the first few, quoted, and how many more.
    static func listed(_ values: [String], most: Int = 3) -> String {
        guard !values.isEmpty else { return "none" }
        let shown = values.prefix(most).map { "\"\(shortened($0, to: 40))\"" }.joined(separator: ", ")
        return values.count > most ? "\(shown) and \(values.count - most) more" : shown
    }
}
