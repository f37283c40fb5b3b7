import Tracer

extension Trace {
    /// A finding for each group of a `groupBy` that was sent values nobody received: no delivery
    /// names those sends as their cause. As in RAC 2.5, a group (`RACGroupedSignal`) is a subject:
    /// a value sent to it while nothing subscribes to it is lost, and the group is kept as long as
    /// the `groupBy`'s subscription. Said with the group's key and the values lost, with the first
    /// one's time; its events are the lost sends (the last ``Finding/mostEvents`` of them).
    func unsubscribedGroups(delivered: Set<Int>, spelling: CodeSpelling) -> [Finding] {
        var lost: [Int: [Int]] = [:]  // group -> its sends that reached no one
        var order: [Int] = []
        for (index, event) in events.enumerated() {
            guard case .send(let signal, _) = event.kind, signals.indices.contains(signal),
                  signals[signal].kind == .groupedSignal, !delivered.contains(index) else { continue }
            if lost[signal] == nil { order.append(signal) }
            lost[signal, default: []].append(index)
        }
        return order.map { group in
            let sends = lost[group] ?? []
            let values = sends.map { index -> String in
                if case .send(_, let value) = events[index].kind { return value }
                return ""
            }
            let shown = sends.suffix(Finding.mostEvents)
            let count = values.count == 1 ? "1 value" : "\(values.count) values"
            return Finding(
                kind: .unsubscribedGroups, signals: [group], subscriptions: [],
                times: shown.map { events[$0].time }, events: Array(shown),
                sentence: "\(name(of: group)) was sent \(count) that reached no one, from \(seconds(events[sends[0]].time)): "
                    + "\(Finding.listed(values)). A group is a subject: what is sent to it while nothing subscribes to it is "
                    + "lost, and the group is kept for as long as the groupBy runs. Subscribe to every group\(spelling.write(.everyGroup)), or "
                    + "filter out the values no group is wanted for before groupBy.")
        }
    }
}
