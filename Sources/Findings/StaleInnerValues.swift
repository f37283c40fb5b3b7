import Tracer

extension Trace {
    /// A finding for each subscription to a flattening operator (`flattenMap`, or `map` then
    /// `flatten`) that delivered a value from an older inner signal after a newer inner signal had
    /// started: the search box's stale results. Its events are, for each stale value, the newer
    /// inner signal's subscription and the older one's value; its suggestion is `switchToLatest`,
    /// which disposes an inner signal when the next one starts.
    ///
    /// An inner subscription is one the operator's subscription made (its parent) while one of
    /// its other subscriptions received something: flattenMap subscribes to each inner signal
    /// as its source delivers the value that makes it. A newer one counts only when it started at
    /// a later time than the older one: `merge` subscribes to all its signals at once, on purpose.
    /// `switchToLatest` never fires (the older inner signal is disposed before it can deliver),
    /// and its own flattenMap is plumbing, left out; so are inner signals that are plumbing (a
    /// command's executions, which `executionSignals | flatten` runs side by side when the
    /// command is concurrent, on purpose). So is a `flatten` with an explicit limit above 1 (RAC's
    /// `-flatten: 2`, told by its signal's ``TraceSignal/operation``; RAC's unlimited `-flatten`
    /// and `-flattenMap:` have none): a limit of concurrent inner signals asks for them to run
    /// side by side. In the order of the first stale value.
    func staleInnerValues(plumbing: [Bool], spelling: CodeSpelling) -> [Finding] {
        struct Inner {
            var operation: Int  // the operator's subscription
            var time: Double
        }
        struct Stale {
            var value: String
            var time: Double
            var inner: Int
            var started: Double
            var newer: Int
            var newerStarted: Double
            var newerEvent: Int
            var event: Int
        }
        var inner: [Int: Inner] = [:]  // by inner subscription
        var latest: [Int: (subscription: Int, time: Double, event: Int)] = [:]  // by operator subscription
        var stale: [Int: [Stale]] = [:]  // by operator subscription
        var order: [Int] = []
        /// Whether the signal is a flatten with an explicit limit above 1 of inner signals at once.
        func isConcurrent(_ signal: Int) -> Bool {
            guard case .flatten(let limit?) = operation(of: signal) else { return false }
            return limit > 1
        }
        for (index, event) in events.enumerated() {
            switch event.kind {
            case .subscribe(let subscription):
                guard subscriptions.indices.contains(subscription), let operation = subscriptions[subscription].parent,
                      signals.indices.contains(subscriptions[subscription].signal), !plumbing[subscriptions[subscription].signal],
                      subscriptions.indices.contains(operation),
                      signals.indices.contains(subscriptions[operation].signal), !plumbing[subscriptions[operation].signal],
                      !isConcurrent(subscriptions[operation].signal),
                      let cause = event.cause, events.indices.contains(cause), events[cause].kind.isDelivery,
                      let source = events[cause].kind.subscription, source != subscription,
                      subscriptions.indices.contains(source), subscriptions[source].parent == operation else { break }
                inner[subscription] = Inner(operation: operation, time: event.time)
                latest[operation] = (subscription, event.time, index)
            case .next(let subscription, let value, let replayed) where !replayed:
                guard let older = inner[subscription], let newest = latest[older.operation],
                      newest.subscription != subscription, newest.time > older.time else { break }
                if stale[older.operation] == nil { order.append(older.operation) }
                stale[older.operation, default: []].append(Stale(
                    value: value, time: event.time, inner: subscription, started: older.time, newer: newest.subscription,
                    newerStarted: newest.time, newerEvent: newest.event, event: index))
            default: break
            }
        }
        return order.map { operation in
            let values = stale[operation, default: []]
            let signal = subscriptions[operation].signal
            let chain = SubscriptionChain(leadingTo: operation, in: self).text
            let listed = values.prefix(Finding.listedMost).map { item in
                let (older, newer) = (name(of: subscriptions[item.inner].signal), name(of: subscriptions[item.newer].signal))
                let after = older == newer ? "it was subscribed to again at" : "\(newer) started at"
                return "\(older), started at \(seconds(item.started)), delivered \"\(shortened(item.value, to: 40))\" at "
                    + "\(seconds(item.time)), after \(after) \(seconds(item.newerStarted))"
            }
            let more = values.count > Finding.listedMost ? "; and \(values.count - Finding.listedMost) more" : ""
            let count = values.count == 1 ? "1 value" : "\(values.count) values"
            var shown = Set<Int>()
            let highlighted = values.flatMap { [$0.newerEvent, $0.event] }.filter { shown.insert($0).inserted }
            let switching = code(of: .switchToLatest(signal: signal), in: spelling)
            return Finding(
                kind: .staleInnerValues, signals: [signal],
                subscriptions: [operation] + Array(Set(values.map(\.inner))).sorted(), times: values.map(\.time),
                events: highlighted.sorted(),
                sentence: "\(chain) received \(count) from an older inner signal after a newer one had started: "
                    + listed.joined(separator: "; ") + more + ".",
                suggestion: Suggestion(
                    change: .switchToLatest(signal: signal),
                    sentence: "Switch to the latest: make \(place(of: signal, in: spelling)) with \(switching.written) in place "
                        + "of \(switching.replacing ?? ""), so that a newer inner signal disposes the one before it and "
                        + Finding.listed(values.map(\.value)) + " no longer arrive" + (values.count == 1 ? "s" : "") + "."))
        }
    }
}
