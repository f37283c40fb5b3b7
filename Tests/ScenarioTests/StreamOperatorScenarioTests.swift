import Foundation
@testable import Scenarios
import Testing
import Tracer

/// The error parsing `text` throws, or nil.
private func parseError(_ text: String) -> ScenarioFileError? {
    do {
        _ = try parse(text)
        return nil
    } catch {
        return error
    }
}

@Suite("The scenario file's skip, mapReplace, distinctUntilChanged, takeLast and scan")
struct StreamOperatorScenarioTests {
    @Test("each operator parses, runs and gives the marbles its expect line says")
    func expectations() throws {
        let file = try parse("""
            title "RACStream operators"
            cold c "-a-b-b-c|"
            cold f "-a-a-b#"
            let s = c | skip 2
            let s0 = c | skip 0
            let s9 = c | skip 9
            let r = c | mapReplace "x"
            let d = c | distinctUntilChanged
            let df = f | distinctUntilChanged
            let l = c | takeLast 2
            let l0 = c | takeLast 0
            let lf = f | takeLast 2
            let n = c | scan ">" "{acc}{}"
            let nf = f | scan "" "{}{acc}"
            let chain = c | skip 1 | distinctUntilChanged | takeLast 2 | mapReplace "y"
            subscribe "S" to s
            subscribe "S" to s0
            subscribe "S" to s9
            subscribe "R" to r
            subscribe "D" to d
            subscribe "D" to df
            subscribe "L" to l
            subscribe "L" to l0
            subscribe "L" to lf
            subscribe "N" to n
            subscribe "N" to nf
            subscribe "C" to chain
            expect "S" to s "-----b-c|"
            expect "S" to s0 "-a-b-b-c|"
            expect "S" to s9 "--------|"
            expect "R" to r "-x-x-x-x|"
            expect "D" to d "-a-b---c|"
            expect "D" to df "-a---b#"
            expect "L" to l "--------(bc|)" values b = "b", c = "c"
            expect "L" to l0 "--------|"
            expect "L" to lf "------#"
            expect "N" to n "-p-q-r-s|" values p = ">a", q = ">ab", r = ">abb", s = ">abbc"
            expect "N" to nf "-p-q-r#" values p = "a", q = "aa", r = "baa"
            expect "C" to chain "--------(yy|)"
            """)
        let (trace, results) = file.check(named: "ops")
        #expect(results.count == 12)
        let failed = results.filter { !$0.passed }
        #expect(failed.isEmpty, "\(failed)")
        #expect(throws: Never.self) { try trace.validate() }
    }

    @Test("a pipeline's operators are named as RAC names them, and the let names the last")
    func names() throws {
        let trace = try parse("""
            cold c "-a|"
            let p = c | skip 1 | mapReplace "x" | distinctUntilChanged | takeLast 2 | scan "s" "{acc}{}"
            subscribe "S" to p
            """).scenario(named: "names").trace()
        let names = Set(trace.signals.map { $0.description ?? $0.name })
        for name in ["[c] -skip: 1", "[[c] -skip: 1] -mapReplace: x", "[[[c] -skip: 1] -mapReplace: x] -distinctUntilChanged",
                     "[[[[c] -skip: 1] -mapReplace: x] -distinctUntilChanged] -takeLast: 2", "p"] {
            #expect(names.contains(name), "\(names.sorted())")
        }
    }

    @Test("bad arguments are refused with their file, line and column", arguments: [
        ("cold c \"-a|\"\nlet d = c | skip -2", 2, 18, "unexpected '-'"),
        ("cold c \"-a|\"\nlet d = c | takeLast -1", 2, 22, "unexpected '-'"),
        ("cold c \"-a|\"\nlet d = c | skip 1.5", 2, 18, "skip needs a whole number from 0 to 1000000"),
        ("cold c \"-a|\"\nlet d = c | takeLast 2000000", 2, 22, "takeLast needs a whole number from 0 to 1000000"),
        ("cold c \"-a|\"\nlet d = c | skip", 2, 17, "expected how many values to skip, found the end of the line"),
        ("cold c \"-a|\"\nlet d = c | takeLast \"2\"", 2, 22, "expected how many of the last values to send, found '\"2\"'"),
        ("cold c \"-a|\"\nlet d = c | mapReplace", 2, 23, "expected the value that replaces every value in double quotes"),
        ("cold c \"-a|\"\nlet d = c | scan", 2, 17, "expected the start value in double quotes"),
        ("cold c \"-a|\"\nlet d = c | scan \"\"", 2, 20, "expected a template such as \"{acc}{}\" ({acc} is the text so far, {} the value) in double quotes"),
        ("cold c \"-a|\"\nlet d = c | distinctUntilChanged \"a\"", 2, 34, "expected the end of the operator or a block that says whether two values are the same such as { $0.lowercased() == $1.lowercased() }, found '\"a\"'"),
    ])
    func badArguments(text: String, line: Int, column: Int, message: String) {
        guard let error = parseError(text) else {
            Issue.record("no error for \(text)")
            return
        }
        #expect(error.file == "test.sigviz")
        #expect(error.line == line, "\(error)")
        #expect(error.column == column, "\(error)")
        #expect(error.message.hasPrefix(message), "\(error.message)")
    }

    @Test("a scan that doubles its text is refused at its operator once a value would pass 64 KB")
    func scanBudget() throws {
        // "x", then each value doubles the text: the 17th value would be 131,072 bytes.
        let file = try parse("""
            cold c "-abcdefghijklmnopqrstuvwxyz|"
            let d = c | scan "x" "{acc}{acc}"
            subscribe "S" to d
            """)
        let error = try #require(throws: RunLimitExceeded.self) { try file.scenario(named: "ops").trace(maximumEvents: 1_000_000) }
        guard case .text(let text) = error else {
            Issue.record("not refused for its text: \(error)")
            return
        }
        #expect(text.file == "test.sigviz")
        #expect(text.line == 2)
        #expect(text.column == 11)
        #expect(text.message == "'d' would make a value of 131072 bytes here; a value may have at most 65536 bytes")
        #expect(text.text == "let d = c | scan \"x\" \"{acc}{acc}\"")
    }

    @Test("scan counts the start value, the text so far and the value in what it makes")
    func scanTemplateBytes() {
        let template = Template("<{acc}|{}|{acc}>", placeholders: ["{acc}", "{}"])
        #expect(template.bytes(filledWith: ["ab", "c"]) == 4 + 2 + 1 + 2)
        #expect(template.filled(with: ["ab", "c"]) == "<ab|c|ab>")
        #expect(Template("{}{acc}", placeholders: ["{acc}", "{}"]).filled(with: ["A", "v"]) == "vA")
        #expect(Template("plain", placeholders: ["{acc}", "{}"]).filled(with: ["A", "v"]) == "plain")
    }

    @Test("an unknown word in a pipeline is not an operator, and the closest operators are suggested", arguments: [
        ("zipp c", "'zipp' is not an operator; the closest operators are zip, map, skip"),
        ("skipp 1", "'skipp' is not an operator; the closest operators are skip, zip, map"),
        ("distinctUntilChange", "'distinctUntilChange' is not an operator; the closest operators are distinctUntilChanged, "),
        ("takelast 2", "'takelast' is not an operator; the closest operators are takeLast, "),
        ("scann \"\" \"{}\"", "'scann' is not an operator; the closest operators are scan, "),
    ])
    func unknownOperator(pipeline: String, message: String) {
        guard let error = parseError("cold c \"-a|\"\nlet d = c | \(pipeline)") else {
            Issue.record("no error")
            return
        }
        #expect(error.line == 2)
        #expect(error.column == 13)
        #expect(error.message.hasPrefix(message), "\(error.message)")
    }
}
