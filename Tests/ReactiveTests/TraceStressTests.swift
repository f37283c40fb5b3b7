// The tracing part of the stress suite of issue 7: the stress cases of
// Tests/ReactiveTests/StressTests.swift run with a TraceRecorder installed around the creation
// of their signals. The trace must be complete (one `next` per delivery a subscriber counted,
// in the order it saw them), mark exactly the replayed history as replayed, and validate.
//
// It shares the harness in Support/StressHarness.swift; SIGVIZ_STRESS_SCALE scales it like the others.

import Foundation
import Reactive
import Testing
import Tracer

@Suite("Stress: tracing", .serialized)
struct TraceStressTests {
    static let kinds: [Stress.Kind] = [.subject, .replaySubject(capacity: nil), .replaySubject(capacity: 16), .publish]

    @Test(
        "stress cases recorded: the trace validates, has one next per delivery in each subscriber's order, replays marked as replayed, each delivery after its send",
        arguments: kinds)
    func tracedStress(kind: Stress.Kind) throws {
        let recorder = TraceRecorder(origin: Scheduler.immediate.now)
        // Half the sends of the untraced cases: a trace keeps every event.
        let outcome = Stress.run(kind, sendsPerSender: max(1, Stress.scale.sendsPerSender / 2)) { kind, refs in
            Instrumentation.withInstrument(recorder) { Stress.Target.make(kind, refs: refs) }
        }
        let problems = Stress.problems(in: outcome)
        #expect(problems.isEmpty, "\(problems.count) problems, the first: \(problems.prefix(10).joined(separator: "\n"))")

        let started = Date()
        let trace = recorder.trace(title: "stress \(kind)")
        var validation = "valid"
        do {
            try trace.validate()
        } catch {
            // Show the offending event with the earlier events of its subscription.
            validation = "\(error)"
            if error.table == .events, let subscription = trace.events[error.index].kind.subscription {
                let lane = trace.events[..<(error.index + 1)].enumerated()
                    .filter { $0.element.kind.subscription == subscription }.suffix(4)
                    .map { "events[\($0.offset)] = \($0.element.kind)" }
                validation += " (\(lane.joined(separator: ", ")))"
            }
        }
        #expect(validation == "valid", "the trace does not validate: \(validation)")

        let findings = Self.compare(trace, with: outcome)
        print("[stress] traced \(outcome.summary); \(trace.events.count) trace events, "
              + "\(findings.deliveries) next events of subscribers checked, trace \(validation), "
              + "checked in \(String(format: "%.2f", Date().timeIntervalSince(started))) s")
        #expect(findings.problems.isEmpty,
                "\(findings.problems.count) problems, the first: \(findings.problems.prefix(10).joined(separator: "\n"))")
    }

    /// Compares what the trace says each subscriber received with what it did receive.
    static func compare(_ trace: Trace, with outcome: Stress.Outcome) -> (problems: [String], deliveries: Int) {
        var problems: [String] = []
        func fail(_ message: String) { problems.append(message) }

        // The events of each subscription, in trace order.
        struct Lane {
            var values: [String] = []
            var replayed: [Bool] = []
            var terminals = 0
            var terminalReplayed = false
            var badCauses = 0
        }
        var lanes = [Lane](repeating: Lane(), count: trace.subscriptions.count)
        var sends: [Int: Int] = [:]
        for (index, event) in trace.events.enumerated() {
            switch event.kind {
            case .next(let subscription, let value, let replayed):
                lanes[subscription].values.append(value)
                lanes[subscription].replayed.append(replayed)
                // A live value reaches a subscriber of a subject during the subject's send of it.
                if !replayed {
                    let cause = event.cause.map { trace.events[$0].kind }
                    guard case .send(let signal, value)? = cause, signal == trace.subscriptions[subscription].signal else {
                        lanes[subscription].badCauses += 1
                        continue
                    }
                }
            case .completed(let subscription, let replayed), .error(let subscription, _, let replayed):
                lanes[subscription].terminals += 1
                lanes[subscription].terminalReplayed = replayed
            case .send(let signal, _):
                sends[signal, default: 0] += 1
            default:
                _ = index
            }
        }

        // Every subject got every send: the target, and for publish its source too.
        for (signal, count) in sends where count != outcome.totalSends {
            fail("signal \(signal) (\(trace.signals[signal].name)) got \(count) sends in the trace, not \(outcome.totalSends)")
        }
        if sends.isEmpty { fail("no send in the trace") }

        let byLabel = Dictionary(grouping: trace.subscriptions.filter { $0.label != nil }, by: { $0.label! })
        let order = outcome.stayers[0].values
        var position: [Int: Int] = [:]
        position.reserveCapacity(order.count)
        for (index, value) in order.enumerated() { position[value] = index }

        var deliveries = 0
        for watcher in outcome.all {
            guard let subscriptions = byLabel[watcher.label], subscriptions.count == 1 else {
                fail("\(watcher.label): \(byLabel[watcher.label]?.count ?? 0) subscriptions in the trace, not 1")
                continue
            }
            let lane = lanes[subscriptions[0].id]
            let seen = watcher.values
            deliveries += lane.values.count
            // Complete and in order: the trace's next events are exactly what the subscriber got.
            if lane.values != seen.map(String.init) {
                let missing = lane.values.count - seen.count
                fail("\(watcher.label): the trace has \(lane.values.count) next events, the subscriber got \(seen.count)"
                     + (missing > 0 ? " (the trace shows \(missing) it never received)" : "")
                     + (lane.values.count == seen.count ? ", in another order" : ""))
            }
            if lane.terminals != watcher.terminals.count {
                fail("\(watcher.label): the trace has \(lane.terminals) terminal events, the subscriber got \(watcher.terminals.count)")
            }
            if lane.badCauses != 0 { fail("\(watcher.label): \(lane.badCauses) live values not caused by their send") }

            // Replayed history: a run at the start of the lane, ending where the live values start,
            // of min(capacity, position of the first live value) values.
            let replayedCount = lane.replayed.prefix { $0 }.count
            if lane.replayed.dropFirst(replayedCount).contains(true) {
                fail("\(watcher.label): a replayed value after a live one")
            }
            switch outcome.kind.replayCapacity {
            case nil:
                if replayedCount != 0 || lane.terminalReplayed { fail("\(watcher.label): a hot subject replayed something") }
            case let capacity?:
                if replayedCount < seen.count, let firstLive = position[seen[replayedCount]] {
                    let expected = min(capacity, firstLive)
                    if replayedCount != expected {
                        fail("\(watcher.label): \(replayedCount) values replayed before the first live one at \(firstLive), not \(expected)")
                    }
                }
                if watcher.role == .late, !(lane.terminalReplayed && replayedCount == seen.count) {
                    fail("\(watcher.label): a subscriber joining after completion gets history and completion, all replayed")
                }
            }
        }
        let counted = outcome.all.reduce(0) { $0 + $1.values.count }
        if deliveries != counted {
            fail("the trace has \(deliveries) next events for the subscribers, which counted \(counted) deliveries")
        }
        return (problems, deliveries)
    }
}
