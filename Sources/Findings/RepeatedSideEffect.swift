import Tracer

extension Trace {
    /// A finding for each cold signal whose `didSubscribe` ran more than once for separate
    /// subscriptions: each run with the chain of subscriptions that caused it and its time, and
    /// which runs delivered the same values (runs 1–4 delivered "response"; run 5 …). Its events
    /// are the runs' `didSubscribe` events; its suggestion shares one run through `replayLazily`.
    ///
    /// A run that `retry` or `repeat` made is not counted: that operator subscribes again when the
    /// run before ends, on purpose (as `concat` of a signal with itself does). It shows in the trace as a subscription whose `subscribe`
    /// was caused by the error or completion of an earlier subscription to the same signal, with
    /// the same parent (the operator's subscription). Plumbing's signals are left out. In the
    /// order of each signal's first run.
    ///
    /// Nor are runs that are each one's own purpose (``isIntendedRun(_:subscribed:plumbing:)``):
    /// a run plumbing subscribed (each `execute` of a command runs its signal, which is the point
    /// of a command), and a run subscribed while an operator handled a value or an end delivered
    /// to it or sent to a subject (`flattenMap`, `map` then `flatten`, `switchToLatest` or
    /// `concat` subscribing an inner signal for a value: separate values, separate requests). A run
    /// subscribed when its subscriber subscribed (fetchdata's, made in `title`'s didSubscribe)
    /// counts.
    func repeatedSideEffects(plumbing: [Bool], subscribed: [Int?], spelling: CodeSpelling) -> [Finding] {
        let (counted, reruns) = countedColdRuns(plumbing: plumbing, subscribed: subscribed)
        var runs: [Int: [(subscription: Int, event: Int, time: Double)]] = [:]  // by cold signal
        var order: [Int] = []
        for run in counted {
            if runs[run.signal] == nil { order.append(run.signal) }
            runs[run.signal, default: []].append((run.subscription, run.event, run.time))
        }
        order.removeAll { runs[$0, default: []].count < 2 }
        guard !order.isEmpty else { return [] }
        // The values each repeated run's subscription received, in order, to tell runs that did the same work.
        var received: [Int: [String]] = [:]
        var failed: [Int: String] = [:]  // run subscription -> the error that ended it
        for signal in order {
            for run in runs[signal, default: []] { received[run.subscription] = [] }
        }
        for event in events {
            switch event.kind {
            case .next(let subscription, let value, _) where received[subscription] != nil:
                received[subscription]?.append(value)
            case .error(let subscription, let message, _) where received[subscription] != nil:
                failed[subscription] = message
            default: break
            }
        }
        return order.map { signal in
            let signalRuns = runs[signal, default: []]
            let name = name(of: signal)
            var causes = signalRuns.prefix(Self.listedRuns).map { run in
                "\(SubscriptionChain(leadingTo: run.subscription, in: self).text) at \(seconds(run.time))"
            }
            if signalRuns.count > Self.listedRuns { causes.append("and \(signalRuns.count - Self.listedRuns) more") }
            let shared = sharingPoint(of: signalRuns.map(\.subscription), plumbing: plumbing)
            let sharedName = place(of: shared, in: spelling)
            let meeting = shared == signal ? "" : " (where the subscriptions of every run meet)"
            // Runs grouped by the values they delivered and the error that ended them, if any, in the
            // order of each group's first run.
            struct Outcome: Hashable {
                var values: [String]
                var error: String?
            }
            var groups: [(outcome: Outcome, runs: [Int])] = []
            var groupOf: [Outcome: Int] = [:]
            for (number, run) in signalRuns.enumerated() {
                let outcome = Outcome(values: received[run.subscription] ?? [], error: failed[run.subscription])
                if let at = groupOf[outcome] {
                    groups[at].runs.append(number + 1)
                } else {
                    groupOf[outcome] = groups.count
                    groups.append((outcome, [number + 1]))
                }
            }
            func delivered(_ outcome: Outcome) -> String {
                let error = outcome.error.map { " and failed with \"\(shortened($0, to: 40))\"" } ?? ""
                return (outcome.values.isEmpty ? "no value" : Finding.listed(outcome.values)) + error
            }
            let same = if groups.count == 1, groups[0].outcome.values.isEmpty {
                " Every run delivered \(delivered(groups[0].outcome)): one shared run would do."
            } else if groups.count == 1 {
                " Every run delivered the same values (\(Finding.listed(groups[0].outcome.values)))"
                    + (groups[0].outcome.error.map { " and failed with \"\(shortened($0, to: 40))\"" } ?? "")
                    + ": one shared run would do."
            } else {
                " " + Self.capitalized(groups.map { "\(Self.runs($0.runs)) delivered \(delivered($0.outcome))" }
                    .joined(separator: "; ")) + ". The runs delivered \(groups.count) different sequences of values."
            }
            let besides = switch reruns[signal, default: 0] {
            case 0: ""
            case 1: " (not counting 1 run that an operator made again when the run before it ended, as retry and repeat do)"
            case let count: " (not counting \(count) runs that an operator made again when the run before each ended, "
                + "as retry and repeat do)"
            }
            let change = Suggestion.Change.share(signal: shared, through: .replayLazily)
            return Finding(
                kind: .repeatedSideEffect, signals: [signal], subscriptions: signalRuns.map(\.subscription),
                times: signalRuns.map(\.time), events: signalRuns.map(\.event),
                sentence: "\(name)'s didSubscribe ran \(signalRuns.count) times, once per subscription\(besides): "
                    + causes.joined(separator: "; ") + "." + same,
                suggestion: Suggestion(
                    change: change,
                    sentence: "Share one run: put \(code(of: change, in: spelling).written) after \(sharedName)\(meeting) and subscribe to that instead (its "
                        + "\(signalRuns.count) subscriptions then receive one run's values, replayed to those that come later)."))
        }
    }

    /// The cold runs a repeated side effect counts, in the trace's order: those of signals that are
    /// not plumbing, without the runs `retry` or `repeat` made (counted apart, by cold signal, for the
    /// sentence) and the runs that are each one's own purpose (``isIntendedRun(_:subscribed:plumbing:)``).
    /// The finding and ``FixOutcome``'s before and after count the same runs.
    func countedColdRuns(
        plumbing: [Bool]? = nil, subscribed: [Int?]? = nil
    ) -> (runs: [(signal: Int, subscription: Int, event: Int, time: Double)], reruns: [Int: Int]) {
        let plumbing = plumbing ?? self.plumbing()
        let subscribed = subscribed ?? subscribeEventIndices()
        var counted: [(signal: Int, subscription: Int, event: Int, time: Double)] = []
        var reruns: [Int: Int] = [:]
        for run in sideEffectRuns() where !plumbing[run.signal] {
            if isRerun(run.subscription, subscribed: subscribed) {
                reruns[run.signal, default: 0] += 1
                continue
            }
            if isIntendedRun(run.subscription, subscribed: subscribed, plumbing: plumbing) { continue }
            counted.append((run.signal, run.subscription, run.event, run.time))
        }
        return (counted, reruns)
    }

    /// How many runs' chains a sentence names before saying how many more there are.
    static let listedRuns = 8

    /// The signal to share so that the runs become one: the last signal on the path every run's
    /// chain of subscriptions takes from the cold signal (each run's subscription, then its parents,
    /// step by step), where the runs' subscriptions are still all different, and that is not
    /// plumbing. Sharing a signal helps only where the runs go through separate subscriptions to
    /// it: for `z = tick | zip tick`, whose one subscription to z subscribes twice to tick, tick
    /// (not z, whose one subscription both runs go through). For `ticks = interval 1 | take 2`
    /// subscribed twice, `ticks`: sharing it shares the interval and ends with the take; for
    /// fetchdata, whose runs part at once, fetchData itself.
    func sharingPoint(of runs: [Int], plumbing: [Bool]) -> Int {
        guard let first = runs.first, subscriptions.indices.contains(first) else { return 0 }
        // The runs' chains, walked up together one level at a time and left at the first level
        // where they meet or part: the work is at most one visit of each subscription, however
        // deep the chains above that level go. Each level holds as many distinct subscriptions
        // as there are runs, so a trace has at most `subscriptions.count / runs.count` levels
        // (more only in a malformed trace whose parents make a cycle).
        var level = runs
        var point = subscriptions[first].signal
        for _ in 0...(subscriptions.count / max(1, runs.count)) {
            guard level.allSatisfy(subscriptions.indices.contains) else { break }
            let signal = subscriptions[level[0]].signal
            guard level.allSatisfy({ subscriptions[$0].signal == signal }), Set(level).count == level.count,
                  signals.indices.contains(signal), !plumbing[signal] else { break }
            point = signal
            var parents: [Int] = []
            parents.reserveCapacity(level.count)
            for id in level {
                guard let parent = subscriptions[id].parent else { return point }
                parents.append(parent)
            }
            level = parents
        }
        return point
    }

    /// Whether a run is its subscriber's purpose, not a repeat: its subscription was made by
    /// plumbing, that is, the subscription it was made for (its parent, or without one the
    /// subscription it feeds, or the subject that subscribed) is to a plumbing signal (a command's
    /// `subscribeOn` for each `execute`); or its `subscribe` event was caused by a delivery (a
    /// value, error or completion reaching another subscription) or a send to a subject: an
    /// operator subscribed while handling a value or an end, as `flattenMap` does for each value
    /// (also through the subscriptions a pipeline makes on the way). A subscription made when its
    /// subscriber subscribed is caused, at the start of its causes, by a subscription, and counts.
    func isIntendedRun(_ subscription: Int, subscribed: [Int?], plumbing: [Bool]) -> Bool {
        guard subscriptions.indices.contains(subscription) else { return false }
        if isMadeByPlumbing(subscription, plumbing: plumbing) { return true }
        guard subscribed.indices.contains(subscription), let at = subscribed[subscription] else { return false }
        // Up the causes to where they start: a send, or a value a signal sent on its own time (a
        // delivery nothing caused), made the run for that value, however many subscriptions were
        // made on the way (`flattenMap` of a pipeline subscribes to the pipeline, which subscribes
        // to the cold signal). A subscription at the start (the scenario's own, or one an action
        // made) made it when something subscribed (merge's inner signals, which its own signal
        // delivers as it is subscribed), so it counts.
        var cause = events[at].cause, steps = 0, start: Int?
        while let index = cause, events.indices.contains(index) {
            steps += 1
            guard steps <= Self.causesWalked else { return false }
            switch events[index].kind {
            case .send, .sendError, .sendCompleted: return true
            default: break
            }
            start = index
            cause = events[index].cause
        }
        return start.map { events[$0].kind.isDelivery } ?? false
    }

    /// How many causes ``isIntendedRun(_:subscribed:plumbing:)`` walks up before it counts the run.
    static let causesWalked = 256

    /// Whether the subscription was made by `retry` or `repeat`: its `subscribe` was caused by the
    /// error or completion of an earlier subscription to the same signal made by the same operator
    /// subscription (the same parent).
    func isRerun(_ subscription: Int, subscribed: [Int?]) -> Bool {
        guard subscribed.indices.contains(subscription), let at = subscribed[subscription],
              let cause = events[at].cause, events.indices.contains(cause), events[cause].kind.isTerminal,
              let ended = events[cause].kind.subscription, ended != subscription,
              subscriptions.indices.contains(ended) else { return false }
        let (this, before) = (subscriptions[subscription], subscriptions[ended])
        return before.signal == this.signal && before.parent != nil && before.parent == this.parent
    }

    /// Run numbers for people: "run 5", "runs 1–4", "runs 1–2, 5".
    static func runs(_ numbers: [Int]) -> String {
        var ranges: [(Int, Int)] = []
        for number in numbers {
            if let last = ranges.last, last.1 + 1 == number { ranges[ranges.count - 1].1 = number } else { ranges.append((number, number)) }
        }
        let text = ranges.map { $0.0 == $0.1 ? "\($0.0)" : "\($0.0)–\($0.1)" }.joined(separator: ", ")
        return (numbers.count == 1 ? "run " : "runs ") + text
    }

    /// The text with its first letter in upper case.
    static func capitalized(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }
}
