extension Trace {
    /// A finding for each cold signal whose `didSubscribe` ran more than once: each run with the
    /// chain of subscriptions that caused it and its time, and whether the runs delivered the same
    /// values (then one shared run would do). In the order of each signal's first run.
    func repeatedSideEffects() -> [Finding] {
        var runs: [Int: [(subscription: Int, time: Double)]] = [:]  // by cold signal
        var order: [Int] = []
        for run in coldRuns() {
            if runs[run.signal] == nil { order.append(run.signal) }
            runs[run.signal, default: []].append((run.subscription, run.time))
        }
        order.removeAll { runs[$0, default: []].count < 2 }
        guard !order.isEmpty else { return [] }
        // The values each repeated run's subscription received, in order, to tell runs that did the same work.
        var received: [Int: [String]] = [:]
        for signal in order {
            for run in runs[signal, default: []] { received[run.subscription] = [] }
        }
        for event in events {
            if case .next(let subscription, let value, _) = event.kind, received[subscription] != nil {
                received[subscription]?.append(value)
            }
        }
        return order.map { signal in
            let signalRuns = runs[signal, default: []]
            let causes = signalRuns.map { run in
                "\(SubscriptionChain(leadingTo: run.subscription, in: self).text) at \(SecondsFormat.forPeople.format(run.time))"
            }
            let outcomes = Set(signalRuns.map { received[$0.subscription] ?? [] })
            let same = outcomes.count == 1
                ? " Every run delivered the same values (\(Finding.listed(outcomes.first ?? []))): one shared run would do."
                : " The runs delivered \(outcomes.count) different sequences of values."
            return Finding(
                kind: .repeatedSideEffect, signals: [signal], subscriptions: signalRuns.map(\.subscription),
                times: signalRuns.map(\.time),
                sentence: "\(signals[signal].name)'s didSubscribe ran \(signalRuns.count) times, once per subscription: "
                    + causes.joined(separator: "; ") + "." + same)
        }
    }
}
