import Tracer

extension Trace {
    /// The smallest history a finding of ``Finding/Kind/unboundedReplay`` is made for: fewer values
    /// are one answer and its update, not a history that grows.
    static let unboundedReplayLeast = 3

    /// A finding for each replay subject of unlimited capacity (`replay`, `replayLazily`, a `replay`
    /// subject without a capacity) that kept at least ``unboundedReplayLeast`` values while none of
    /// its subscribers was replayed more than one: it keeps every value it is sent, for subscribers
    /// that come later, and no subscriber that came later read more than the last. A replay subject
    /// of capacity 1 (`replayLast`) would have replayed the same to each. Said with how many values
    /// it kept and the most any subscriber was replayed; its events are the sends it kept (the last
    /// ``Finding/mostEvents`` of them). Plumbing's subjects are left out.
    func unboundedReplays(plumbing: [Bool], spelling: CodeSpelling) -> [Finding] {
        var kept: [Int: [Int]] = [:]  // unlimited replay subject -> the sends it kept
        var order: [Int] = []
        var replayed: [Int: Int] = [:]  // subscription -> values replayed to it
        var mostReplayed: [Int: Int] = [:]  // subject -> the most replayed to one of its subscriptions
        var lateSubscribers: [Int: Int] = [:]  // subject -> subscriptions that were replayed something
        for (index, event) in events.enumerated() {
            switch event.kind {
            case .send(let signal, _):
                guard signals.indices.contains(signal), case .replaySubject(capacity: nil) = signals[signal].kind,
                      !(plumbing.indices.contains(signal) && plumbing[signal]) else { break }
                if kept[signal] == nil { order.append(signal) }
                kept[signal, default: []].append(index)
            case .next(let subscription, _, true):
                guard subscriptions.indices.contains(subscription) else { break }
                let subject = subscriptions[subscription].signal
                guard kept[subject] != nil else { break }
                let count = replayed[subscription, default: 0] + 1
                replayed[subscription] = count
                if count == 1 { lateSubscribers[subject, default: 0] += 1 }
                mostReplayed[subject] = max(mostReplayed[subject] ?? 0, count)
            default: break
            }
        }
        return order.compactMap { subject in
            let sends = kept[subject] ?? []
            let most = mostReplayed[subject] ?? 0
            guard sends.count >= Self.unboundedReplayLeast, most <= 1 else { return nil }
            let late = lateSubscribers[subject] ?? 0
            let readers = late == 0 ? "no subscriber came late enough to be replayed any of them"
                : "\(late == 1 ? "the 1 subscriber" : "each of the \(late) subscribers") that came later was replayed only the last value"
            let shown = sends.suffix(Finding.mostEvents)
            let oneValue = code(of: .replaySubject(signal: subject, capacity: 1), in: spelling)
            return Finding(
                kind: .unboundedReplay, signals: [subject], subscriptions: [],
                times: shown.map { events[$0].time }, events: Array(shown),
                sentence: "\(name(of: subject)) kept all \(sends.count) values it was sent, to replay to later subscribers, "
                    + "and \(readers): it holds a history nobody reads, which grows with every value. A replay subject of "
                    + "capacity 1 (\(spelling.write(.call("replayLast"))), \(oneValue.written)) keeps only the last.",
                // A declared replay subject (no operator made it) can be given a capacity in its place.
                suggestion: signals[subject].operation == nil ? Suggestion(
                    change: .replaySubject(signal: subject, capacity: 1),
                    sentence: "Keep only the last value: make \(place(of: subject, in: spelling)) a replay subject of capacity 1 "
                        + "(\(oneValue.written)); no subscriber receives anything different.") : nil)
        }
    }
}
