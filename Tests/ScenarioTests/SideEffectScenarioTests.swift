import Foundation
@testable import Scenarios
import Testing
import Tracer

/// The values sent to the subject named `subject` in `trace`, in order, with their times: `value@1.0`.
private func sends(_ trace: Trace, to subject: String) -> [String] {
    trace.events.compactMap { event in
        guard case .send(let signal, let value) = event.kind, trace.signals[signal].name == subject else { return nil }
        return value + "@" + render(time: event.time)
    }
}

@Suite("The scenario file's side effects: doNext, doError, doCompleted, initially and finally send to a subject")
struct SideEffectScenarioTests {
    @Test("each sends its text to the subject just before the event it watches is forwarded, in the order of the pipeline")
    func order() throws {
        let trace = try parse("""
            cold c: +1 next "a", +2 next "b", +3 completed
            cold f: +1 next "a", +2 error "boom"
            subject log
            let watched = c | initially log "start" | doNext log "got {}" | doCompleted log "done" | finally log "end"
            let failing = f | doNext log | doError log "failed: {}" | finally log "end" | doCompleted log "done"
            subscribe "Log" to log
            subscribe "W" to watched
            at 10 subscribe "F" to failing
            """).scenario(named: "effects").trace()
        #expect(labelledDeliveries(trace) == [
            "Log: next(start)@0.0",
            "Log: next(got a)@1.0", "W: next(a)@1.0",
            "Log: next(got b)@2.0", "W: next(b)@2.0",
            "Log: next(done)@3.0", "Log: next(end)@3.0", "W: completed@3.0",
            "Log: next(a)@11.0", "F: next(a)@11.0",
            "Log: next(failed: boom)@12.0", "Log: next(end)@12.0", "F: error(boom)@12.0",
        ])
        // They are sends to the subject, as `send log "..."` would be: the diagrams draw them on its lane.
        #expect(sends(trace, to: "log") == [
            "start@0.0", "got a@1.0", "got b@2.0", "done@3.0", "end@3.0", "a@11.0", "failed: boom@12.0", "end@12.0",
        ])
        #expect(throws: Never.self) { try trace.validate() }
    }

    @Test("initially runs at each subscription; doNext once per value per subscription; finally not at a disposal")
    func perSubscription() throws {
        let trace = try parse("""
            cold c: +1 next "a", +3 completed
            replay log
            let p = c | initially log "subscribed" | doNext log "{}" | finally log "ended"
            subscribe "A" to p
            at 0.5 subscribe "B" to p until 2
            at 5 subscribe "Log" to log
            """).scenario(named: "effects").trace()
        #expect(sends(trace, to: "log") == ["subscribed@0.0", "subscribed@0.5", "a@1.0", "a@1.5", "ended@3.0"])
        // The replay subject hands the late subscriber everything sent to it.
        #expect(deliveries(trace, label: "Log") == [
            "next(subscribed)@5.0 replayed", "next(subscribed)@5.0 replayed", "next(a)@5.0 replayed",
            "next(a)@5.0 replayed", "next(ended)@5.0 replayed",
        ])
        #expect(deliveries(trace, label: "B") == ["next(a)@1.5"])
    }

    @Test("a side effect may send to a behavior subject or a channel terminal, whose other end receives it")
    func otherSubjects() throws {
        let file = try parse("""
            frame 0.5
            cold c "-a-b|"
            behavior last "none"
            channel model view
            let p = c | doNext last | doNext model "model {}" | doCompleted model "saved"
            subscribe "Last" to last
            subscribe "View" to view
            subscribe "P" to p
            expect "Last" to last "na-b" values n = "none"
            expect "View" to view "-x-ys" values x = "model a", y = "model b", s = "saved"
            expect "P" to p "-a-b|"
            """)
        let (trace, results) = file.check(named: "effects")
        #expect(results.count == 3)
        let failed = results.filter { !$0.passed }
        #expect(failed.isEmpty, "\(failed)")
        #expect(throws: Never.self) { try trace.validate() }
    }

    @Test("doError's template gets the error's message, from any error: a timeout's too")
    func errorMessage() throws {
        let trace = try parse("""
            subject log
            let slow = never | timeout 2 | doError log "{} ({})"
            subscribe "Log" to log
            subscribe "S" to slow
            """).scenario(named: "effects").trace()
        #expect(deliveries(trace, label: "Log") == ["next(timed out after 2.0 s (timed out after 2.0 s))@2.0"])
        #expect(deliveries(trace, label: "S") == ["error(timed out after 2.0 s)@2.0"])
    }

    @Test("a subject whose side effect sends back into it is stopped at the event limit, not by the stack")
    func cycle() throws {
        let file = try parse("""
            subject s
            let echo = s | doNext s "again {}"
            subscribe "E" to echo
            at 1 send s "a"
            """)
        let error = #expect(throws: RunLimitExceeded.self) { try file.scenario(named: "cycle").trace(maximumEvents: 2_000) }
        // "again again again ... a" grows by 6 bytes a turn: the event limit comes first.
        guard case .events? = error else {
            Issue.record("stopped for \(String(describing: error))")
            return
        }
    }

    @Test("a doNext template that would make a value past 64 KB is refused at its operator")
    func budget() throws {
        // 8,192 four-byte characters are 32,768 bytes: "{}{}" makes 65,536, which is allowed; "{}{}." is not.
        let value = String(repeating: "🙂", count: 8_192)
        let exact = try parse("cold c: +1 next \"\(value)\"\nsubject log\nlet d = c | doNext log \"{}{}\"\nsubscribe \"S\" to d")
        #expect(throws: Never.self) { try exact.scenario(named: "exact").trace(maximumEvents: 1_000) }
        let over = try parse("cold c: +1 next \"\(value)\"\nsubject log\nlet d = c | doNext log \"{}{}.\"\nsubscribe \"S\" to d")
        let error = #expect(throws: RunLimitExceeded.self) { try over.scenario(named: "over").trace(maximumEvents: 1_000) }
        guard case .text(let text)? = error else {
            Issue.record("not refused for its text: \(String(describing: error))")
            return
        }
        #expect(text.line == 3)
        #expect(text.column == 11)
        #expect(text.message == "'d' would make a value of 65537 bytes here; a value may have at most 65536 bytes")
    }

    @Test("a subject fed by a side effect nests as deep as the pipeline that feeds it, plus one")
    func nesting() throws {
        let file = try parse("""
            subject log
            cold c "-a|"
            let p = c | map "{}" | map "{}" | doNext log
            let q = log | map "{}"
            subscribe "Q" to q
            subscribe "P" to p
            """)
        // p is 3 levels deep; log, fed by it, 4; q 5.
        #expect(file.nestingDepth == 5)
        // A chain of pipelines 9,999 levels deep, then p, 10,000 deep at its doNext, which is allowed: but log,
        // fed by p, is 10,001: q is refused at its source, log.
        let limit = ScenarioFile.maximumNesting
        var lines = ["subject log", "cold c0 \"-a|\""]
        for index in 1..<limit { lines.append("let c\(index) = c\(index - 1) | map \"{}\"") }
        lines += ["let p = c\(limit - 1) | doNext log", "let q = log | take 1"]
        let error = #expect(throws: ScenarioFileError.self) { try parse(lines.joined(separator: "\n")) }
        #expect(error?.line == limit + 3)
        #expect(error?.column == 9)
        #expect(error?.message == "pipelines nest at most \(limit) levels deep, and this one reaches \(limit + 1) here")
        // Without the side effect, the same chain parses.
        lines[lines.count - 2] = "let p = c\(limit - 1) | map \"{}\""
        #expect(throws: Never.self) { try parse(lines.joined(separator: "\n")) }
    }

    @Test("a subject fed by a side effect of a pipeline declared after its users is counted for them too")
    func nestingOfEarlierUsers() throws {
        let file = try parse("""
            subject log
            cold c "-a|"
            let q = log | map "{}"
            let p = c | map "{}" | doNext log "{}"
            subscribe "Q" to q
            subscribe "P" to p
            """)
        // p is 2 levels deep, log 3, q 4.
        #expect(file.nestingDepth == 4)
    }

    @Test("bad arguments are refused with their file, line and column", arguments: [
        ("cold c \"-a|\"\nlet d = c | doNext", 2, 19, "expected a subject, found the end of the line"),
        ("cold c \"-a|\"\nlet d = c | doNext log", 2, 20, "'log' is not declared; the names so far are c"),
        ("cold c \"-a|\"\nlet d = c | doNext c", 2, 20, "'c' is a signal, but a subject is needed here"),
        ("cold c \"-a|\"\nlet d = c | doNext \"log\"", 2, 20, "expected a subject, found '\"log\"'"),
        ("subject log\ncold c \"-a|\"\nlet d = c | doNext log got", 3, 24,
         "expected a template such as \"got {}\" ({} is the value) in double quotes, found 'got'"),
        ("subject log\ncold c \"-a|\"\nlet d = c | doError log 3", 3, 25,
         "expected a template such as \"failed: {}\" ({} is the error's message) in double quotes, found '3'"),
        ("subject log\ncold c \"-a|\"\nlet d = c | doError", 3, 20, "expected a subject, found the end of the line"),
        ("subject log\ncold c \"-a|\"\nlet d = c | doCompleted log", 3, 28,
         "expected the value to send to 'log' at the completion in double quotes, found the end of the line"),
        ("subject log\ncold c \"-a|\"\nlet d = c | initially log | take 1", 3, 27,
         "expected the value to send to 'log' at each subscription in double quotes, found '|'"),
        ("subject log\ncold c \"-a|\"\nlet d = c | finally \"end\"", 3, 21, "expected a subject, found '\"end\"'"),
        ("subject log\ncold c \"-a|\"\nlet d = c | finally log \"end\" \"again\"", 3, 31, "expected the end of the line, found '\"again\"'"),
        ("subject log\nlet p = log | publish\nlet d = log | doNext p", 3, 22, "'p' is a connection, but a subject is needed here"),
        ("subject log\nlet d = log | doNext d", 2, 22, "'d' is not declared"),
    ])
    func refused(text: String, line: Int, column: Int, message: String) {
        let error = #expect(throws: ScenarioFileError.self) { try parse(text) }
        #expect(error?.file == "test.sigviz")
        #expect(error?.line == line, "\(String(describing: error))")
        #expect(error?.column == column, "\(String(describing: error))")
        #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "")")
    }

    @Test("the side effects are named as RAC names them")
    func names() throws {
        let trace = try parse("""
            cold c "-a|"
            subject log
            let p = c | doNext log | doError log | doCompleted log "d" | initially log "i" | finally log "f"
            subscribe "P" to p
            """).scenario(named: "names").trace()
        let names = Set(trace.signals.map { $0.description ?? $0.name })
        for name in ["[c] -doNext:", "[[c] -doNext:] -doError:", "[[[c] -doNext:] -doError:] -doCompleted:",
                     "[[[[c] -doNext:] -doError:] -doCompleted:] -initially:", "p"] {
            #expect(names.contains(name), "\(names.sorted())")
        }
    }

    @Test("a misspelt side effect suggests the side effects", arguments: [
        ("doNxt", "'doNxt' is not an operator; the closest operators are doNext"),
        ("doCompleteed", "'doCompleteed' is not an operator; the closest operators are doCompleted"),
        ("finaly", "'finaly' is not an operator; the closest operators are finally"),
        ("initialy", "'initialy' is not an operator; the closest operators are initially"),
    ])
    func suggestions(word: String, message: String) {
        let error = #expect(throws: ScenarioFileError.self) { try parse("subject log\nlet d = log | \(word) log") }
        #expect(error?.column == 15)
        #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "")")
    }
}
