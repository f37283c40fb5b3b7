extension Trace {
    /// A finding for each subscription to a plain subject made after values were sent to it: a
    /// subject has no memory, so those values never reach the subscriber. Named by the chain that
    /// leads to it (the subscriber whose pipeline subscribed), with the values and when they were
    /// sent; its events and times are those sends' (the last ``Finding/mostEvents`` of them).
    /// Plumbing's subjects are left out: switchToLatest subscribes to its own publish late on
    /// purpose, for the values to come. In the order of the late subscriptions.
    ///
    /// A declared subject gets a suggestion: make it a replay subject of capacity 1, so that the
    /// late subscriber receives the last value sent before it. A `publish` connection's subject
    /// (one the user did not make, described by RAC as `-publish`, or renamed by the file's `let`)
    /// has no declaration to change, so the sentence says what would keep the values instead.
    func missedValues() -> [Finding] {
        let plumbing = plumbing()
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
                guard chain.hasCause else { break }
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
                    published = " A `publish` makes a plain subject: `replayLast` in its place would give "
                        + "\(chain.names.first ?? "it") the last of them, \"\(shortened(last.value, to: 40))\", "
                        + "when it subscribes, and `replay` all of them."
                } else {
                    let all = missed.count == 1 ? "" : " (`replay \(name)` with no capacity would give all \(missed.count))"
                    suggestion = Suggestion(
                        change: .replaySubject(signal: signal, capacity: 1),
                        sentence: "Make \(name) a replay subject of capacity 1 (`replay \(name) capacity 1`): "
                            + "\(chain.names.first ?? "the late subscriber") would then receive \"\(shortened(last.value, to: 40))\", "
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
}
