import Foundation
@testable import Scenarios
import Testing
import Tracer

@Suite("A command's signals named where a signal is expected: subscribe \"Alert\" to login.errors")
struct CommandSignalReferenceTests {
    @Test("subscribing to login.errors directly gives what a let of it gives, the signal named as the user wrote it")
    func subscribeToErrors() throws {
        let direct = try parse("""
            cold request: +1 error "could not log in as {}"
            command login: request
            subscribe "Alert" to login.errors
            subscribe "Spinner" to login.executing
            at 1 execute login "ann"
            at 3 execute login "bob"
            """).scenario(named: "direct").trace()
        let named = try parse("""
            cold request: +1 error "could not log in as {}"
            command login: request
            let failures = login.errors
            let busy = login.executing
            subscribe "Alert" to failures
            subscribe "Spinner" to busy
            at 1 execute login "ann"
            at 3 execute login "bob"
            """).scenario(named: "named").trace()
        #expect(deliveries(direct, label: "Alert") == ["next(could not log in as ann)@2.0", "next(could not log in as bob)@4.0"])
        #expect(deliveries(direct, label: "Alert") == deliveries(named, label: "Alert"))
        #expect(deliveries(direct, label: "Spinner") == deliveries(named, label: "Spinner"))
        // Named as written, as a let's signal is named by the let.
        let target = try #require(subscriptions(direct, label: "Alert").first).signal
        #expect(direct.signals[target].name == "login.errors")
        let letTarget = try #require(subscriptions(named, label: "Alert").first).signal
        #expect(named.signals[letTarget].name == "failures")
        #expect(throws: Never.self) { try direct.validate() }
    }

    @Test("a command's signal is accepted in an operator's arguments and in an expect line, and declared once however often it is named")
    func argumentsAndExpectations() throws {
        let file = try parse("""
            frame 1
            cold request: +1 error "no"
            command save: request
            subject typed
            let messages = typed | merge save.errors
            subscribe "Log" to messages
            subscribe "Alert" to save.errors
            at 1 execute save "x"
            at 3 send typed "hi"
            expect "Alert" to save.errors "--n" values n = "no"
            """)
        let implicit = file.statements.filter {
            if case .pipeline(let name, _, _) = $0.value { name == "save.errors" } else { false }
        }
        #expect(implicit.count == 1)
        let (trace, results) = file.check(named: "args")
        let failed = results.filter { !$0.passed }
        #expect(results.count == 1 && failed.isEmpty, "\(failed)")
        #expect(deliveries(trace, label: "Log") == ["next(no)@2.0", "next(hi)@3.0"])
    }

    @Test("executionSignals is a signal of signals: refused where a signal is needed, saying how to flatten it")
    func executionSignalsRefused() {
        expectRefused("cold r \"-a|\"\ncommand c: r\nsubscribe \"A\" to c.executionSignals", line: 3, column: 18,
                      message: "'c.executionSignals' is a signal of signals, but a signal is needed here; its values are the executions")
        expectRefused("cold r \"-a|\"\ncommand c: r\nsubscribe \"A\" to c.running", line: 3, column: 20,
                      message: "a command has no signal 'running'")
    }
}
