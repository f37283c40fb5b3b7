import Foundation
import Reactive

/// Which subscription each `subscribe` statement of a scenario file made, by the
/// name in the file it subscribed to: what `expect "LABEL" to NAME` looks up.
///
/// The runner wraps each labelled subscription it makes in
/// ``subscribing(label:to:_:)``; the scenario's recording gate passes every
/// subscription report to ``noteSubscribed(sequence:label:)`` while it records.
/// The first report labelled `LABEL` made inside the call is that statement's
/// subscription. A trace numbers subscriptions in the order of their reports
/// (``TraceRecorder``), so the report's sequence number gives its id in the trace.
final class SubscriptionLog: @unchecked Sendable {
    // @unchecked: every stored property is touched with `lock` held.
    private let lock = NSLock()
    /// The labelled subscriptions being made, innermost last.
    private var pending: [(label: String, target: String, matched: Bool)] = []
    /// The sequence numbers of every subscription report recorded.
    private var subscribed: [Int] = []
    /// The statements' subscriptions: report, label and the name subscribed to.
    private var made: [(sequence: Int, label: String, target: String)] = []

    /// Runs `subscribe`, which subscribes a subscriber labelled `label` to the file's `target`.
    func subscribing<R>(label: String, to target: String, _ subscribe: () -> R) -> R {
        lock.withLock { pending.append((label, target, false)) }
        defer { lock.withLock { _ = pending.popLast() } }
        return subscribe()
    }

    /// Notes a subscription report, with its subscriber's label if it has one.
    func noteSubscribed(sequence: Int, label: String?) {
        lock.withLock {
            subscribed.append(sequence)
            guard let label, let last = pending.indices.last, pending[last].label == label, !pending[last].matched else {
                return
            }
            pending[last].matched = true
            made.append((sequence, label, pending[last].target))
        }
    }

    /// The trace's id of the first subscription labelled `label` that a statement made to the file's `target`.
    func subscription(label: String, target: String) -> Int? {
        lock.withLock {
            guard let sequence = made.first(where: { $0.label == label && $0.target == target })?.sequence else {
                return nil
            }
            return subscribed.count { $0 < sequence }
        }
    }
}

extension Optional where Wrapped == SubscriptionLog {
    /// Runs `subscribe` inside ``SubscriptionLog/subscribing(label:to:_:)`` when there is a log.
    func subscribing<R>(label: String, to target: String, _ subscribe: () -> R) -> R {
        guard let log = self else { return subscribe() }
        return log.subscribing(label: label, to: target, subscribe)
    }
}
