import Tracer

extension Trace {
    /// A finding for each labelled subscription ended by an error while it listened to a subject
    /// that later values were sent to, which then reached no one: a trigger pipeline (`pulls |
    /// flattenMap request`) that one failed request ended, after which every pull does nothing,
    /// until the app starts again; or completed by a catch after the error (`flattenMap request |
    /// catchTo fallback`), which ends it as surely. The error is named by where it began (the signal whose
    /// subscription failed first on its chain of causes). Its events are the error and the sends
    /// that reached no one. When the error passed through a `flattenMap`, its suggestion catches
    /// the error inside the signal that flattenMap makes for each value. Plumbing's subjects are left out.
    /// - Parameter delivered: ``deliveryCauses()``.
    func terminatedPipelines(plumbing: [Bool], delivered: Set<Int>, spelling: CodeSpelling) -> [Finding] {
        var ended: [(subscription: Int, event: Int, message: String)] = []
        for (index, event) in events.enumerated() {
            switch event.kind {
            case .error(let subscription, let message, _):
                if subscriptions.indices.contains(subscription), case .label = subscriptions[subscription].subscriber {
                    ended.append((subscription, index, message))
                }
            case .completed(let subscription, _):
                // A catch after the error (`flattenMap request | catchTo fallback`) completes the labelled
                // subscription in its place: the error, up its completion's causes, still ended it.
                guard subscriptions.indices.contains(subscription), case .label = subscriptions[subscription].subscriber else { break }
                var at = event.cause
                var steps = 0
                while let cause = at, events.indices.contains(cause), steps < Self.causesWalked {
                    steps += 1
                    if case .error(let failed, let message, _) = events[cause].kind, subscriptions.indices.contains(failed),
                       topmostSubscription(of: failed) == subscription {
                        ended.append((subscription, cause, message))
                        break
                    }
                    at = events[cause].cause
                }
            default: break
            }
        }
        guard !ended.isEmpty else { return [] }
        // The subjects each labelled subscription's chain subscribed to.
        var listened: [Int: Set<Int>] = [:]  // top subscription -> subjects
        for subscription in subscriptions where signals.indices.contains(subscription.signal) && !plumbing[subscription.signal] {
            switch signals[subscription.signal].kind {
            case .subject, .behaviorSubject, .replaySubject, .channelTerminal:
                listened[topmostSubscription(of: subscription.id), default: []].insert(subscription.signal)
            default: break
            }
        }
        return ended.compactMap { end in
            guard let subjects = listened[end.subscription], !subjects.isEmpty else { return nil }
            // A subject that failed itself: what is sent to it after is an ignored send, said as one.
            if let start = origin(of: end.event), case .sendError(let failed, _) = events[start].kind, subjects.contains(failed) {
                return nil
            }
            let lost = events.indices.filter { index in
                guard index > end.event, case .send(let signal, _) = events[index].kind else { return false }
                return subjects.contains(signal) && !delivered.contains(index)
            }
            guard let first = lost.first, case .send(let subject, _) = events[first].kind else { return nil }
            let values = lost.compactMap { index -> String? in
                if case .send(_, let value) = events[index].kind { return value }
                return nil
            }
            let origin = origin(of: end.event).flatMap { index -> String? in
                guard case .error(let subscription, _, _) = events[index].kind, subscriptions.indices.contains(subscription) else {
                    return nil
                }
                return name(of: subscriptions[subscription].signal)
            }
            let time = events[end.event].time
            // The flattenMap the error passed through, nearest to where it began: the fix catches it inside.
            var flattening: Int?
            var at: Int? = end.event
            var steps = 0
            while let index = at, events.indices.contains(index), steps < Self.causesWalked {
                steps += 1
                if case .error(let subscription, _, _) = events[index].kind, subscriptions.indices.contains(subscription),
                   operation(of: subscriptions[subscription].signal)?.name == .flattenMap {
                    flattening = subscriptions[subscription].signal
                }
                at = events[index].cause
            }
            let suggestion = flattening.map { signal in
                let change = Suggestion.Change.catchInner(signal: signal)
                return Suggestion(
                    change: change,
                    sentence: "Catch the error inside: let the signal \(place(of: signal, in: spelling)) makes for each value end on "
                        + "its error (\(code(of: change, in: spelling).written)), so that a failed one ends only itself and later values of "
                        + "\(name(of: subject)) are answered again.")
            }
            return Finding(
                kind: .terminatedPipeline, signals: [subscriptions[end.subscription].signal, subject],
                subscriptions: [end.subscription], times: [time] + lost.map { events[$0].time }, events: [end.event] + lost,
                sentence: "The error \"\(shortened(end.message, to: 40))\"\(origin.map { " from \($0)" } ?? "") ended "
                    + "\(describe(subscription: end.subscription)) at \(seconds(time)), and with it the subscription to "
                    + "\(name(of: subject)): \(lost.count) value\(lost.count == 1 ? "" : "s") sent to \(name(of: subject)) after it "
                    + "(\(Finding.listed(values))) reached no one. An error ends the whole pipeline: catch it inside "
                    + "the signal each value makes (or materialize it there), so that one failure does not end the pipeline.",
                suggestion: suggestion)
        }
    }
}
