import Tracer

extension Trace {
    /// A finding for each subject sent something after it terminated (after its completion or
    /// error) that reached no subscriber: no delivery names that send as its cause. Said with what
    /// ended the subject and when, what was sent after, with times, and the real reason each
    /// reached no one: the subject had no subscriber at that instant, and what ended the last one
    /// it had (its end, or a disposal after it), or that it never had one. The subject's end is
    /// not the reason by itself: a subscriber that comes after it still receives. Its events are
    /// the send that ended it and each ignored one. Plumbing's subjects are left out. In the
    /// order of the first ignored send.
    ///
    /// As in RAC 2.5, a plain or behavior subject keeps no state of its end: a subscriber that
    /// comes after it still receives what is sent later, so such a send that reached someone is
    /// not ignored. A replay subject keeps a value sent after its end and replays it to later
    /// subscribers (before the end), so only a second error or completion counts for it. A
    /// behavior subject's `sendNext` sets its current value, which every later subscriber
    /// receives when it subscribes, even after the end: a value sent after its end is ignored
    /// only when no subscriber received it and nothing subscribed to the subject while it was the
    /// current value (before the next value replaced it, or the run ended).
    func ignoredSends(plumbing: [Bool]) -> [Finding] {
        var ended: [Int: (event: Int, time: Double, what: String)] = [:]  // by subject
        var candidates: [(signal: Int, event: Int, time: Double, what: String, why: String)] = []
        var live: [Int: Set<Int>] = [:]  // by subject: its subscriptions not yet ended
        var lastEnded: [Int: String] = [:]  // by subject: how its last subscription to end ended
        var delivered = Set<Int>()  // sends that caused a delivery, or that a later subscriber received as the current value
        var current: [Int: Int] = [:]  // by behavior subject: the send of its current value
        for (index, event) in events.enumerated() {
            if event.kind.isDelivery, let cause = event.cause { delivered.insert(cause) }
            if case .subscribe(let subscription) = event.kind, subscriptions.indices.contains(subscription),
               let send = current[subscriptions[subscription].signal] {
                delivered.insert(send)
            }
            switch event.kind {
            case .subscribe(let subscription) where subscriptions.indices.contains(subscription):
                live[subscriptions[subscription].signal, default: []].insert(subscription)
            case .error(let subscription, _, _), .completed(let subscription, _), .dispose(let subscription):
                guard subscriptions.indices.contains(subscription) else { break }
                let subject = subscriptions[subscription].signal
                guard live[subject]?.remove(subscription) != nil else { break }
                let how = switch event.kind {
                case .error: "failed"
                case .completed: "completed"
                default: "was disposed"
                }
                lastEnded[subject] = "the last, \(describe(subscription: subscription)), \(how) at \(seconds(event.time))"
            default: break
            }
            if case .send(let subject, _) = event.kind, signals.indices.contains(subject),
               case .behaviorSubject = signals[subject].kind {
                current[subject] = index
            }
            let (signal, what, terminal): (Int, String, Bool)
            switch event.kind {
            case .send(let subject, let value): (signal, what, terminal) = (subject, "\"\(shortened(value, to: 40))\"", false)
            case .sendError(let subject, let message):
                (signal, what, terminal) = (subject, "the error \"\(shortened(message, to: 40))\"", true)
            case .sendCompleted(let subject): (signal, what, terminal) = (subject, "completion", true)
            default: continue
            }
            guard signals.indices.contains(signal), !plumbing[signal] else { continue }
            if ended[signal] != nil {
                if case .replaySubject = signals[signal].kind, !terminal { continue }  // kept, replayed later
                let why = live[signal, default: []].isEmpty
                    ? "it had no subscriber then: " + (lastEnded[signal] ?? "it never had one")
                    : "its subscribers then took nothing more"
                candidates.append((signal, index, event.time, what, why))
            } else if terminal {
                ended[signal] = (index, event.time, what == "completion" ? "completed" : "failed with \(what)")
            }
        }
        var ignored: [Int: [(event: Int, time: Double, what: String, why: String)]] = [:]  // by subject
        var order: [Int] = []
        for candidate in candidates where !delivered.contains(candidate.event) {
            if ignored[candidate.signal] == nil { order.append(candidate.signal) }
            ignored[candidate.signal, default: []].append((candidate.event, candidate.time, candidate.what, candidate.why))
        }
        return order.compactMap { signal in
            guard let end = ended[signal], let sends = ignored[signal] else { return nil }
            // The sends in runs of one reason, each run followed by it.
            var runs: [(sends: [String], why: String)] = []
            for send in sends.prefix(Finding.listedMost) {
                let text = "\(send.what) at \(seconds(send.time))"
                if runs.last?.why == send.why { runs[runs.count - 1].sends.append(text) } else { runs.append(([text], send.why)) }
            }
            let listed = runs.map { "\($0.sends.joined(separator: ", ")) (\($0.why))" }.joined(separator: "; ")
            let more = sends.count > Finding.listedMost ? " and \(sends.count - Finding.listedMost) more" : ""
            let count = sends.count == 1 ? "1 thing sent to it after that reached" : "\(sends.count) things sent to it after that reached"
            return Finding(
                kind: .ignoredSend, signals: [signal], subscriptions: [], times: sends.map(\.time),
                events: [end.event] + sends.map(\.event),
                sentence: "The \(signals[signal].kind.prose) \(name(of: signal)) \(end.what) at \(seconds(end.time)); "
                    + "\(count) no subscriber: \(listed)\(more).")
        }
    }
}
