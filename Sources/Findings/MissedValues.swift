import Tracer

extension Trace {
    /// A finding for each subscription to a plain subject made after values were sent to it: a
    /// subject has no memory, so those values never reach the subscriber. Named by the chain that
    /// leads to it (the subscriber whose pipeline subscribed), with the values and when they were
    /// sent; its events and times are those sends' (the last ``Finding/mostEvents`` of them).
    /// Plumbing's subjects are left out: switchToLatest subscribes to its own publish late on
    /// purpose, for the values to come. In the order of the late subscriptions.
    ///
    /// Nor does a late subscription that is an operator's trigger rather than its receiver lose
    /// anything (``isTriggerSide(_:subscribed:)``): `takeUntil` watches its trigger for its first
    /// value, and a value sent before would only have ended the receiver's values at once.
    ///
    /// A declared subject gets a suggestion: make it a replay subject of capacity 1, so that the
    /// late subscriber receives the last value sent before it. A `publish` connection's subject
    /// (one the user did not make, described by RAC as `-publish`, or renamed by the file's `let`)
    /// has no declaration to change, so the sentence says what would keep the values instead.
    ///
    /// A value the same subscriber received through another subscription to the subject, open when
    /// it was sent, is not missed: a `retry` attempt's new subscription comes after values the
    /// attempt before it received (and filtered, or failed on). Nor is one already said missed by
    /// an earlier subscription of the same subscriber.
    func missedValues(plumbing: [Bool], subscribed: [Int?], spelling: CodeSpelling) -> [Finding] {
        /// Whether `signal` is a subject of the user's, whose sends a late subscriber misses.
        func isUsersSubject(_ signal: Int) -> Bool {
            signals.indices.contains(signal) && signals[signal].kind == .subject && !plumbing[signal]
        }
        let connectionSubjects = Set(signals.lazy.filter { $0.kind == .connection }.compactMap(\.subject))
        var sent: [Int: [(value: String, time: Double, event: Int)]] = [:]  // by subject, so far
        /// What one subscriber (its topmost subscription) had of one subject: kept per subscriber,
        /// not per send, so that a send costs nothing more however many subscribe.
        struct Reach {
            /// How many of its subscriptions to the subject are open, and since which event.
            var open = 0, since = 0
            /// The events, in order, during which it had one open before.
            var spans: [Range<Int>] = []
            /// The last event whose sends it was told it missed.
            var toldThrough = -1

            /// Whether a send at event `event` reached it.
            func reached(_ event: Int) -> Bool {
                if open > 0, event >= since { return true }
                // The last span that starts at or before the event.
                var low = 0, high = spans.count
                while low < high {
                    let middle = (low + high) / 2
                    if spans[middle].lowerBound <= event { low = middle + 1 } else { high = middle }
                }
                return low > 0 && spans[low - 1].contains(event)
            }
        }
        var reach: [Int: [Int: Reach]] = [:]  // by subject, then subscriber
        var tops: [Int?] = Array(repeating: nil, count: subscriptions.count)
        func top(of subscription: Int) -> Int {
            if let known = tops[subscription] { return known }
            let found = topmostSubscription(of: subscription)
            tops[subscription] = found
            return found
        }
        var closed: Set<Int> = []
        var findings: [Finding] = []
        for (index, event) in events.enumerated() {
            switch event.kind {
            case .send(let signal, let value) where isUsersSubject(signal):
                sent[signal, default: []].append((value, event.time, index))
            case .completed(let subscription, _), .error(let subscription, _, _), .dispose(let subscription):
                guard subscriptions.indices.contains(subscription), closed.insert(subscription).inserted else { break }
                let signal = subscriptions[subscription].signal
                let subscriber = top(of: subscription)
                guard isUsersSubject(signal), var was = reach[signal]?[subscriber], was.open > 0 else { break }
                was.open -= 1
                if was.open == 0 { was.spans.append(was.since..<index) }
                reach[signal]?[subscriber] = was
            case .subscribe(let subscription):
                guard subscriptions.indices.contains(subscription) else { break }
                let signal = subscriptions[subscription].signal
                guard isUsersSubject(signal) else { break }
                let subscriber = top(of: subscription)
                var was = reach[signal]?[subscriber] ?? Reach()
                let missed = (sent[signal] ?? []).filter { $0.event > was.toldThrough && !was.reached($0.event) }
                if was.open == 0 { was.since = index }
                was.open += 1
                defer { reach[signal, default: [:]][subscriber] = was }
                guard !missed.isEmpty else { break }
                let chain = SubscriptionChain(leadingTo: subscription, in: self)
                // Only a subscriber's: a subscription no binding made (a connection's) is no one's loss.
                guard chain.hasCause, !isTriggerSide(subscription, subscribed: subscribed) else { break }
                // Said once for the subscriber: a later attempt of it misses them no more than this one.
                was.toldThrough = index
                let name = name(of: signal)
                let count = missed.count == 1 ? "1 value was" : "\(missed.count) values were"
                let last = missed[missed.count - 1]
                let sentence = "\(chain.text) subscribed to the subject \(name) at "
                    + "\(seconds(event.time)), after \(count) sent to it "
                    + "(\(Finding.listed(missed.prefix(Finding.listedMost).map(\.value), of: missed.count))); "
                    + "a subject does not replay them, so they never arrive."
                var suggestion: Suggestion?
                var published = ""
                if connectionSubjects.contains(signal), isConnectionMadeSubject(signal) {
                    // No value named: after `publish | autoconnect` a replayLast, which connects at once and
                    // never disconnects, may have received later values by the time the subscriber comes.
                    published = " A \(spelling.write(.call("publish"))) makes a plain subject, which keeps no value: "
                        + "\(spelling.write(.call("replayLast"))) in place of \(spelling.write(.call("publish"))) and its connecting (it connects "
                        + "at once and returns a signal, not a connection) keeps the last value sent for a later subscriber, and "
                        + "\(spelling.write(.call("replay"))) all of them."
                } else {
                    // The subscriber itself when it subscribed to the subject, else its pipeline: an
                    // operator between (a filter, a map) may pass the value on changed or not at all.
                    let receiver = chain.names.count <= 2 ? (chain.names.first ?? "the late subscriber")
                        : "\(chain.names.first ?? "the late subscriber")'s pipeline (\(chain.text))"
                    let unlimited = code(of: .replaySubject(signal: signal, capacity: nil), in: spelling).written
                    let all = missed.count == 1 ? "" : " (\(unlimited) with no capacity would give all \(missed.count))"
                    let change = Suggestion.Change.replaySubject(signal: signal, capacity: 1)
                    let (written, replacing) = code(of: change, in: spelling)
                    suggestion = Suggestion(
                        change: change,
                        sentence: "Make \(place(of: signal, in: spelling)) a replay subject of capacity 1 (\(written)"
                            + (replacing.map { " in place of \($0)" } ?? "") + "): "
                            + "\(receiver) would then receive \"\(shortened(last.value, to: 40))\", "
                            + "the last value sent before it subscribed, at \(seconds(event.time))\(all).")
                }
                let kept = missed.suffix(Finding.mostEvents)
                findings.append(Finding(
                    kind: .missedValues, signals: [signal], subscriptions: [subscription], times: kept.map(\.time),
                    events: kept.map(\.event), sentence: sentence + published, suggestion: suggestion))
            default: break
            }
        }
        return findings
    }

    /// Whether a connection's plain subject is one its user did not make: one `publish` made
    /// (its ``TraceSignal/operation`` says so, whatever a scenario file's `let` named it), not a
    /// subject the user made and passed to `multicast`.
    func isConnectionMadeSubject(_ signal: Int) -> Bool {
        switch operation(of: signal) {
        case .publish?, .replay?, .replayLast?, .replayLazily?: true
        default: false
        }
    }

    /// Whether a subscription is the side an operator watches rather than the one whose values it
    /// passes on: the trigger of `takeUntil` or `takeUntilReplacement` (RAC's didSubscribe
    /// subscribes to it first, before the receiver, so it is the first subscription the
    /// operator's subscription made), or the sampler of `sample` (subscribed second, after the
    /// receiver). The operator is told by its signal's ``TraceSignal/operation``.
    func isTriggerSide(_ subscription: Int, subscribed: [Int?]) -> Bool {
        guard subscriptions.indices.contains(subscription), let parent = subscriptions[subscription].parent,
              subscriptions.indices.contains(parent) else { return false }
        let position: Int
        switch operation(of: subscriptions[parent].signal) {
        case .takeUntil?, .takeUntilReplacement?: position = 0
        case .sample?: position = 1
        default: return false
        }
        // The operator's subscriptions, in the order they were made.
        let made = subscriptions.indices.filter { subscriptions[$0].parent == parent }
            .sorted { (subscribed[$0] ?? Int.max) < (subscribed[$1] ?? Int.max) }
        return made.indices.contains(position) && made[position] == subscription
    }
}
