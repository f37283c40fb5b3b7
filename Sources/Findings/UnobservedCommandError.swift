import Tracer

extension Trace {
    /// A finding for each failed execution of a command whose error reached no one, while something
    /// subscribed to the command's `executionSignals`: RAC 2.5 sends an execution's error on the
    /// command's `errors` signal only, and `executionSignals` replaces it with a completion, so a
    /// subscriber there never learns that the execution failed. The error is unobserved when the
    /// `errors` subject's send of it was delivered to no subscription, and no labelled subscriber
    /// (the signal `execute` returned, say) received an error with its message at that time. Its
    /// events are the send on `errors`; it has no suggested change (the sentence says to subscribe
    /// to `errors`). A command is told by its signals' operations (``SignalOperation/commandErrors``
    /// and ``SignalOperation/commandExecutionSignals``), paired by name (`login.errors` and
    /// `login.executionSignals`) when there are several.
    /// - Parameter delivered: ``deliveryCauses()``.
    func unobservedCommandErrors(delivered: Set<Int>) -> [Finding] {
        let errorsSignals = signals.indices.filter { operation(of: $0)?.name == .commandErrors }
        guard !errorsSignals.isEmpty else { return [] }
        // Each labelled subscriber's chain reaching an executionSignals signal: its label, by that signal.
        var watchers: [Int: [Int]] = [:]  // executionSignals signal -> top subscriptions
        for subscription in subscriptions where operation(of: subscription.signal)?.name == .commandExecutionSignals {
            let top = topmostSubscription(of: subscription.id)
            if case .label = subscriptions[top].subscriber { watchers[subscription.signal, default: []].append(top) }
        }
        guard !watchers.isEmpty else { return [] }
        var labelledErrors: Set<String> = []  // "time message" of errors labelled subscriptions received
        for event in events {
            if case .error(let subscription, let message, _) = event.kind, subscriptions.indices.contains(subscription),
               case .label = subscriptions[subscription].subscriber {
                labelledErrors.insert("\(event.time) \(message)")
            }
        }
        var found: [Finding] = []
        for (index, event) in events.enumerated() {
            guard case .send(let signal, let message) = event.kind, errorsSignals.contains(signal), !delivered.contains(index),
                  !labelledErrors.contains("\(event.time) \(message)") else { continue }
            let errorsName = name(of: signal)
            let command = errorsName.hasSuffix(".errors") ? String(errorsName.dropLast(".errors".count)) : nil
            let executionSignals = watchers.keys.sorted().first { command == nil || name(of: $0) == command! + ".executionSignals" }
            guard let executionSignals, let tops = watchers[executionSignals] else { continue }
            let who = tops.prefix(Finding.listedMost).map { describe(subscription: $0) }.joined(separator: ", ")
                + (tops.count > Finding.listedMost ? " and \(tops.count - Finding.listedMost) more" : "")
            found.append(Finding(
                kind: .unobservedCommandError, signals: [signal, executionSignals], subscriptions: tops,
                times: [event.time], events: [index],
                sentence: "An execution of \(command ?? "a command") failed at \(seconds(event.time)) with "
                    + "\"\(shortened(message, to: 40))\", and the error reached no one: a command sends its executions' errors on "
                    + "\(errorsName), which nothing subscribed to, while \(who) subscribed to \(name(of: executionSignals)), where "
                    + "a failed execution only completes. Subscribe to \(errorsName) to hear of it."))
        }
        return found
    }
}
