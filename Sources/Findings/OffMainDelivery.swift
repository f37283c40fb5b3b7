import Tracer

extension Trace {
    /// A finding for each labelled subscriber that received values on a scheduler other than one
    /// named `main`: the nearest scheduler hop up the causes of each delivery (`subscribeOn
    /// background`, `deliverOn background`) was to another scheduler, and none to `main` came after
    /// it. A subscriber is where an app updates its screen, which only the main thread may do;
    /// `subscribeOn` moves the subscription (and a cold signal's work), not its deliveries, which the
    /// sentence says when a `subscribeOn` made the hop (else, that a `deliverOn` did). A
    /// delivery with no hop on its way (the run's own scheduler) is not said to be off main. Its
    /// events are those deliveries. Its suggestion delivers on main where the subscriber subscribes (``Suggestion/Change/deliverOnMain(signal:)``).
    func offMainDeliveries(spelling: CodeSpelling) -> [Finding] {
        var found: [Int: [(event: Int, scheduler: String, bySubscribeOn: Bool)]] = [:]  // labelled subscription -> deliveries
        var order: [Int] = []
        // The scheduler of the nearest hop up each event's causes (the event's own, for a hop): one
        // pass, since a cause comes before what it caused.
        var hop = [(scheduler: String, bySubscribeOn: Bool)?](repeating: nil, count: events.count)
        for (index, event) in events.enumerated() {
            if case .hop(let subscription, let scheduler) = event.kind {
                let bySubscribeOn = subscriptions.indices.contains(subscription)
                    && operation(of: subscriptions[subscription].signal)?.name == .subscribeOn
                hop[index] = (scheduler, bySubscribeOn)
            } else if let cause = event.cause, cause < index, cause >= 0 {
                hop[index] = hop[cause]
            }
            guard case .next(let subscription, _, _) = event.kind, subscriptions.indices.contains(subscription),
                  case .label = subscriptions[subscription].subscriber, let cause = event.cause, cause < index, cause >= 0,
                  let nearest = hop[cause], nearest.scheduler != "main" else { continue }
            if found[subscription] == nil { order.append(subscription) }
            found[subscription, default: []].append((index, nearest.scheduler, nearest.bySubscribeOn))
        }
        return order.map { subscription in
            let deliveries = found[subscription]!
            var schedulers: [String] = []
            for delivery in deliveries where !schedulers.contains(delivery.scheduler) { schedulers.append(delivery.scheduler) }
            let values = deliveries.compactMap { delivery -> String? in
                if case .next(_, let value, _) = events[delivery.event].kind { return value }
                return nil
            }
            let change = Suggestion.Change.deliverOnMain(signal: subscriptions[subscription].signal)
            let written = code(of: change, in: spelling).written
            return Finding(
                kind: .offMainDelivery, signals: [subscriptions[subscription].signal], subscriptions: [subscription],
                times: deliveries.map { events[$0.event].time }, events: deliveries.map(\.event),
                sentence: "\(describe(subscription: subscription)) received \(deliveries.count) value\(deliveries.count == 1 ? "" : "s") "
                    + "(\(Finding.listed(values))) on \(schedulers.joined(separator: " and ")), not on main, the first at "
                    + "\(seconds(events[deliveries[0].event].time)): "
                    + (deliveries.contains(where: \.bySubscribeOn) ? "subscribeOn moves the subscription and its work, not what it delivers"
                        : "a hop to it (\(spelling.write(.hop))) delivered \(deliveries.count == 1 ? "it" : "them") there, and no hop to main came after")
                    + ". \(written) as the last operator brings the values to the main scheduler.",
                suggestion: Suggestion(
                    change: change,
                    sentence: "Deliver on main: put \(written) after \(place(of: subscriptions[subscription].signal, in: spelling)) "
                        + "where it subscribes, so that what the subscriber receives arrives on the main scheduler."))
        }
    }
}
