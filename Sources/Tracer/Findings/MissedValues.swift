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
    func missedValues(plumbing: [Bool], subscribed: [Int?]) -> [Finding] {
        /// Whether `signal` is a subject of the user's, whose sends a late subscriber misses.
        func isUsersSubject(_ signal: Int) -> Bool {
            signals.indices.contains(signal) && signals[signal].kind == .subject && !plumbing[signal]
        }
        let connectionSubjects = Set(signals.lazy.filter { $0.kind == .connection }.compactMap(\.subject))
        var sent: [Int: [(value: String, time: Double, event: Int)]] = [:]  // by subject, so far
        var findings: [Finding] = []
        for (index, event) in events.enumerated() {
            switch event.kind {
            case .send(let signal, let value) where isUsersSubject(signal):
                sent[signal, default: []].append((value, event.time, index))
            case .subscribe(let subscription):
                guard subscriptions.indices.contains(subscription) else { break }
                let signal = subscriptions[subscription].signal
                guard isUsersSubject(signal), let missed = sent[signal], !missed.isEmpty else { break }
                let chain = SubscriptionChain(leadingTo: subscription, in: self)
                // Only a subscriber's: a subscription no binding made (a connection's) is no one's loss.
                guard chain.hasCause, !isTriggerSide(subscription, subscribed: subscribed) else { break }
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
                    published = " A `publish` makes a plain subject, which keeps no value: `replayLast` in place of "
                        + "`publish` and its connecting (it connects at once and returns a signal, not a connection) "
                        + "keeps the last value sent for a later subscriber, and `replay` all of them."
                } else {
                    // The subscriber itself when it subscribed to the subject, else its pipeline: an
                    // operator between (a filter, a map) may pass the value on changed or not at all.
                    let receiver = chain.names.count <= 2 ? (chain.names.first ?? "the late subscriber")
                        : "\(chain.names.first ?? "the late subscriber")'s pipeline (\(chain.text))"
                    let all = missed.count == 1 ? "" : " (`replay \(name)` with no capacity would give all \(missed.count))"
                    suggestion = Suggestion(
                        change: .replaySubject(signal: signal, capacity: 1),
                        sentence: "Make \(name) a replay subject of capacity 1 (`replay \(name) capacity 1`): "
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

    /// Whether a connection's plain subject is one its user did not make and name: one made by
    /// `publish` (RAC describes it as `[source] -multicast: [source] -publish`, and a scenario
    /// file's `let` renames it, leaving no description). A subject the user made and multicast
    /// keeps its name, and RAC's description ends with it: `[source] -multicast: subject`.
    func isConnectionMadeSubject(_ signal: Int) -> Bool {
        guard signals.indices.contains(signal) else { return false }
        let subject = signals[signal]
        return !(subject.description?.hasSuffix("-multicast: \(subject.name)") ?? false)
    }

    /// Whether a subscription is the side an operator watches rather than the one whose values it
    /// passes on: the trigger of `takeUntil` or `takeUntilReplacement` (RAC's didSubscribe
    /// subscribes to it first, before the receiver, so it is the first subscription the
    /// operator's subscription made), or the sampler of `sample` (subscribed second, after the
    /// receiver). The operator is told by its signal's RAC description, which ends with
    /// `-takeUntil: trigger`, `-takeUntilReplacement: replacement` or `-sample: sampler`.
    func isTriggerSide(_ subscription: Int, subscribed: [Int?]) -> Bool {
        guard subscriptions.indices.contains(subscription), let parent = subscriptions[subscription].parent,
              subscriptions.indices.contains(parent), signals.indices.contains(subscriptions[parent].signal) else { return false }
        guard let description = operation(of: subscriptions[parent].signal) else { return false }
        // The operator RAC describes last: what follows the receiver's bracketed description.
        var depth = 0, end: String.Index?
        for index in description.indices {
            if description[index] == "[" { depth += 1 }
            if description[index] == "]" { depth -= 1 }
            if depth == 0 { end = index; break }
        }
        let rest = end.map { description[description.index(after: $0)...] } ?? ""
        func last(_ name: String) -> Bool { description.hasPrefix("[") && rest.hasPrefix(" -\(name): ") }
        let position: Int
        if last("takeUntil") || last("takeUntilReplacement") { position = 0 } else if last("sample") { position = 1 } else {
            return false
        }
        // The operator's subscriptions, in the order they were made.
        let made = subscriptions.indices.filter { subscriptions[$0].parent == parent }
            .sorted { (subscribed[$0] ?? Int.max) < (subscribed[$1] ?? Int.max) }
        return made.indices.contains(position) && made[position] == subscription
    }
}
