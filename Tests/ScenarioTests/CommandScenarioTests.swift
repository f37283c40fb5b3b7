import Foundation
import Scenarios
import Testing
import Tracer

/// A save command whose request takes 2 s, with a subscriber to each of its signals.
private let save = """
    cold request: +2 next "saved {}", +2 completed
    command save: request
    let busy = save.executing
    let failures = save.errors
    let results = save.executionSignals | flatten
    let allowed = save.enabled
    subscribe "Spinner" to busy
    subscribe "Alert" to failures
    subscribe "View" to results
    subscribe "Button" to allowed
    """

@Suite("A command in a scenario file: command NAME: SIGNAL, its signals and execute")
struct CommandScenarioTests {
    @Test("execute runs the signal block: one request per input, named like a call, its values on executionSignals | flatten")
    func execute() throws {
        let trace = try parse(save + """

            at 1 execute save "draft 1"
            at 4 execute save "draft 2"
            """).scenario(named: "command").trace()
        #expect(didSubscribeTimes(trace, of: "request(\"draft 1\")") == ["1.0"])
        #expect(didSubscribeTimes(trace, of: "request(\"draft 2\")") == ["4.0"])
        #expect(deliveries(trace, label: "View") == ["next(saved draft 1)@3.0", "next(saved draft 2)@6.0"])
        #expect(deliveries(trace, label: "Spinner")
            == ["next(false)@0.0 replayed", "next(true)@1.0", "next(false)@3.0", "next(true)@4.0", "next(false)@6.0"])
        #expect(deliveries(trace, label: "Button")
            == ["next(true)@0.0 replayed", "next(false)@1.0", "next(true)@3.0", "next(false)@4.0", "next(true)@6.0"])
        #expect(deliveries(trace, label: "Alert") == [])
        #expect(throws: Never.self) { try trace.validate() }
    }

    @Test("a tap while executing is refused (not enabled): no request runs, executing does not change, errors sends nothing")
    func notEnabled() throws {
        let trace = try parse(save + """

            at 1 execute save "draft 1"
            at 2 execute save "draft 2"
            at 4 execute save "draft 3"
            """).scenario(named: "command").trace()
        #expect(didSubscribeTimes(trace, of: "request(\"draft 1\")") == ["1.0"])
        #expect(!trace.signals.contains { $0.name == "request(\"draft 2\")" }, "the refused tap calls no signal block")
        #expect(didSubscribeTimes(trace, of: "request(\"draft 3\")") == ["4.0"])
        #expect(deliveries(trace, label: "View") == ["next(saved draft 1)@3.0", "next(saved draft 3)@6.0"])
        #expect(deliveries(trace, label: "Spinner")
            == ["next(false)@0.0 replayed", "next(true)@1.0", "next(false)@3.0", "next(true)@4.0", "next(false)@6.0"])
        // RAC sends CommandError.notEnabled to the caller of execute only, never on errors.
        #expect(deliveries(trace, label: "Alert") == [])
        #expect(throws: Never.self) { try trace.validate() }
    }

    @Test("a failed execution's message is a value on errors; executionSignals completes it instead of failing")
    func errors() throws {
        let trace = try parse("""
            cold request: +1 error "could not save {}"
            command save: request
            let failures = save.errors
            let results = save.executionSignals | switchToLatest
            subscribe "Alert" to failures
            subscribe "View" to results
            at 1 execute save "draft"
            at 3 execute save "again"
            """).scenario(named: "command").trace()
        #expect(deliveries(trace, label: "Alert") == ["next(could not save draft)@2.0", "next(could not save again)@4.0"])
        #expect(deliveries(trace, label: "View") == [])
    }

    @Test("executionSignals is hot: a subscriber after an execution began gets only the later executions")
    func executionSignalsIsHot() throws {
        let file = try parse("""
            frame 0.5
            cold request: +1 next "saved {}", +1 completed
            command save: request
            let results = save.executionSignals | concat
            at 2 subscribe "Late" to results
            at 1 execute save "a"
            at 3 execute save "b"
            expect "Late" to results "--------b" values b = "saved b"
            """)
        let (trace, results) = file.check(named: "command")
        let failed = results.filter { !$0.passed }
        #expect(failed.isEmpty, "\(failed)")
        #expect(deliveries(trace, label: "Late") == ["next(saved b)@4.0"])
        // The first execution ran all the same.
        #expect(didSubscribeTimes(trace, of: "request(\"a\")") == ["1.0"])
    }

    @Test("concurrent allows a tap while executing: both requests run, and enabled stays true")
    func concurrent() throws {
        let trace = try parse("""
            cold request: +2 next "saved {}", +2 completed
            command save: request concurrent
            let busy = save.executing
            let allowed = save.enabled
            let results = save.executionSignals | flatten
            subscribe "Spinner" to busy
            subscribe "Button" to allowed
            subscribe "View" to results
            at 1 execute save "a"
            at 2 execute save "b"
            """).scenario(named: "command").trace()
        #expect(didSubscribeTimes(trace, of: "request(\"a\")") == ["1.0"])
        #expect(didSubscribeTimes(trace, of: "request(\"b\")") == ["2.0"])
        #expect(deliveries(trace, label: "View") == ["next(saved a)@3.0", "next(saved b)@4.0"])
        #expect(deliveries(trace, label: "Spinner") == ["next(false)@0.0 replayed", "next(true)@1.0", "next(false)@4.0"])
        #expect(deliveries(trace, label: "Button") == ["next(true)@0.0 replayed"])
    }

    @Test("enabled NAME: the command runs only while NAME last sent \"true\"")
    func enabledSignal() throws {
        let trace = try parse("""
            subject valid
            cold request: +1 next "saved {}", +1 completed
            command save: request enabled valid
            let allowed = save.enabled
            let results = save.executionSignals | flatten
            subscribe "Button" to allowed
            subscribe "View" to results
            at 1 send valid "false"
            at 2 execute save "a"
            at 3 send valid "true"
            at 4 execute save "b"
            """).scenario(named: "command").trace()
        #expect(!trace.signals.contains { $0.name == "request(\"a\")" })
        #expect(didSubscribeTimes(trace, of: "request(\"b\")") == ["4.0"])
        #expect(deliveries(trace, label: "View") == ["next(saved b)@5.0"])
        #expect(deliveries(trace, label: "Button")
            == ["next(true)@0.0 replayed", "next(false)@1.0", "next(true)@3.0", "next(false)@4.0", "next(true)@5.0"])
    }

    @Test("execute without at runs at 0, in the file's order; a cold signal without {} is the same signal for every input")
    func executeAtZero() throws {
        let trace = try parse("""
            cold request: +1 next "ok", +1 completed
            command save: request
            let results = save.executionSignals | flatten
            subscribe "View" to results
            execute save "a"
            at 2 execute save "b"
            """).scenario(named: "command").trace()
        #expect(didSubscribeTimes(trace, of: "request") == ["0.0", "2.0"])
        #expect(deliveries(trace, label: "View") == ["next(ok)@1.0", "next(ok)@3.0"])
    }

    @Test("execute ... subscribe \"LABEL\" subscribes to what execute returns: the replayed execution, or the refusal's error")
    func executeSubscribe() throws {
        let file = try parse("""
            frame 0.5
            cold request: +2 next "saved {}", +2 completed
            command save: request
            at 1 execute save "draft 1" subscribe "Tap 1"
            at 2 execute save "draft 2" subscribe "Tap 2"
            at 2.5 dispose "Tap 1"
            at 4 execute save "draft 3" subscribe "Tap 3"
            expect "Tap 1" to save "--"
            expect "Tap 2" to save "----#"
            expect "Tap 3" to save "------------(a|)" values a = "saved draft 3"
            """)
        let (trace, results) = file.check(named: "command")
        let failed = results.filter { !$0.passed }
        #expect(failed.isEmpty, "\(failed)")
        #expect(deliveries(trace, label: "Tap 1") == [])
        #expect(deliveries(trace, label: "Tap 2") == ["error(The command is disabled and cannot be executed)@2.0"])
        #expect(deliveries(trace, label: "Tap 3") == ["next(saved draft 3)@6.0", "completed@6.0"])
        // Disposing what execute returned does not stop the execution: it was connected.
        #expect(didSubscribeTimes(trace, of: "request(\"draft 1\")") == ["1.0"])
        #expect(!trace.signals.contains { $0.name == "request(\"draft 2\")" })
        #expect(didSubscribeTimes(trace, of: "request(\"draft 3\")") == ["4.0"])
        #expect(throws: Never.self) { try trace.validate() }
    }

    @Test("two execute statements subscribing with one label make its expect line ambiguous")
    func ambiguousExecuteLabel() {
        let error = #expect(throws: ScenarioFileError.self) {
            try parse("""
                cold r "-a|"
                command c: r
                at 1 execute c "x" subscribe "Tap"
                at 2 execute c "y" subscribe "Tap"
                expect "Tap" to c "-a|"
                """)
        }
        #expect(error?.line == 5)
        #expect(error?.message.hasPrefix("expect \"Tap\" is ambiguous: 2 subscribers labelled \"Tap\" may subscribe to c (lines 3 and 4)") == true,
                "\(error?.message ?? "")")
    }

    @Test("a command, its signals and execute are refused at their column when misused", arguments: [
        ("cold r \"-a|\"\nexecute sav \"x\"", 2, 9, "'sav' is not declared"),
        ("cold r \"-a|\"\nat 1 execute r \"x\"", 2, 14, "'r' is a signal, but a command is needed here"),
        ("cold r \"-a|\"\ncommand c: r\nexecute c", 3, 10, "expected the input in double quotes, found the end of the line"),
        ("cold r \"-a|\"\ncommand c: r\nexecute c x", 3, 11, "expected the input in double quotes, found 'x'"),
        ("cold r \"-a|\"\ncommand c: nothing", 2, 12, "'nothing' is not declared"),
        ("cold r \"-a|\"\ncommand c r", 2, 11, "expected ':', found 'r'"),
        ("cold r \"-a|\"\ncommand c: r concurrent concurrent", 2, 25, "'concurrent' may appear only once"),
        ("cold r \"-a|\"\ncommand c: r fast", 2, 14, "expected concurrent, enabled or the end of the line, found 'fast'"),
        ("cold r \"-a|\"\ncommand r: r", 2, 9, "'r' is already declared"),
        ("cold r \"-a|\"\ncommand c: r\nsubscribe \"A\" to c", 3, 18, "'c' is a command, but a signal is needed here; use one of its signals: c.executing, .executionSignals, .enabled or .errors"),
        ("cold r \"-a|\"\ncommand c: r\nlet x = c", 3, 10, "'c' is a command: a pipeline starts from one of its signals, c.executionSignals, c.executing, c.enabled or c.errors"),
        ("cold r \"-a|\"\ncommand c: r\nlet x = c.running", 3, 11, "a command has no signal 'running'; its signals are c.executionSignals"),
        ("cold r \"-a|\"\nlet x = r.executing", 2, 10, "'r' is a signal, not a command"),
        ("cold r \"-a|\"\ncommand c: r\nlet x = c.executionSignals | map \"x\"", 3, 30, "a signal of signals is flattened first"),
        ("cold r \"-a|\"\ncommand c: r\nlet x = c.executing | switchToLatest", 3, 23, "switchToLatest needs a signal of signals"),
        ("cold r \"-a|\"\ncommand c: r\nsubject s\nsubscribe s to c", 4, 16, "'c' is a command, but a signal is needed here"),
        ("cold r \"-a|\"\ncommand c: r\nexecute c \"x\" subscribe", 3, 24, "expected a subscriber's label in double quotes, found the end of the line"),
        ("cold r \"-a|\"\ncommand c: r\nexecute c \"x\" as y", 3, 15, "expected the end of the line, found 'as'"),
        ("cold r \"-a|\"\ncommand c: r\nat 2 execute c \"x\" subscribe \"T\"\nat 1 dispose \"T\"", 4, 14, "the disposal at 1 s would come before \"T\" subscribes, at 2 s"),
    ])
    func refused(text: String, line: Int, column: Int, message: String) {
        expectRefused(text, line: line, column: column, message: message)
    }

    @Test("a point between two words is a symbol; anywhere else it is still refused")
    func strayPoint() {
        let error = #expect(throws: ScenarioFileError.self) { try parse("subject s.\n") }
        #expect(error?.column == 10)
        #expect(error?.message == "unexpected '.'")
    }

    @Test("a command where a subject is needed is refused without the hint about pipelines, which only fits where a signal is")
    func hintOnlyForSignals() {
        let error = #expect(throws: ScenarioFileError.self) {
            try ScenarioFile(parsing: "cold r \"-a|\"\ncommand save: r\nsend save \"x\"", file: "hint.sigviz")
        }
        #expect(error?.message == "'save' is a command, but a subject is needed here", "\(String(describing: error))")
    }
}
