import Tracer

extension Trace {
    /// One cold run made for a value: the run, and the event its chain of causes starts from (the
    /// send, or the value a signal sent on its own time, that made it).
    struct PerValueRun {
        let signal: Int
        let subscription: Int
        let event: Int
        let time: Double
        let origin: Int
    }

    /// The cold runs an operator made for a value (``isIntendedRun(_:subscribed:plumbing:)``: a
    /// `flattenMap` request), without those plumbing made (a command's executions) or that `retry`
    /// and `repeat` made again, each with the event it was made for.
    func perValueRuns(plumbing: [Bool]? = nil, subscribed: [Int?]? = nil) -> [PerValueRun] {
        let plumbing = plumbing ?? self.plumbing()
        let subscribed = subscribed ?? subscribeEventIndices()
        return sideEffectRuns().compactMap { run in
            guard !plumbing[run.signal], !isRerun(run.subscription, subscribed: subscribed),
                  !isMadeByPlumbing(run.subscription, plumbing: plumbing),
                  isIntendedRun(run.subscription, subscribed: subscribed, plumbing: plumbing),
                  let at = subscribed[run.subscription], let origin = origin(of: at) else { return nil }
            return PerValueRun(signal: run.signal, subscription: run.subscription, event: run.event, time: run.time, origin: origin)
        }
    }

    /// A finding for each place where one value made the same cold run more than once: a request
    /// made per value (`flattenMap request`) under a signal that several subscribers subscribe to
    /// separately runs once per subscriber for every value (a search box whose three bindings each
    /// send every query: 3 runs per query). Runs are the same when their signals have one name
    /// (`request("swift")`, made anew for each subscription) and they were made for one event.
    /// Its suggestion shares the signal the runs' subscriptions meet at through `replayLazily`.
    func repeatedRunsPerValue(plumbing: [Bool], subscribed: [Int?], spelling: CodeSpelling) -> [Finding] {
        struct Key: Hashable {
            let origin: Int
            let name: String
        }
        var groups: [Key: [PerValueRun]] = [:]
        var order: [Key] = []
        for run in perValueRuns(plumbing: plumbing, subscribed: subscribed) {
            let key = Key(origin: run.origin, name: name(of: run.signal))
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(run)
        }
        // The repeated groups, gathered by where their subscriptions meet (or, where they do not, by
        // the signals the runs were made for): one finding for each.
        struct Place: Hashable {
            let point: Int?
            let makers: [Int]
        }
        var findings: [(place: Place, groups: [[PerValueRun]])] = []
        var index: [Place: Int] = [:]
        for key in order {
            guard let runs = groups[key], runs.count > 1 else { continue }
            let point = meetingPoint(of: runs.map(\.subscription), plumbing: plumbing)
            let makers = point != nil ? [] : runs.map { run in
                subscriptions[run.subscription].parent.map { subscriptions.indices.contains($0) ? subscriptions[$0].signal : -1 } ?? -1
            }
            let place = Place(point: point, makers: makers)
            if let at = index[place] {
                findings[at].groups.append(runs)
            } else {
                index[place] = findings.count
                findings.append((place, [runs]))
            }
        }
        return findings.map { finding(point: $0.place.point, groups: $0.groups, spelling: spelling) }
    }

    private func finding(point: Int?, groups: [[PerValueRun]], spelling: CodeSpelling) -> Finding {
        let runs = groups.flatMap { $0 }
        let counts = Set(groups.map(\.count))
        let perValue = counts.count == 1 ? "\(counts.first!)" : "\(counts.min()!) to \(counts.max()!)"
        let source = groups.first.map { describeSource(of: $0[0].origin) } ?? "value"
        var said = groups.prefix(Self.listedValues).map { group in
            "\(describeOrigin(group[0].origin)): "
                + group.prefix(Self.listedRuns).map { SubscriptionChain(leadingTo: $0.subscription, in: self).text }.joined(separator: ", ")
                + (group.count > Self.listedRuns ? " and \(group.count - Self.listedRuns) more" : "")
        }
        if groups.count > Self.listedValues { said.append("and \(groups.count - Self.listedValues) more") }
        var names: [String] = []
        for run in runs where !names.contains(name(of: run.signal)) { names.append(name(of: run.signal)) }
        let what = names.count == 1 ? names[0] : "\(names[0]) and \(names.count - 1) more like it"
        let suggestion = point.map { point in
            let change = Suggestion.Change.share(signal: point, through: .replayLazily)
            return Suggestion(
                change: change,
                sentence: "Share one run per value: put \(code(of: change, in: spelling).written) after \(place(of: point, in: spelling)) (where the subscriptions of "
                    + "every run meet) and subscribe to that instead: its subscribers then receive one run's values for each \(source).")
        }
        return Finding(
            kind: .repeatedSideEffect, signals: Self.unique(runs.map(\.signal)), subscriptions: runs.map(\.subscription),
            times: runs.map(\.time), events: runs.map(\.event),
            sentence: "\(what) ran once per subscriber for the same value, \(perValue) runs per \(source) (\(runs.count) in all, "
                + "for \(groups.count) value\(groups.count == 1 ? "" : "s")): " + said.joined(separator: "; ")
                + ". One run per value, shared, would do.",
            suggestion: suggestion)
    }

    /// How many values a per-value sentence lists before saying how many more there are.
    static let listedValues = 3

    /// The signal where the chains of subscriptions of `runs` meet: going up each chain from its
    /// run's parent, the first signal every chain subscribes to through a subscription of its own,
    /// and that is not plumbing. Sharing it gives every run's subscriber one run for each value;
    /// `nil` when the chains share no such signal (two pipelines each making their own request).
    func meetingPoint(of runs: [Int], plumbing: [Bool]) -> Int? {
        // Each chain as its signals, in order from the run up, and the first subscription of each
        // signal on it: at most ``causesWalked`` steps each, so the work is linear in the runs.
        var firstOrder: [Int] = []
        var chains: [[Int: Int]] = []
        for (position, run) in runs.enumerated() {
            var through: [Int: Int] = [:]
            var current = subscriptions.indices.contains(run) ? subscriptions[run].parent : nil
            var steps = 0
            while let id = current, subscriptions.indices.contains(id), steps < Self.causesWalked {
                steps += 1
                let signal = subscriptions[id].signal
                if through[signal] == nil {
                    through[signal] = id
                    if position == 0 { firstOrder.append(signal) }
                }
                current = subscriptions[id].parent
            }
            chains.append(through)
        }
        for signal in firstOrder where signals.indices.contains(signal) && !plumbing[signal] {
            var seen: Set<Int> = []
            if chains.allSatisfy({ $0[signal].map { seen.insert($0).inserted } ?? false }) { return signal }
        }
        return nil
    }

    /// Whether the subscription's maker (its parent's signal, or the subscription or subject it
    /// feeds) is plumbing: a command's execution.
    func isMadeByPlumbing(_ subscription: Int, plumbing: [Bool]) -> Bool {
        guard subscriptions.indices.contains(subscription) else { return false }
        let this = subscriptions[subscription]
        var maker: Int?
        if let parent = this.parent, subscriptions.indices.contains(parent) {
            maker = subscriptions[parent].signal
        } else if case .subscription(let fed) = this.subscriber, subscriptions.indices.contains(fed) {
            maker = subscriptions[fed].signal
        } else if case .signal(let subject) = this.subscriber {
            maker = subject
        }
        return maker.map { plumbing.indices.contains($0) && plumbing[$0] } ?? false
    }

    /// The first event of the chain of causes that leads to the event at `index`: the send or the
    /// value that started it. `nil` past ``causesWalked`` steps.
    func origin(of index: Int) -> Int? {
        var current = index, steps = 0
        while let cause = events[current].cause, events.indices.contains(cause) {
            steps += 1
            guard steps <= Self.causesWalked else { return nil }
            current = cause
        }
        return current
    }

    /// What a value came from, for a sentence: the subject it was sent to (`query`), or the
    /// signal that sent it, or "value".
    private func describeSource(of origin: Int) -> String {
        switch events[origin].kind {
        case .send(let signal, _): name(of: signal)
        case .next(let subscription, _, _) where subscriptions.indices.contains(subscription):
            "value of \(name(of: subscriptions[subscription].signal))"
        default: "value"
        }
    }

    /// The event a value came from, for a sentence: `"swift" sent to query at 2.5 s`.
    private func describeOrigin(_ origin: Int) -> String {
        let event = events[origin]
        switch event.kind {
        case .send(let signal, let value): return "\"\(shortened(value, to: 40))\" sent to \(name(of: signal)) at \(seconds(event.time))"
        case .next(let subscription, let value, _) where subscriptions.indices.contains(subscription):
            return "\"\(shortened(value, to: 40))\" from \(name(of: subscriptions[subscription].signal)) at \(seconds(event.time))"
        default: return "at \(seconds(event.time))"
        }
    }

    /// The ids in their first order, each once.
    static func unique(_ ids: [Int]) -> [Int] {
        var seen: Set<Int> = []
        return ids.filter { seen.insert($0).inserted }
    }
}
