extension Trace {
    /// A finding for each subscription to a plain subject made after values were sent to it: a
    /// subject has no memory, so those values never reach the subscriber. Named by the chain that
    /// leads to it (the subscriber whose pipeline subscribed), with the values and when they were
    /// sent. Plumbing's subjects are left out: switchToLatest subscribes to its own publish late on
    /// purpose, for the values to come. In the order of the late subscriptions.
    func missedValues() -> [Finding] {
        let plumbing = plumbing()
        /// Whether `signal` is a subject of the user's, whose sends a late subscriber misses.
        func isUsersSubject(_ signal: Int) -> Bool {
            signals.indices.contains(signal) && signals[signal].kind == .subject && !plumbing[signal]
        }
        var sent: [Int: [(value: String, time: Double)]] = [:]  // by subject, so far
        var findings: [Finding] = []
        for event in events {
            switch event.kind {
            case .send(let signal, let value) where isUsersSubject(signal):
                sent[signal, default: []].append((value, event.time))
            case .subscribe(let subscription):
                guard subscriptions.indices.contains(subscription) else { break }
                let signal = subscriptions[subscription].signal
                guard isUsersSubject(signal), let missed = sent[signal], !missed.isEmpty else { break }
                let chain = SubscriptionChain(leadingTo: subscription, in: self)
                // Only a subscriber's: a subscription no binding made (a connection's) is no one's loss.
                guard chain.hasCause else { break }
                let count = missed.count == 1 ? "1 value was" : "\(missed.count) values were"
                findings.append(Finding(
                    kind: .missedValues, signals: [signal], subscriptions: [subscription], times: missed.map(\.time),
                    sentence: "\(chain.text) subscribed to the subject \(signals[signal].name) at "
                        + "\(SecondsFormat.forPeople.format(event.time)), after \(count) sent to it "
                        + "(\(Finding.listed(missed.prefix(Finding.listedMost).map(\.value), of: missed.count))); "
                        + "a subject does not replay them, so they never arrive."))
            default: break
            }
        }
        return findings
    }
}
