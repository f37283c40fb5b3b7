import Tracer

extension Trace {
    /// One finding for the labelled subscriptions that had neither terminated (no error or
    /// completion reached them) nor been disposed when the run ended: in an app, each stays
    /// subscribed, and keeps what its blocks hold, until something disposes it. A subscription
    /// that waits on a subject that never completes counts: nothing ends it but a dispose. Said
    /// with each one's chain and since when, grouped in one sentence; its events are their
    /// `subscribe` events. None when every labelled subscription ended.
    func neverEnded() -> [Finding] {
        var open: [Int: Int] = [:]  // labelled subscription -> its subscribe event
        var order: [Int] = []
        var ended: [Int: (time: Double, what: String)] = [:]  // subjects that terminated
        var afterEnd: [Int: String] = [:]  // labelled subscription -> why nothing ends it
        for (index, event) in events.enumerated() {
            switch event.kind {
            case .subscribe(let subscription):
                guard subscriptions.indices.contains(subscription), subscriptions[subscription].label != nil,
                      open[subscription] == nil else { break }
                open[subscription] = index
                order.append(subscription)
                let signal = subscriptions[subscription].signal
                if let end = ended[signal], signals.indices.contains(signal) {
                    afterEnd[subscription] = ", after \(name(of: signal)) \(end.what) at \(seconds(end.time)): "
                        + "a \(signals[signal].kind.prose) does not pass its end on to later subscribers"
                }
            case .sendCompleted(let signal):
                if ended[signal] == nil, signals.indices.contains(signal), Self.keepsNoEnd(signals[signal].kind) {
                    ended[signal] = (event.time, "completed")
                }
            case .sendError(let signal, _):
                if ended[signal] == nil, signals.indices.contains(signal), Self.keepsNoEnd(signals[signal].kind) {
                    ended[signal] = (event.time, "failed")
                }
            case .completed(let subscription, _), .error(let subscription, _, _), .dispose(let subscription):
                open[subscription] = nil
            default: break
            }
        }
        let left = order.filter { open[$0] != nil }
        guard !left.isEmpty else { return [] }
        let listed = left.prefix(Finding.listedMost).map { subscription in
            let since = seconds(events[open[subscription]!].time)
            return "\(SubscriptionChain(leadingTo: subscription, in: self).text) (since \(since)\(afterEnd[subscription] ?? ""))"
        }.joined(separator: ", ")
        let more = left.count > Finding.listedMost ? " and \(left.count - Finding.listedMost) more" : ""
        let count = left.count == 1 ? "1 subscription was still open, neither ended by its signal"
            : "\(left.count) subscriptions were still open, neither ended by their signals"
        return [Finding(
            kind: .neverEnded, signals: Array(Set(left.map { subscriptions[$0].signal })).sorted(), subscriptions: left,
            times: left.map { events[open[$0]!].time }, events: left.map { open[$0]! },
            sentence: "When the run ended at \(seconds(duration)), \(count) nor disposed: \(listed)\(more). "
                + "In an app a subscription stays, with what it holds, until something disposes it "
                + "(or `takeUntil` a lifetime signal ends it).")]
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
