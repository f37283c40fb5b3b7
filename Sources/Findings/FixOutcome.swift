import Tracer
/// What a suggested change did, read from the trace before it and the trace of the same scenario
/// run again with the change: how many times the finding's cold signal ran, and for every
/// labelled subscriber whether it received the same events at the same times, or what changed.
///
/// The two traces are matched by names, not ids (the change adds signals and subscriptions): a
/// cold signal by its name, a subscriber by its label and, for a label used more than once, by
/// the order of its subscriptions.
public struct FixOutcome: Sendable, Hashable {
    /// One event a subscriber received: when, and what (a value, `error(message)` or `completed`).
    public struct Received: Sendable, Hashable, CustomStringConvertible {
        /// When it arrived.
        public var time: Double
        /// What arrived: the value's label, `error(message)` or `completed`.
        public var event: String
        /// Whether it was history replayed to a new subscriber.
        public var replayed: Bool

        /// Makes a received event.
        public init(time: Double, event: String, replayed: Bool) {
            self.time = time
            self.event = event
            self.replayed = replayed
        }

        /// The event and its time, for people: `"response" at 1 s` (replayed: `… at 1 s, replayed`).
        public var description: String {
            "\(event) at \(SecondsFormat.forPeople.format(time))\(replayed ? ", replayed" : "")"
        }
    }

    /// One labelled subscriber, before and after.
    public struct Subscriber: Sendable, Hashable {
        /// Its label.
        public var label: String
        /// What it received before the change; `nil` if it did not subscribe then.
        public var before: [Received]?
        /// What it received after the change; `nil` if it did not subscribe then.
        public var after: [Received]?

        /// Whether it received the same events at the same times (a replayed value that arrives at
        /// the same time as the live one did counts as the same).
        public var isUnchanged: Bool {
            before.map(Self.comparable) == after.map(Self.comparable)
        }

        /// What changed, for people: "unchanged", or the events it no longer receives and those it
        /// receives now (`lost "a" at 1 s; gained "b" at 1 s, replayed`), compared as ``isUnchanged``
        /// compares them (by time and event); or whether it subscribed only before or only after.
        public var summary: String {
            guard !isUnchanged else { return "unchanged" }
            func list(_ events: [Received]) -> String {
                events.isEmpty ? "nothing" : events.map(\.description).joined(separator: ", ")
            }
            switch (before, after) {
            case (nil, let after?): return "did not subscribe before; now receives \(list(after))"
            case (let before?, nil): return "no longer subscribes; received \(list(before))"
            case (let before?, let after?):
                let lost = Self.difference(before, after), gained = Self.difference(after, before)
                if lost.isEmpty, gained.isEmpty {
                    return "the same events in another order: before, \(list(before)); after, \(list(after))"
                }
                return [lost.isEmpty ? nil : "lost \(list(lost))", gained.isEmpty ? nil : "gained \(list(gained))"]
                    .compactMap { $0 }.joined(separator: "; ")
            case (nil, nil): return "received nothing"
            }
        }

        /// Whether it received everything it did before, at the same times, and more: a fix that
        /// only adds.
        public var onlyGained: Bool {
            guard let before, let after else { return false }
            return Self.difference(before, after).isEmpty && !Self.difference(after, before).isEmpty
        }

        /// The events of `events` that `other` does not have (each counted as often as it occurs), by time and event.
        private static func difference(_ events: [Received], _ other: [Received]) -> [Received] {
            var left: [[String]: Int] = [:]
            for event in other { left[comparable([event]), default: 0] += 1 }
            return events.filter { event in
                let key = comparable([event])
                guard let count = left[key], count > 0 else { return true }
                left[key] = count - 1
                return false
            }
        }

        private static func comparable(_ events: [Received]) -> [String] {
            events.map { "\($0.time) \($0.event)" }
        }
    }

    /// How many times a cold signal's `didSubscribe` ran, before and after.
    public struct Runs: Sendable, Hashable {
        /// The signal's name.
        public var name: String
        /// Its runs before the change.
        public var before: Int
        /// Its runs after the change.
        public var after: Int

        /// Makes a count.
        public init(name: String, before: Int, after: Int) {
            self.name = name
            self.before = before
            self.after = after
        }
    }

    /// The runs of each cold signal a repeated-side-effect finding names (fetchData: 6 before, 1 after);
    /// empty for other kinds.
    public var runs: [Runs]
    /// Every labelled subscriber of either trace, in the order of their first subscriptions
    /// (before's, then any only after's).
    public var subscribers: [Subscriber]
    /// Whether the change removed the finding: the changed run has no finding of the same kind
    /// on a signal of the same name.
    public var removesFinding: Bool

    /// The subscribers whose events changed.
    public var changed: [Subscriber] { subscribers.filter { !$0.isUnchanged } }

    /// The labels of the subscribers whose events did not change, each once, in order.
    public var unchangedLabels: [String] {
        var seen: Set<String> = []
        return subscribers.filter(\.isUnchanged).map(\.label).filter { seen.insert($0).inserted }
    }

    /// Compares `before`, where `finding` was found, with `after`, the same scenario run with the
    /// finding's suggested change.
    public init(finding: Finding, before: Trace, after: Trace) {
        let names = finding.signals.compactMap { before.signals.indices.contains($0) ? before.signals[$0].name : nil }
        runs = finding.kind == .repeatedSideEffect ? Self.runs(of: finding, before: before, after: after) : []
        let received = (before.receivedByLabel(), after.receivedByLabel())
        let afterByKey = Dictionary(received.1.map { ($0.key, $0.events) }, uniquingKeysWith: { first, _ in first })
        let beforeKeys = Set(received.0.map(\.key))
        var subscribers = received.0.map { entry in
            Subscriber(label: entry.label, before: entry.events, after: afterByKey[entry.key])
        }
        for entry in received.1 where !beforeKeys.contains(entry.key) {
            subscribers.append(Subscriber(label: entry.label, before: nil, after: entry.events))
        }
        self.subscribers = subscribers
        let afterFindings = after.findings()
        // A finding about labelled subscribers is still there when the change moved it to a new
        // signal the same subscribers subscribe to (`tweetsOnMain`, `notesUntilScreen`).
        let labels = Set(finding.subscriptions.compactMap { before.subscriptions.indices.contains($0) ? before.subscriptions[$0].label : nil })
        let byLabel = finding.kind == .offMainDelivery || finding.kind == .neverEnded
        removesFinding = !afterFindings.contains { other in
            guard other.kind == finding.kind else { return false }
            if Set(other.signals.compactMap { after.signals.indices.contains($0) ? after.signals[$0].name : nil })
                .intersection(names).isEmpty == false { return true }
            return byLabel && other.subscriptions.contains { after.subscriptions.indices.contains($0) && after.subscriptions[$0].label.map(labels.contains) == true }
        }
    }
}

extension FixOutcome {
    /// Whether the change is a fix of `finding`, found in `before`: it removes the finding and helps
    /// the one who lost something. For missed values, the late subscriber (the label that starts the
    /// late subscription's chain) receives more than before and loses nothing: a value the subject
    /// now replays that a filter then drops, or a trigger (`takeUntil`'s) that now fires at once,
    /// removes the finding but is no fix. A proof keeps a suggestion only when it is one.
    public func isFix(of finding: Finding, in before: Trace) -> Bool {
        guard removesFinding else { return false }
        guard finding.kind == .missedValues else { return true }
        guard let late = finding.subscriptions.first,
              let label = SubscriptionChain(leadingTo: late, in: before).names.first else { return false }
        let subscribers = subscribers.filter { $0.label == label && !$0.isUnchanged }
        return !subscribers.isEmpty && subscribers.allSatisfy(\.onlyGained)
    }

    /// The runs a repeated-side-effect finding counts, before and after. Of runs made per value
    /// (``Trace/repeatedRunsPerValue(plumbing:subscribed:)``), those of each name: each value's
    /// request is a signal of its own. Otherwise those the finding counts (not retry's or repeat's,
    /// not one per value) of the finding's own signal: in the changed run, the signal of the same
    /// name made in the same turn (the nth of that name), not every signal that shares its name
    /// (two `defer`s).
    static func runs(of finding: Finding, before: Trace, after: Trace) -> [Runs] {
        let perValueBefore = before.perValueRuns()
        if let first = finding.subscriptions.first, perValueBefore.contains(where: { $0.subscription == first }) {
            let perValueAfter = after.perValueRuns()
            var seen: Set<String> = []
            return finding.signals.map { before.name(of: $0) }.filter { seen.insert($0).inserted }.map { name in
                Runs(name: name, before: perValueBefore.count { before.name(of: $0.signal) == name },
                     after: perValueAfter.count { after.name(of: $0.signal) == name })
            }
        }
        let runsBefore = Dictionary(grouping: before.countedColdRuns().runs, by: \.signal)
        let runsAfter = Dictionary(grouping: after.countedColdRuns().runs, by: \.signal)
        func nth(_ signal: Int, in trace: Trace) -> Int {
            trace.signals[..<signal].count { $0.name == trace.signals[signal].name }
        }
        return finding.signals.compactMap { signal in
            guard before.signals.indices.contains(signal) else { return nil }
            let name = before.signals[signal].name, turn = nth(signal, in: before)
            let same = after.signals.indices.filter { after.signals[$0].name == name }
            let counterpart = same.indices.contains(turn) ? same[turn] : nil
            return Runs(
                name: name, before: runsBefore[signal]?.count ?? 0,
                after: counterpart.flatMap { runsAfter[$0]?.count } ?? 0)
        }
    }
}

extension Trace {
    /// What each labelled subscription received, in the order of the subscriptions, keyed by label
    /// and the how-manieth subscription of that label it is ("Late#1").
    func receivedByLabel() -> [(key: String, label: String, events: [FixOutcome.Received])] {
        var order: [(key: String, label: String, subscription: Int)] = []
        var seen: [String: Int] = [:]
        var index: [Int: Int] = [:]  // subscription -> position in order
        for subscription in subscriptions {
            guard case .label(let label) = subscription.subscriber else { continue }
            seen[label, default: 0] += 1
            index[subscription.id] = order.count
            order.append(("\(label)#\(seen[label]!)", label, subscription.id))
        }
        var events = Array(repeating: [FixOutcome.Received](), count: order.count)
        for event in self.events {
            switch event.kind {
            case .next(let subscription, let value, let replayed):
                if let at = index[subscription] { events[at].append(.init(time: event.time, event: "\"\(value)\"", replayed: replayed)) }
            case .error(let subscription, let message, let replayed):
                if let at = index[subscription] {
                    events[at].append(.init(time: event.time, event: "error(\(message))", replayed: replayed))
                }
            case .completed(let subscription, let replayed):
                if let at = index[subscription] { events[at].append(.init(time: event.time, event: "completed", replayed: replayed)) }
            default: break
            }
        }
        return order.indices.map { (order[$0].key, order[$0].label, events[$0]) }
    }
}
