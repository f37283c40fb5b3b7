import Tracer

extension Trace {
    /// One finding for the labelled subscriptions that the trace proves should have ended and did
    /// not. A subscription still open when a run ends is not one by itself: a binding lives as long
    /// as its screen, which outlives the run. Two things prove it:
    /// - **it outlived its owner**: its subscriber declared an owner (``TraceSubscription/owner``,
    ///   `subscribe "Screen" to notifications owned by screen`), the owner's signal terminated (the
    ///   screen went), and the subscription was still open after that instant, or was made after it;
    /// - **nothing can end it**: it subscribed to a plain or behavior subject after the subject had
    ///   terminated, and RAC 2.5's subjects do not pass their end on to later subscribers.
    ///
    /// Said with each one's chain, since when, and the values that reached it after its owner went,
    /// grouped in one sentence; its events are their `subscribe` events. None when no subscription
    /// is proven so.
    func neverEnded(spelling: CodeSpelling) -> [Finding] {
        struct Open {
            var subscribe: Int  // its subscribe event
            var end: Int?  // the event that terminated or disposed it
            var lateValues: [String] = []  // values that reached it after its owner went
        }
        var open: [Int: Open] = [:]  // labelled subscription -> what happened to it
        var order: [Int] = []
        var ended: [Int: (time: Double, what: String)] = [:]  // subjects and owners' signals that terminated
        var afterEnd: [Int: String] = [:]  // labelled subscription -> why nothing ends it
        for (index, event) in events.enumerated() {
            switch event.kind {
            case .subscribe(let subscription):
                guard subscriptions.indices.contains(subscription), subscriptions[subscription].label != nil,
                      open[subscription] == nil else { break }
                open[subscription] = Open(subscribe: index)
                order.append(subscription)
                let signal = subscriptions[subscription].signal
                if let end = ended[signal], signals.indices.contains(signal), Self.keepsNoEnd(signals[signal].kind) {
                    afterEnd[subscription] = "subscribed at \(seconds(event.time)), after \(name(of: signal)) \(end.what) at "
                        + "\(seconds(end.time)): a \(signals[signal].kind.prose) does not pass its end on to later subscribers"
                }
            case .sendCompleted(let signal):
                if ended[signal] == nil { ended[signal] = (event.time, "completed") }
            case .sendError(let signal, _):
                if ended[signal] == nil { ended[signal] = (event.time, "failed") }
            case .next(let subscription, let value, _):
                if var entry = open[subscription], entry.end == nil, let owner = subscriptions[subscription].owner,
                   let gone = ended[owner], event.time > gone.time {
                    entry.lateValues.append(value)
                    open[subscription] = entry
                }
            case .completed(let subscription, _), .error(let subscription, _, _), .dispose(let subscription):
                if open[subscription]?.end == nil { open[subscription]?.end = index }
            default: break
            }
        }
        var proven: [(subscription: Int, why: String)] = []
        for subscription in order {
            guard let entry = open[subscription] else { continue }
            if let why = afterEnd[subscription], entry.end == nil {
                proven.append((subscription, why))
                continue
            }
            guard let owner = subscriptions[subscription].owner, let gone = ended[owner] else { continue }
            let subscribedAt = events[entry.subscribe].time
            let endedAt = entry.end.map { events[$0].time }
            guard subscribedAt > gone.time || (endedAt ?? .infinity) > gone.time else { continue }
            let owned = "its owner \(name(of: owner)) went at \(seconds(gone.time))"
            var why = subscribedAt > gone.time ? "subscribed at \(seconds(subscribedAt)), after \(owned)"
                : "\(owned); \(endedAt.map { "it ended only at \(seconds($0))" } ?? "it was still open when the run ended at \(seconds(duration))")"
            if !entry.lateValues.isEmpty {
                let count = entry.lateValues.count
                why += ", and received \(count == 1 ? "1 value" : "\(count) values") after: \(Finding.listed(entry.lateValues))"
            }
            proven.append((subscription, why))
        }
        guard !proven.isEmpty else { return [] }
        let listed = proven.prefix(Finding.listedMost).map { subscription, why in
            "\(SubscriptionChain(leadingTo: subscription, in: self).text) (\(why))"
        }.joined(separator: ", ")
        let more = proven.count > Finding.listedMost ? " and \(proven.count - Finding.listedMost) more" : ""
        let count = proven.count == 1 ? "1 subscription outlived what should have ended it"
            : "\(proven.count) subscriptions outlived what should have ended them"
        let left = proven.map(\.subscription)
        // The owners whose subscriptions outlived them, in order: what to take until.
        var owners: [String] = []
        for subscription in left where afterEnd[subscription] == nil {
            guard let owner = subscriptions[subscription].owner else { continue }
            let ending = code(of: .endWithOwner(signal: subscriptions[subscription].signal, owner: owner), in: spelling).written
            if !owners.contains(ending) { owners.append(ending) }
        }
        // One change ends them all when every one outlived the same owner, subscribed to the same signal.
        // (A subscription to an ended subject has no owner to end with: then no one change.)
        let first = left.first.flatMap { afterEnd[$0] == nil ? subscriptions[$0].owner : nil }.map { (signal: subscriptions[left[0]].signal, owner: $0) }
        let oneChange = first.map { pair in
            left.allSatisfy { afterEnd[$0] == nil && subscriptions[$0].owner == pair.owner && subscriptions[$0].signal == pair.signal }
        } ?? false
        let suggestion = oneChange ? first.map { pair in
            Suggestion(
                change: .endWithOwner(signal: pair.signal, owner: pair.owner),
                sentence: "End it with its owner: put \(code(of: .endWithOwner(signal: pair.signal, owner: pair.owner), in: spelling).written) "
                    + "after \(place(of: pair.signal, in: spelling)) where it subscribes, so that the subscription ends when "
                    + "\(name(of: pair.owner)) completes, as its owner goes.")
        } : nil
        let remedy = owners.isEmpty ? "" : ": end it with its owner (\(owners.joined(separator: ", ")))"
        return [Finding(
            kind: .neverEnded, signals: Array(Set(left.map { subscriptions[$0].signal })).sorted(), subscriptions: left,
            times: left.map { events[open[$0]!.subscribe].time }, events: left.map { open[$0]!.subscribe },
            sentence: "\(count): \(listed)\(more). In an app a subscription stays, with what its blocks hold, until "
                + "something ends it\(remedy).", suggestion: suggestion)]
    }

    /// Whether a subject of the kind gives a subscriber that comes after its end nothing of it
    /// (RAC 2.5's `RACSubject` and `RACBehaviorSubject` keep no termination; a replay subject does).
    static func keepsNoEnd(_ kind: TraceSignal.Kind) -> Bool {
        switch kind {
        case .subject, .behaviorSubject: true
        default: false
        }
    }
}
