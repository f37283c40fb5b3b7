import Foundation
@testable import Scenarios
import Testing
import Tracer

/// The text-budget refusal that running `file` ends in, or nil (recording an issue) if it ends otherwise.
private func textRefusal(_ file: ScenarioFile, sourceLocation: SourceLocation = #_sourceLocation) -> ScenarioFileError? {
    do {
        _ = try file.scenario(named: "aggregating").trace(maximumEvents: 1_000_000)
        Issue.record("not refused", sourceLocation: sourceLocation)
    } catch {
        if case .text(let text) = error { return text }
        Issue.record("not refused for its text: \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

@Suite("The scenario file's aggregate, combinePrevious, any, all, materialize and dematerialize")
struct AggregatingScenarioTests {
    /// A cold signal of three values that completes, one that fails with "boom" and one that completes at once.
    private let sources = """
        frame 0.5
        cold c "-a-b-c|"
        cold f: +0.5 next "a", +1.5 next "b", +2 error "boom"
        cold e "--|"
        """

    @Test("aggregate sends only the last text at the completion, the start text without values, and an error alone")
    func aggregate() throws {
        let trace = try parse(sources + """

            let all = c | aggregate ">" "{acc}{}"
            let failed = f | aggregate ">" "{acc}{}"
            let none = e | aggregate "nothing" "{acc}{}"
            let reversed = c | aggregate "" "{}{acc}"
            subscribe "All" to all
            subscribe "Failed" to failed
            subscribe "None" to none
            subscribe "Reversed" to reversed
            """).scenario(named: "aggregate").trace()
        #expect(deliveries(trace, label: "All") == ["next(>abc)@3.0", "completed@3.0"])
        #expect(deliveries(trace, label: "Failed") == ["error(boom)@2.0"])
        #expect(deliveries(trace, label: "None") == ["next(nothing)@1.0", "completed@1.0"])
        #expect(deliveries(trace, label: "Reversed") == ["next(cba)@3.0", "completed@3.0"])
    }

    @Test("combinePrevious sends each value with the one before it, the start text before the first")
    func combinePrevious() throws {
        let trace = try parse(sources + """

            let pairs = c | combinePrevious "start" "{prev}->{}"
            let failed = f | combinePrevious "" "{}{prev}{}"
            subscribe "Pairs" to pairs
            subscribe "Failed" to failed
            """).scenario(named: "combinePrevious").trace()
        #expect(deliveries(trace, label: "Pairs") == ["next(start->a)@0.5", "next(a->b)@1.5", "next(b->c)@2.5", "completed@3.0"])
        #expect(deliveries(trace, label: "Failed") == ["next(aa)@0.5", "next(bab)@1.5", "error(boom)@2.0"])
    }

    @Test("any and any \"a\" send \"true\" and complete at the first value that answers, \"false\" at the end, an error included")
    func any() throws {
        let trace = try parse(sources + """

            let some = c | any
            let someB = c | any "x", "b"
            let someX = c | any "x"
            let failedX = f | any "x"
            let failed = f | any
            let empty = e | any
            subscribe "Some" to some
            subscribe "SomeB" to someB
            subscribe "SomeX" to someX
            subscribe "FailedX" to failedX
            subscribe "Failed" to failed
            subscribe "Empty" to empty
            """).scenario(named: "any").trace()
        #expect(deliveries(trace, label: "Some") == ["next(true)@0.5", "completed@0.5"])
        #expect(deliveries(trace, label: "SomeB") == ["next(true)@1.5", "completed@1.5"])
        #expect(deliveries(trace, label: "SomeX") == ["next(false)@3.0", "completed@3.0"])
        #expect(deliveries(trace, label: "FailedX") == ["next(false)@2.0", "completed@2.0"])
        #expect(deliveries(trace, label: "Failed") == ["next(true)@0.5", "completed@0.5"])
        #expect(deliveries(trace, label: "Empty") == ["next(false)@1.0", "completed@1.0"])
    }

    @Test("all sends \"false\" at the first value not listed or at an error, \"true\" at the completion")
    func all() throws {
        let trace = try parse(sources + """

            let every = c | all "a", "b", "c"
            let notC = c | all "a", "b"
            let failed = f | all "a", "b"
            let empty = e | all "a"
            subscribe "Every" to every
            subscribe "NotC" to notC
            subscribe "Failed" to failed
            subscribe "Empty" to empty
            """).scenario(named: "all").trace()
        #expect(deliveries(trace, label: "Every") == ["next(true)@3.0", "completed@3.0"])
        #expect(deliveries(trace, label: "NotC") == ["next(false)@2.5", "completed@2.5"])
        #expect(deliveries(trace, label: "Failed") == ["next(false)@2.0", "completed@2.0"])
        #expect(deliveries(trace, label: "Empty") == ["next(true)@1.0", "completed@1.0"])
    }

    @Test("any stops at its answer: the source's subscription is disposed then, before the source ends")
    func anyDisposesTheSource() throws {
        let trace = try parse("""
            cold c: +1 next "a", +2 next "b", +3 completed
            let some = c | any
            subscribe "Some" to some
            """).scenario(named: "any").trace()
        let source = try #require(trace.signals.first { $0.name == "c" })
        let disposals = trace.events.compactMap { event -> Double? in
            guard case .dispose(let id) = event.kind, trace.subscriptions[id].signal == source.id else { return nil }
            return event.time
        }
        #expect(disposals == [1.0])
        #expect(didSubscribeTimes(trace, of: "c") == ["0.0"])
    }

    @Test("materialize sends each event as text, next(a), error(message) or completed, and then completes")
    func materialize() throws {
        let trace = try parse(sources + """

            let events = c | materialize
            let failed = f | materialize
            let empty = e | materialize
            let twice = f | materialize | materialize
            subscribe "Events" to events
            subscribe "Failed" to failed
            subscribe "Empty" to empty
            subscribe "Twice" to twice
            """).scenario(named: "materialize").trace()
        #expect(deliveries(trace, label: "Events") == [
            "next(next(a))@0.5", "next(next(b))@1.5", "next(next(c))@2.5", "next(completed)@3.0", "completed@3.0",
        ])
        #expect(deliveries(trace, label: "Failed") == [
            "next(next(a))@0.5", "next(next(b))@1.5", "next(error(boom))@2.0", "completed@2.0",
        ])
        #expect(deliveries(trace, label: "Empty") == ["next(completed)@1.0", "completed@1.0"])
        #expect(deliveries(trace, label: "Twice") == [
            "next(next(next(a)))@0.5", "next(next(next(b)))@1.5", "next(next(error(boom)))@2.0", "next(completed)@2.0",
            "completed@2.0",
        ])
    }

    @Test("dematerialize gives back the events materialize made, and ends at a completed or error(...) value")
    func dematerialize() throws {
        let trace = try parse(sources + """

            subject events
            let same = c | materialize | dematerialize
            let failed = f | materialize | dematerialize
            let sent = events | dematerialize
            subscribe "Same" to same
            subscribe "Failed" to failed
            subscribe "Sent" to sent
            at 1 send events "next(x)"
            at 2 send events "next(f(x)) (y)"
            at 3 send events "next()"
            at 4 send events "error(lost (again))"
            at 5 send events "next(late)"
            """).scenario(named: "dematerialize").trace()
        #expect(deliveries(trace, label: "Same") == ["next(a)@0.5", "next(b)@1.5", "next(c)@2.5", "completed@3.0"])
        #expect(deliveries(trace, label: "Failed") == ["next(a)@0.5", "next(b)@1.5", "error(boom)@2.0"])
        #expect(deliveries(trace, label: "Sent") == ["next(x)@1.0", "next(f(x)) (y)@2.0", "next()@3.0", "error(lost (again))@4.0"])
    }

    @Test("dematerialize ends with an error naming a value that is not an event's text, and never crashes", arguments: [
        ("hello", "dematerialize: \"hello\" is not next(VALUE), error(MESSAGE) or completed"),
        ("", "dematerialize: \"\" is not next(VALUE), error(MESSAGE) or completed"),
        ("next(", "dematerialize: \"next(\" is not next(VALUE), error(MESSAGE) or completed"),
        ("next(a)b", "dematerialize: \"next(a)b\" is not next(VALUE), error(MESSAGE) or completed"),
        ("error(x", "dematerialize: \"error(x\" is not next(VALUE), error(MESSAGE) or completed"),
        ("Completed", "dematerialize: \"Completed\" is not next(VALUE), error(MESSAGE) or completed"),
        (")", "dematerialize: \")\" is not next(VALUE), error(MESSAGE) or completed"),
        (String(repeating: "y", count: 100),
         "dematerialize: \"\(String(repeating: "y", count: 59))…\" is not next(VALUE), error(MESSAGE) or completed"),
    ])
    func dematerializeRefusesOtherText(value: String, message: String) throws {
        let trace = try parse("""
            subject events
            let made = events | dematerialize
            subscribe "Made" to made
            at 1 send events "next(a)"
            at 2 send events "\(value)"
            at 3 send events "next(b)"
            """).scenario(named: "dematerialize").trace()
        #expect(deliveries(trace, label: "Made") == ["next(a)@1.0", "error(\(message))@2.0"])
    }

    @Test("a value that starts with a combining mark reads back: dematerialize compares bytes, not characters")
    func combiningMark() {
        let value = "\u{301}x"
        let text = EventText.text(of: .next(value))
        guard case .next(let back) = EventText.event(of: text) else {
            Issue.record("not read back: \(text)")
            return
        }
        #expect(back == value)
        #expect(EventText.bytes(of: .next(value)) == text.utf8.count)
        #expect(EventText.bytes(of: .error(ScenarioError(description: "é"))) == "error(é)".utf8.count)
        #expect(EventText.bytes(of: .completed) == "completed".utf8.count)
    }

    @Test("each is a signal named as RAC names it, and the let names the last")
    func names() throws {
        let trace = try parse("""
            cold c "-a|"
            let p1 = c | aggregate "s" "{acc}{}" | take 1
            let p2 = c | combinePrevious "s" "{prev}{}" | take 1
            let p3 = c | any
            let p4 = c | any "a"
            let p5 = c | all "a"
            let p6 = c | materialize | dematerialize | take 1
            subscribe "P" to p1
            subscribe "P" to p2
            subscribe "P" to p3
            subscribe "P" to p4
            subscribe "P" to p5
            subscribe "P" to p6
            """).scenario(named: "names").trace()
        let names = Set(trace.signals.map { $0.description ?? $0.name })
        for name in ["[c] -aggregateWithStart: s reduce:", "[c] -combinePreviousWithStart: s reduce:", "[c] -any", "[c] -any:",
                     "[c] -all:", "[c] -materialize", "p1", "p2", "p3", "p4", "p5", "p6"] {
            #expect(names.contains(name), "\(names.sorted())")
        }
        #expect(names.contains { $0.hasSuffix("-dematerialize") }, "\(names.sorted())")
    }

    @Test("the expect lines of a file with each operator hold")
    func expectations() throws {
        let file = try parse(sources + """

            let total = c | aggregate "" "{acc}{}"
            let moves = c | combinePrevious "0" "{prev}{}"
            let hasB = c | any "b"
            let onlyAB = c | all "a", "b"
            let events = f | materialize
            subscribe "T" to total
            subscribe "M" to moves
            subscribe "H" to hasB
            subscribe "O" to onlyAB
            subscribe "E" to events
            expect "T" to total "------(t|)" values t = "abc"
            expect "M" to moves "-x-y-z|" values x = "0a", y = "ab", z = "bc"
            expect "H" to hasB "---(t|)" values t = "true"
            expect "O" to onlyAB "-----(f|)" values f = "false"
            expect "E" to events "-a-b(e|)" values a = "next(a)", b = "next(b)", e = "error(boom)"
            """)
        let (trace, results) = file.check(named: "aggregating")
        #expect(results.count == 5)
        let failed = results.filter { !$0.passed }
        #expect(failed.isEmpty, "\(failed)")
        #expect(throws: Never.self) { try trace.validate() }
    }

    @Test("an aggregate that doubles its text is refused at its operator once a value would pass 64 KB, as scan is")
    func aggregateBudget() throws {
        // "x", then each value doubles the text: the 17th value would be 131,072 bytes.
        let file = try parse("""
            cold c "-abcdefghijklmnopqrstuvwxyz|"
            let d = c | aggregate "x" "{acc}{acc}"
            subscribe "S" to d
            """)
        let text = try #require(textRefusal(file))
        #expect(text.file == "test.sigviz")
        #expect(text.line == 2)
        #expect(text.column == 11)
        #expect(text.message == "'d' would make a value of 131072 bytes here; a value may have at most 65536 bytes")
    }

    @Test("combinePrevious measures what its template makes: {prev} and {} are counted")
    func combinePreviousBudget() throws {
        // 4,096 four-byte characters are 16,384 bytes: twice the value and twice the one before it, 65,536,
        // are made; with one byte more, refused.
        let value = String(repeating: "🙂", count: 4_096)
        let source = "cold c: +1 next \"\(value)\", +2 next \"\(value)\"\n"
        let exact = try parse(source + "let d = c | combinePrevious \"\" \"{prev}{prev}{}{}\"\nsubscribe \"S\" to d")
        #expect(throws: Never.self) { try exact.scenario(named: "exact").trace(maximumEvents: 1_000) }
        let over = try parse(source + "let d = c | combinePrevious \"\" \"{prev}{prev}-{}{}\"\nsubscribe \"S\" to d")
        let text = try #require(textRefusal(over))
        #expect(text.line == 2)
        #expect(text.column == 11)
        #expect(text.message == "'d' would make a value of 65537 bytes here; a value may have at most 65536 bytes")
        #expect(Template("<{prev}|{}>", placeholders: ["{prev}", "{}"]).filled(with: ["a", "b"]) == "<a|b>")
    }

    @Test("materialize measures what it makes: next( and ) around a value of 64 KB are refused")
    func materializeBudget() throws {
        // 32,768 bytes doubled by the map are 65,536 bytes, which is allowed; next(...) makes 65,542.
        let value = String(repeating: "🙂", count: 8_192)
        let file = try parse("cold c: +1 next \"\(value)\"\nlet d = c | map \"{}{}\" | materialize\nsubscribe \"S\" to d")
        let text = try #require(textRefusal(file))
        #expect(text.line == 2)
        #expect(text.column == 24)
        #expect(text.message == "'d' would make a value of 65542 bytes here; a value may have at most 65536 bytes")
    }

    @Test("bad arguments are refused with their file, line and column", arguments: [
        ("cold c \"-a|\"\nlet d = c | aggregate", 2, 22, "expected the start value in double quotes, found the end of the line"),
        ("cold c \"-a|\"\nlet d = c | aggregate \"\"", 2, 25,
         "expected a template such as \"{acc}{}\" ({acc} is the text so far, {} the value) in double quotes"),
        ("cold c \"-a|\"\nlet d = c | aggregate 0 \"{acc}\"", 2, 23, "expected the start value in double quotes, found '0'"),
        ("cold c \"-a|\"\nlet d = c | combinePrevious", 2, 28, "expected the value before the first in double quotes"),
        ("cold c \"-a|\"\nlet d = c | combinePrevious \"s\" | take 1", 2, 33,
         "expected a template such as \"{prev}->{}\" ({prev} is the value before, {} the value) in double quotes, found '|'"),
        ("cold c \"-a|\"\nlet d = c | any a", 2, 17, "expected a value to look for in double quotes, found 'a'"),
        ("cold c \"-a|\"\nlet d = c | any \"a\",", 2, 21, "expected a value to look for in double quotes, found the end of the line"),
        ("cold c \"-a|\"\nlet d = c | all", 2, 16, "expected an allowed value in double quotes, found the end of the line"),
        ("cold c \"-a|\"\nlet d = c | all | take 1", 2, 17, "expected an allowed value in double quotes, found '|'"),
        ("cold c \"-a|\"\nlet d = c | materialize \"a\"", 2, 25, "expected the end of the line, found '\"a\"'"),
        ("cold c \"-a|\"\nlet d = c | dematerialize c", 2, 27, "expected the end of the line, found 'c'"),
    ])
    func refused(text: String, line: Int, column: Int, message: String) {
        let error = #expect(throws: ScenarioFileError.self) { try parse(text) }
        #expect(error?.file == "test.sigviz")
        #expect(error?.line == line, "\(String(describing: error))")
        #expect(error?.column == column, "\(String(describing: error))")
        #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "")")
    }

    @Test("a misspelt operator suggests the new ones", arguments: [
        ("agregate", "'agregate' is not an operator; the closest operators are aggregate"),
        ("combinePrev", "'combinePrev' is not an operator; the closest operators are combinePrevious"),
        ("materialise", "'materialise' is not an operator; the closest operators are materialize, dematerialize"),
        ("All", "'All' is not an operator; the closest operators are all, "),
    ])
    func suggestions(word: String, message: String) {
        let error = #expect(throws: ScenarioFileError.self) { try parse("cold c \"-a|\"\nlet d = c | \(word)") }
        #expect(error?.column == 13)
        #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "")")
    }
}
