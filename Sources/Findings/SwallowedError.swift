import Tracer

extension Trace {
    /// A finding for each error that an operator replaced by another signal (`catchTo`, RAC's
    /// `-catch:` and `-catchTo:`): the error reached the operator's subscription to its source,
    /// and in handling it the operator subscribed to a different signal, whose events its
    /// subscriber received instead. Said with the error, its time, the signal that stood in and the
    /// values it delivered, and the chain of the subscriber that never saw the error. Its events
    /// are the error, the stand-in's subscription and the values it delivered.
    ///
    /// Not when the operator subscribed to the same signal again (`retry`: a new attempt, not a
    /// replacement), nor when the error went on to the operator's subscriber as well. Plumbing's
    /// operators are left out (a command's executions). In the order of the errors.
    func swallowedErrors(plumbing: [Bool]) -> [Finding] {
        struct Caught {
            var error: Int  // event
            var message: String
            var from: Int  // subscription that received the error
            var operation: Int  // the operator's subscription
            var standIn: Int  // the stand-in's subscription
            var standInEvent: Int
            var values: [String] = []
            var valueEvents: [Int] = []
        }
        var errors: [Int: (subscription: Int, message: String)] = [:]  // by event: errors an operator's subscription received
        var caught: [Caught] = []
        var byStandIn: [Int: Int] = [:]  // stand-in subscription -> position in caught
        var passedOn = Set<[Int]>()  // [operation, error event]: errors the operator passed on too
        for (index, event) in events.enumerated() {
            switch event.kind {
            case .error(let subscription, let message, let replayed):
                if let cause = event.cause { passedOn.insert([subscription, cause]) }
                guard !replayed, subscriptions.indices.contains(subscription), subscriptions[subscription].parent != nil else { break }
                errors[index] = (subscription, message)
            case .subscribe(let subscription):
                guard let cause = event.cause, let error = errors[cause], subscriptions.indices.contains(subscription),
                      let operation = subscriptions[error.subscription].parent, subscriptions[subscription].parent == operation,
                      subscriptions[subscription].signal != subscriptions[error.subscription].signal,
                      subscriptions.indices.contains(operation), signals.indices.contains(subscriptions[operation].signal),
                      !plumbing[subscriptions[operation].signal] else { break }
                byStandIn[subscription] = caught.count
                caught.append(Caught(
                    error: cause, message: error.message, from: error.subscription, operation: operation,
                    standIn: subscription, standInEvent: index))
            case .next(let subscription, let value, _):
                if let at = byStandIn[subscription] {
                    caught[at].values.append(value)
                    caught[at].valueEvents.append(index)
                }
            default: break
            }
        }
        return caught.filter { !passedOn.contains([$0.operation, $0.error]) }.map { item in
            let chain = SubscriptionChain(leadingTo: item.operation, in: self).text
            let standIn = name(of: subscriptions[item.standIn].signal)
            let delivered = item.values.isEmpty ? "which delivered no value"
                : "which delivered \(Finding.listed(item.values))"
            return Finding(
                kind: .swallowedError,
                signals: [subscriptions[item.operation].signal, subscriptions[item.from].signal, subscriptions[item.standIn].signal],
                subscriptions: [item.operation, item.from, item.standIn], times: [events[item.error].time],
                events: [item.error, item.standInEvent] + item.valueEvents,
                sentence: "The error \"\(shortened(item.message, to: 40))\" from \(name(of: subscriptions[item.from].signal)) at "
                    + "\(seconds(events[item.error].time)) never reached \(chain): \(standIn) stood in for it, \(delivered).")
        }
    }
}
