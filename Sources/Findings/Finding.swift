import Tracer
/// Something that went wrong in a trace, found by reading it: what kind, which signals and
/// subscriptions, when, and one sentence for people (issue 16).
///
/// ```swift
/// for finding in trace.findings() { print(finding.sentence) }
/// // fetchData's didSubscribe ran 6 times, once per subscription: ...
/// ```
public struct Finding: Sendable, Hashable {
    /// What went wrong. The cases are in order of importance, the most important first, as
    /// ``Trace/findings()`` returns them: a pipeline an error ended (the app stops answering), then
    /// work repeated and values lost (they change what an app does or costs), then values that will never come or come wrong, then what is
    /// worth knowing but often meant (a caught error, an ignored send), then what only costs
    /// resources (a subscription never ended, a connection nobody used).
    public enum Kind: String, Sendable, CaseIterable {
        /// A labelled subscription was ended by an error while it listened to a subject, and values
        /// sent to that subject afterwards reached no one: a trigger pipeline (`pulls | flattenMap
        /// request`) that one failure ended, so that every later trigger does nothing.
        case terminatedPipeline
        /// A cold signal's `didSubscribe` ran more than once, for separate subscriptions: its side
        /// effect (a request) repeated. A run that an operator made again when the run before it
        /// ended (`retry`, `repeat`) is that operator's purpose and is not counted; nor is a run
        /// plumbing made (each `execute` of a command) or one an operator made for a value
        /// delivered to it (`flattenMap` for each value: separate values, separate requests).
        case repeatedSideEffect
        /// A subscriber to a plain subject (a declared one, or a `publish` connection's) subscribed
        /// after values were sent to it, and never gets them. Not the side an operator watches
        /// (the trigger of `takeUntil`), whose earlier values would not have been passed on.
        case missedValues
        /// A group of a `groupBy` was sent values while nothing subscribed to it: a group is a
        /// subject, and they were lost.
        case unsubscribedGroups
        /// A connection was disconnected (its disposable disposed, by hand or by `autoconnect` when
        /// its last subscriber left), and later a `connect()` did nothing, or a subscriber subscribed
        /// to its subject: as in RAC 2.5 a connection never connects again, so the source is not
        /// subscribed again and nothing from it arrives.
        case deadConnection
        /// A command's execution failed, and its error reached no one, while something subscribed
        /// to the command's `executionSignals`, where RAC 2.5 replaces an execution's error with a
        /// completion: the error goes to the command's `errors` only.
        case unobservedCommandError
        /// A `flattenMap` (or `map` then `flatten`) let an older inner signal deliver a value after
        /// a newer inner signal had started: a stale result, as in a search box. Not a `flatten`
        /// with an explicit limit above 1 (`flatten 2`), which asks for inner signals side by side.
        case staleInnerValues
        /// A `concat` or `then` waited, when the run ended, for a signal that never completed, and
        /// never subscribed to the signal after it: a request never sent behind a cache that never
        /// completes.
        case stuckConcat
        /// A labelled subscriber received values on a scheduler other than `main` (`subscribeOn
        /// background` without `deliverOn main`): a screen updated off the main thread.
        case offMainDelivery
        /// An error was replaced by another signal (`catchTo`): the subscriber never saw it.
        case swallowedError
        /// A value, error or completion was sent to a subject after it had terminated, and reached
        /// no subscriber (a replay subject's value is kept for later ones, so only its second end
        /// counts; a behavior subject's value is kept as its current value, so only one replaced
        /// before anything subscribed, or never subscribed to, counts).
        case ignoredSend
        /// A labelled subscription had neither terminated nor been disposed when the run ended:
        /// in an app, a subscription that stays until something disposes it.
        case neverEnded
        /// A connection's source stayed subscribed, and went on sending, after the last subscriber of
        /// its subject had left: a timer ticking for a screen that is gone.
        case runningWithoutSubscribers
        /// A connection connected, subscribing to its source, and nothing subscribed to its subject
        /// by the end of the run: work nobody asked for (an eager `replay` or `replayLast`).
        case connectedWithoutSubscribers
        /// A replay subject of unlimited capacity kept a history of values that no subscriber was
        /// replayed more than the last of: `replayLast` would do.
        case unboundedReplay

        /// The kind's place in the order of importance: 0 for the most important.
        public var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }
    }

    /// What went wrong.
    public var kind: Kind
    /// The signals involved, by id: the cold signal (repeatedSideEffect); the subject
    /// (missedValues, ignoredSend); the connection, its subject and its source (deadConnection,
    /// connectedWithoutSubscribers); the flattening operator's signal (staleInnerValues); the
    /// catching operator's, the failed one and the one that stood in (swallowedError); the signals
    /// subscribed to (neverEnded).
    public var signals: [Int]
    /// The subscriptions involved, by id: each run's (repeatedSideEffect); the late one
    /// (missedValues); the late ones to the subject (deadConnection); the operator's, then the
    /// older inner ones that delivered late (staleInnerValues); the operator's, the failed one and
    /// the stand-in's (swallowedError); the open ones (neverEnded); none (ignoredSend,
    /// connectedWithoutSubscribers).
    public var subscriptions: [Int]
    /// When: each run (repeatedSideEffect); each missed send, the last ``mostEvents`` of them
    /// (missedValues); the disconnect, then each late connect or subscription (deadConnection);
    /// each stale value, and the subscription of the newer inner signal it came after (staleInnerValues); the error (swallowedError); each ignored send
    /// (ignoredSend); each open subscription's subscribe (neverEnded); the connect
    /// (connectedWithoutSubscribers). The earliest orders findings of the same kind.
    public var times: [Double]
    /// The events that show it, by index in the trace's events, in order: each run's
    /// `didSubscribe`, each missed send, and so on (what a diagram highlights).
    public var events: [Int]
    /// What happened, in one sentence.
    public var sentence: String
    /// The change that removes it, where there is one.
    public var suggestion: Suggestion?

    /// Makes a finding.
    public init(
        kind: Kind, signals: [Int], subscriptions: [Int], times: [Double], events: [Int] = [], sentence: String,
        suggestion: Suggestion? = nil
    ) {
        self.kind = kind
        self.signals = signals
        self.subscriptions = subscriptions
        self.times = times
        self.events = events
        self.sentence = sentence
        self.suggestion = suggestion
    }

    /// The most times and events a finding about many sends keeps (a missed-values finding keeps
    /// the last of them), so that findings stay linear in the trace's size: a subject sent a
    /// million values and subscribed late a million times would otherwise make a trillion.
    public static let mostEvents = 100

        /// How many values a sentence quotes before saying how many more there are.
    static let listedMost = 3

    /// Values for a sentence: the first ``listedMost`` of `values`, quoted and cut, and how many
    /// more of `count` (all of `values` by default) there are.
    static func listed(_ values: some Collection<String>, of count: Int? = nil) -> String {
        let total = count ?? values.count
        guard total > 0 else { return "none" }
        let shown = values.prefix(listedMost).map { "\"\(shortened($0, to: 40))\"" }.joined(separator: ", ")
        return total > listedMost ? "\(shown) and \(total - listedMost) more" : shown
    }
}

extension Trace {
    /// What went wrong in the trace, the most important first: by ``Finding/Kind`` in the order of
    /// its cases, then by time (a finding's first time), then in the order each kind found them.
    /// Each kind reads the events in one pass or a few, so the work grows with the trace's size.
    public func findings() -> [Finding] {
        // What several kinds read, made once: which signals are plumbing, where each subscription was
        // made, which events a delivery came from.
        let plumbing = plumbing()
        let subscribed = subscribeEventIndices()
        let delivered = deliveryCauses()
        let spelling = codeSpelling
        let found = terminatedPipelines(plumbing: plumbing, delivered: delivered, spelling: spelling)
            + repeatedSideEffects(plumbing: plumbing, subscribed: subscribed, spelling: spelling)
            + repeatedRunsPerValue(plumbing: plumbing, subscribed: subscribed, spelling: spelling)
            + missedValues(plumbing: plumbing, subscribed: subscribed, spelling: spelling) + deadConnections(plumbing: plumbing)
            + unobservedCommandErrors(delivered: delivered) + staleInnerValues(plumbing: plumbing, spelling: spelling)
            + stuckConcats(plumbing: plumbing, spelling: spelling) + offMainDeliveries(spelling: spelling) + swallowedErrors(plumbing: plumbing)
            + ignoredSends(plumbing: plumbing) + neverEnded(spelling: spelling)
            + runningWithoutSubscribers(plumbing: plumbing, spelling: spelling)
            + connectedWithoutSubscribers(plumbing: plumbing, spelling: spelling)
            + unsubscribedGroups(delivered: delivered, spelling: spelling) + unboundedReplays(plumbing: plumbing, spelling: spelling)
        let keys = found.enumerated().map { (rank: $1.kind.rank, time: $1.times.min() ?? 0, offset: $0) }
        return keys.sorted { a, b in
            if a.rank != b.rank { return a.rank < b.rank }
            if a.time != b.time { return a.time < b.time }
            return a.offset < b.offset
        }.map { found[$0.offset] }
    }

    /// For each subscription, by id, the position of its `subscribe` event, if the trace has one.
    func subscribeEventIndices() -> [Int?] {
        var found = [Int?](repeating: nil, count: subscriptions.count)
        for (index, event) in events.enumerated() {
            if case .subscribe(let subscription) = event.kind, found.indices.contains(subscription),
               found[subscription] == nil {
                found[subscription] = index
            }
        }
        return found
    }

    /// The events that caused a delivery: a send in it reached a subscriber; one not in it reached no one.
    func deliveryCauses() -> Set<Int> {
        var causes: Set<Int> = []
        for event in events where event.kind.isDelivery {
            if let cause = event.cause { causes.insert(cause) }
        }
        return causes
    }

    /// A signal's name, or "signal N" for an id the trace does not have.
    func name(of signal: Int) -> String {
        signals.indices.contains(signal) ? signals[signal].name : "signal \(signal)"
    }

    /// Where a suggested change goes, for its sentence: the signal's name, and in Swift where the
    /// code named it, "fetchUser (AppTests/LoginTests.swift:8)".
    func place(of signal: Int, in spelling: CodeSpelling) -> String {
        guard spelling == .swift, signals.indices.contains(signal), let site = signals[signal].site else { return name(of: signal) }
        return "\(name(of: signal)) (\(site))"
    }

    /// A time for people: "1.5 s".
    func seconds(_ time: Double) -> String { SecondsFormat.forPeople.format(time) }
}
