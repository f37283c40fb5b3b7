import Foundation
@testable import Scenarios
import Testing
import Tracer

/// Each hop of `trace`, in order: the scheduler's name, the signal of the hopping subscription, and
/// the time, `background for results@1.0`.
private func hops(_ trace: Trace) -> [String] {
    trace.events.compactMap { event in
        guard case .hop(let subscription, let scheduler) = event.kind else { return nil }
        return "\(scheduler) for \(trace.signals[trace.subscriptions[subscription].signal].name)@" + render(time: event.time)
    }
}

/// Each hop of `trace` with the kind of its cause and the kinds of the events it caused:
/// `next -> hop(background) -> next`.
private func hopCauses(_ trace: Trace) -> [String] {
    trace.events.indices.compactMap { index in
        guard case .hop(_, let scheduler) = trace.events[index].kind else { return nil }
        let cause = trace.events[index].cause.map { trace.events[$0].kind.name } ?? "nothing"
        let caused = trace.events.filter { $0.cause == index }.map(\.kind.name)
        return "\(cause) -> hop(\(scheduler)) -> " + caused.joined(separator: ", ")
    }
}

@Suite("The scenario file's schedulers: 'scheduler NAME', deliverOn and subscribeOn")
struct SchedulerScenarioTests {
    @Test("deliverOn hops each event to its scheduler; the trace records the hop by name, caused by the delivery it hops")
    func deliverOn() throws {
        let file = try parse("""
            scheduler background
            subject query
            let results = query | deliverOn background
            subscribe "R" to results
            at 1 send query "a"
            at 2 send query "b"
            at 3 complete query
            expect "R" to results "-ab|"
            """)
        let (trace, results) = file.check(named: "deliverOn")
        #expect(results.count == 1)
        let failed = results.filter { !$0.passed }
        #expect(failed.isEmpty, "\(failed)")
        #expect(deliveries(trace, label: "R") == ["next(a)@1.0", "next(b)@2.0", "completed@3.0"])
        #expect(hops(trace) == ["background for results@1.0", "background for results@2.0", "background for results@3.0"])
        #expect(hopCauses(trace) == [
            "next -> hop(background) -> next",
            "next -> hop(background) -> next",
            "completed -> hop(background) -> completed",
        ])
        #expect(trace.signals.map(\.name) == ["query", "results"])
        #expect(throws: Never.self) { try trace.validate() }
    }

    @Test("subscribeOn hops the subscription, and with it the cold signal's didSubscribe; deliverOn then hops its events to another scheduler")
    func subscribeOnThenDeliverOn() throws {
        let file = try parse("""
            scheduler main
            scheduler background
            cold request "-r|" values r = "results"
            let fetched = request | subscribeOn background | deliverOn main
            subscribe "F" to fetched
            at 2 subscribe "G" to fetched
            expect "F" to fetched "-r|" values r = "results"
            expect "G" to fetched "---r|" values r = "results"
            """)
        let (trace, results) = file.check(named: "subscribeOn")
        let failed = results.filter { !$0.passed }
        #expect(results.count == 2 && failed.isEmpty, "\(failed)")
        #expect(hops(trace) == [
            "background for subscribeOn of request@0.0",
            "main for fetched@1.0",
            // At 2, G's subscription was scheduled before F's completion arrived to be hopped.
            "background for subscribeOn of request@2.0", "main for fetched@2.0",
            "main for fetched@3.0", "main for fetched@4.0",
        ])
        #expect(hopCauses(trace) == [
            "didSubscribe -> hop(background) -> subscribe, didSubscribe",
            "next -> hop(main) -> next",
            "didSubscribe -> hop(background) -> subscribe, didSubscribe",
            "completed -> hop(main) -> completed",
            "next -> hop(main) -> next",
            "completed -> hop(main) -> completed",
        ])
        // The request's didSubscribe, once per subscription, runs at the hop: caused by it.
        #expect(didSubscribeTimes(trace, of: "request") == ["0.0", "2.0"])
        #expect(throws: Never.self) { try trace.validate() }
    }

    @Test("a subscriber disposed before its hop runs gets nothing, and the trace records no hop for it")
    func disposedBeforeTheHop() throws {
        let file = try parse("""
            scheduler background
            cold c "a|"
            let late = c | subscribeOn background
            subscribe "L" to late
            dispose "L"
            expect "L" to late ""
            """)
        let (trace, results) = file.check(named: "disposed")
        #expect(results.allSatisfy { $0.passed }, "\(results)")
        #expect(hops(trace) == [])
        #expect(didSubscribeTimes(trace, of: "c") == [])
        #expect(throws: Never.self) { try trace.validate() }
    }

    @Test("a scheduler is declared once, by a name no signal has, and used only where a scheduler is", arguments: [
        ("scheduler main\nscheduler main", 2, 11, "'main' is already declared"),
        ("subject main\nscheduler main", 2, 11, "'main' is already declared"),
        ("scheduler main\nsubject main", 2, 9, "'main' is already declared"),
        ("scheduler main\nlet main = never", 2, 5, "'main' is already declared"),
        ("scheduler", 1, 10, "expected a name, found the end of the line"),
        ("scheduler main background", 1, 16, "expected the end of the line, found 'background'"),
        ("scheduler main\nsubscribe \"S\" to main", 2, 18, "'main' is a scheduler, but a signal is needed here"),
        ("scheduler main\nlet d = main | deliverOn main", 2, 9, "'main' is a scheduler, but a signal"),
    ])
    func declarations(text: String, line: Int, column: Int, message: String) {
        refused(text, line: line, column: column, message: message)
    }

    @Test("deliverOn and subscribeOn need a declared scheduler, and suggest the closest", arguments: [
        ("subject s\nlet d = s | deliverOn bg", 2, 23, "'bg' is not declared; declare it before this line with 'scheduler bg'"),
        ("subject s\nlet d = s | subscribeOn bg\nscheduler bg", 2, 25,
         "'bg' is not declared; declare it before this line with 'scheduler bg'"),
        ("scheduler main\nscheduler background\nsubject s\nlet d = s | subscribeOn backgrund", 4, 25,
         "'backgrund' is not a declared scheduler; the schedulers so far are background, main"),
        ("scheduler main\nsubject s\nlet d = s | deliverOn s", 3, 23, "'s' is a subject, but a scheduler is needed here"),
        ("scheduler main\nsubject s\nlet d = s | deliverOn", 3, 22, "expected a scheduler's name, found the end of the line"),
        ("scheduler main\nsubject s\nlet d = s | deliverOn \"main\"", 3, 23, "expected a scheduler's name, found '\"main\"'"),
        ("scheduler main\nsubject s\nlet d = s | deliverOn main main", 3, 28, "expected the end of the line, found 'main'"),
    ])
    func references(text: String, line: Int, column: Int, message: String) {
        refused(text, line: line, column: column, message: message)
    }

    @Test("with many schedulers, an unknown one suggests the closest few")
    func closestSchedulers() {
        let declared = ["io", "main", "background", "network", "disk", "ui", "timer"].map { "scheduler \($0)" }
        refused(declared.joined(separator: "\n") + "\nsubject s\nlet d = s | deliverOn netwrk", line: 9, column: 23,
                message: "'netwrk' is not a declared scheduler; the closest of the 7 schedulers so far are network, disk, timer, io, main")
    }

    @Test("a misspelt deliverOn or subscribeOn suggests it", arguments: [
        ("deliverOnn", "'deliverOnn' is not an operator; the closest operators are deliverOn"),
        ("subscribeon", "'subscribeon' is not an operator; the closest operators are subscribeOn"),
    ])
    func misspelt(word: String, message: String) {
        refused("scheduler main\nsubject s\nlet d = s | \(word) main", line: 3, column: 13, message: message)
    }

    private func refused(
        _ text: String, line: Int, column: Int, message: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let error = #expect(throws: ScenarioFileError.self, sourceLocation: sourceLocation) { try parse(text) }
        #expect(error?.file == "test.sigviz", sourceLocation: sourceLocation)
        #expect(error?.line == line, "\(String(describing: error))", sourceLocation: sourceLocation)
        #expect(error?.column == column, "\(String(describing: error))", sourceLocation: sourceLocation)
        #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "")", sourceLocation: sourceLocation)
    }
}
