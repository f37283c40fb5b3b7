import Tracer

extension Trace {
    /// A finding for each `concat` (or `then`) that waited, when the run ended, for a signal that
    /// never completed, so that the signal after it was never subscribed: a request that is never
    /// sent behind a cache (a replay subject) or a property's signal that never completes. Only a
    /// subscription a labelled subscriber's chain made counts, and only while the signal it waits
    /// for was still subscribed at the end (neither terminated nor disposed). Its events are the
    /// subscription to the signal it waited for. It has no suggested change; the sentence names
    /// what would end the wait. Plumbing's signals are left out.
    func stuckConcats(plumbing: [Bool], spelling: CodeSpelling) -> [Finding] {
        var ended: Set<Int> = []  // subscriptions terminated or disposed
        var subscribedAt: [Int: Int] = [:]  // subscription -> its subscribe event
        for (index, event) in events.enumerated() {
            switch event.kind {
            case .completed(let subscription, _), .error(let subscription, _, _), .dispose(let subscription):
                ended.insert(subscription)
            case .subscribe(let subscription):
                if subscribedAt[subscription] == nil { subscribedAt[subscription] = index }
            default: break
            }
        }
        var children: [Int: [Int]] = [:]  // subscription -> the subscriptions it made
        for subscription in subscriptions {
            if let parent = subscription.parent { children[parent, default: []].append(subscription.id) }
        }
        var found: [Finding] = []
        /// The signals the subscriptions `subscription` made subscribed to, down its children: each
        /// subscription is visited once, whatever the order of the subscriptions looked at.
        func signalsBelow(_ subscription: Int) -> Set<Int> {
            var reached: Set<Int> = [], visited: Set<Int> = [subscription], pending = [subscription]
            while let id = pending.popLast() {
                for child in children[id, default: []] where visited.insert(child).inserted {
                    reached.insert(subscriptions[child].signal)
                    pending.append(child)
                }
            }
            return reached
        }
        for waiting in subscriptions where signals.indices.contains(waiting.signal) && !plumbing[waiting.signal] {
            let how: String, next: String
            switch operation(of: waiting.signal) {
            case .concat(let operands)?:
                // The first of its signals it never subscribed to, after one it did.
                let ids = operands.compactMap { $0 }
                let below = signalsBelow(waiting.id)
                let reached = ids.map(below.contains)
                guard let gap = reached.firstIndex(of: false), gap > 0, reached[gap - 1] else { continue }
                (how, next) = ("concat", name(of: ids[gap]))
            case .then?:
                let blocks = children[waiting.id, default: []].filter { operation(of: subscriptions[$0].signal)?.name == .thenBlock }
                guard blocks.isEmpty else { continue }
                (how, next) = ("then", "the signal then returns")
            default: continue
            }
            guard !ended.contains(waiting.id), case .label = subscriptions[topmostSubscription(of: waiting.id)].subscriber else { continue }
            // What it waits on: down its open subscriptions while there is one, to the signal that has not completed.
            var first = waiting.id, steps = 0
            while steps < Self.causesWalked {
                steps += 1
                let open = children[first, default: []].filter { !ended.contains($0) }
                guard open.count == 1 else { break }
                first = open[0]
            }
            guard first != waiting.id, let at = subscribedAt[first] else { continue }
            let waitedFor = name(of: subscriptions[first].signal)
            found.append(Finding(
                kind: .stuckConcat, signals: [waiting.signal, subscriptions[first].signal], subscriptions: [waiting.id, first],
                times: [events[at].time], events: [at],
                sentence: "\(describe(subscription: topmostSubscription(of: waiting.id))) waited from \(seconds(events[at].time)) "
                    + "to the end of the run, at \(seconds(duration)), for \(waitedFor) to complete, and it never did: \(how) "
                    + "subscribes to \(next) only when \(waitedFor) completes, so \(next) was never subscribed to. Make "
                    + "\(waitedFor) complete (\(spelling.write(.takeFirstOrUntil))), or use "
                    + "\(spelling.write(.merge)) to take both as they come."))
        }
        return found
    }
}
