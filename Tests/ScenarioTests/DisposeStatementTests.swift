import Foundation
import Scenarios
import Testing
import Tracer

/// When the subscriptions labelled `label` were disposed, in order.
private func disposeTimes(_ trace: Trace, label: String) -> [String] {
    let ids = Set(subscriptions(trace, label: label).map(\.id))
    return trace.events.compactMap { event in
        guard case .dispose(let id) = event.kind, ids.contains(id) else { return nil }
        return render(time: event.time)
    }
}

@Suite("The scenario file's dispose statement: a subscriber by its label, a connection by its name")
struct DisposeStatementTests {
    @Test("at T dispose \"A\" ends A's subscription then: the trace has its disposal, and nothing reaches A after it")
    func disposeLabel() throws {
        let file = try parse("""
            cold ticks "-a-b-c|"
            subscribe "A" to ticks
            subscribe "B" to ticks
            at 2.5 dispose "A"
            expect "A" to ticks "-a"
            expect "B" to ticks "-a-b-c|"
            """)
        let (trace, results) = file.check(named: "dispose")
        let failed = results.filter { !$0.passed }
        #expect(failed.isEmpty, "\(failed)")
        #expect(disposeTimes(trace, label: "A") == ["2.5"])
        #expect(deliveries(trace, label: "A") == ["next(a)@1.0"])
        // The cold source's second run, A's, is disposed with A: its didSubscribe ran twice.
        #expect(didSubscribeTimes(trace, of: "ticks") == ["0.0", "0.0"])
        #expect(throws: Never.self) { try trace.validate() }
    }

    @Test("dispose \"A\" disposes every subscription labelled A made before it, and none made after")
    func everySubscriptionOfALabel() throws {
        let trace = try parse("""
            subject s
            cold c "-a-b-c-d|"
            subscribe "A" to s
            at 1 subscribe "A" to c
            at 2 dispose "A"
            at 3 subscribe "A" to s
            at 4 send s "x"
            """).scenario(named: "dispose").trace()
        #expect(disposeTimes(trace, label: "A") == ["2.0", "2.0"])
        let subscriptionsToS = subscriptions(trace, label: "A", signal: "s")
        #expect(subscriptionsToS.count == 2)
        let delivered = trace.events.compactMap { event -> Int? in
            guard case .next(let id, _, _) = event.kind else { return nil }
            return id
        }
        #expect(delivered.filter { id in subscriptionsToS.contains { $0.id == id } } == [subscriptionsToS[1].id])
    }

    @Test("dispose without at runs at once, in the file's order")
    func withoutTime() throws {
        let trace = try parse("""
            subject s
            subscribe "A" to s
            dispose "A"
            send s "x"
            """).scenario(named: "dispose").trace()
        #expect(disposeTimes(trace, label: "A") == ["0.0"])
        #expect(deliveries(trace, label: "A") == [])
    }

    @Test("at T dispose CONNECTION disposes what connect returned: the source's subscription ends, the trace has the disconnect")
    func disposeConnection() throws {
        let file = try parse("""
            cold ticks "-a-b-c-d|"
            let shared = ticks | publish
            subscribe "A" to shared
            connect shared
            at 2.5 dispose shared
            at 4 connect shared
            expect "A" to shared "-a"
            """)
        let (trace, results) = file.check(named: "dispose")
        let failed = results.filter { !$0.passed }
        #expect(failed.isEmpty, "\(failed)")
        let disconnects = trace.events.filter { if case .disconnect = $0.kind { true } else { false } }.map { render(time: $0.time) }
        #expect(disconnects == ["2.5"])
        // A disposed connection stays disposed: connecting it again does not run the source again (RAC's serial disposable).
        #expect(didSubscribeTimes(trace, of: "ticks") == ["0.0"])
        #expect(connects(trace) == ["connect@0.0", "connect@4.0 again"])
        #expect(throws: Never.self) { try trace.validate() }
    }

    @Test("a dispose that names nothing disposable, or comes before what it disposes, is refused at its column", arguments: [
        ("subject s\nat 1 dispose \"A\"", 2, 14, "no subscriber is labelled \"A\" before this line"),
        ("subject s\nat 1 dispose \"A\"\nsubscribe \"A\" to s", 2, 14, "no subscriber is labelled \"A\" before this line"),
        ("subject s\nat 2 subscribe \"A\" to s\nat 1 dispose \"A\"", 3, 14, "the disposal at 1 s would come before \"A\" subscribes, at 2 s"),
        ("subject s\nat 2 subscribe \"A\" to s\ndispose \"A\"", 3, 9, "the disposal at 0 s would come before \"A\" subscribes, at 2 s"),
        ("cold c \"-a|\"\nlet p = c | publish\ndispose p", 3, 9, "'p' is not connected before this line"),
        ("cold c \"-a|\"\nlet p = c | publish\nat 3 connect p\nat 2 dispose p", 4, 14, "the disposal at 2 s would come before 'p' connects, at 3 s"),
        ("subject s\ndispose s", 2, 9, "'s' is a subject, but a subscriber's label in double quotes, or a connection is needed here"),
        ("subject s\ndispose nothing", 2, 9, "'nothing' is not declared"),
        ("subject s\ndispose", 2, 8, "expected a subscriber's label in double quotes, or a connection, found the end of the line"),
        ("subject s\nat 1 despose s", 2, 6, "expected subscribe, connect, send, complete, fail, dispose or execute, found 'despose'"),
    ])
    func refused(text: String, line: Int, column: Int, message: String) {
        expectRefused(text, line: line, column: column, message: message)
    }
}
