import Foundation
@testable import Scenarios
import Testing
import Tracer

/// What a run of `text` throws with a limit of `maximumEvents`, or nil.
private func refusal(running text: String, maximumEvents: Int = 1_000_000) throws -> RunLimitExceeded? {
    let file = try ScenarioFile(parsing: text, file: "text.sigviz")
    do {
        _ = try file.scenario(named: "text").trace(maximumEvents: maximumEvents)
        return nil
    } catch {
        return error
    }
}

@Suite("A run holds bounded text: a value made by a template is at most 64 KB, all of them at most 64 MB")
struct TextBudgetTests {
    /// A cold source of one value of `bytes` bytes, then `levels` pipelines of `map "{}" × 10`.
    private func tenfold(levels: Int, bytes: Int = 1000) -> String {
        var lines = ["cold c: +1 next \"\(String(repeating: "x", count: bytes))\", +2 completed", "let p0 = c"]
        for level in 1...levels { lines.append("let p\(level) = p\(level - 1) | map \"{}{}{}{}{}{}{}{}{}{}\"") }
        lines.append("subscribe \"S\" to p\(levels)")
        return lines.joined(separator: "\n")
    }

    @Test("six tenfold maps (1.3 KB of file, 1 GB of value) are refused at the map that would go past 64 KB")
    func tenfoldChain() throws {
        let error = try refusal(running: tenfold(levels: 6))
        guard case .text(let text)? = error else {
            Issue.record("not refused for its text: \(String(describing: error))")
            return
        }
        // 1,000 bytes, then 10,000, then 100,000: the map of p2, on line 4, its '|' at column 13.
        #expect(text.file == "text.sigviz")
        #expect(text.line == 4)
        #expect(text.column == 13)
        #expect(text.message == "'p2' would make a value of 100000 bytes here; a value may have at most 65536 bytes")
        #expect(text.text == "let p2 = p1 | map \"{}{}{}{}{}{}{}{}{}{}\"")
    }

    @Test("a value of exactly 64 KB is made; one byte more is refused")
    func valueBoundary() throws {
        // 8,192 four-byte characters (a line holds at most 10,000 characters) are 32,768 bytes; doubled, 65,536.
        let value = String(repeating: "🙂", count: 8_192)
        let exact = "cold c: +1 next \"\(value)\"\nlet d = c | map \"{}{}\"\nsubscribe \"S\" to d"
        #expect(try refusal(running: exact) == nil)
        let over = "cold c: +1 next \"\(value)\"\nlet d = c | map \"{}{}.\"\nsubscribe \"S\" to d"
        guard case .text(let error)? = try refusal(running: over) else {
            Issue.record("not refused")
            return
        }
        #expect(error.message.contains("65537 bytes"))
    }

    @Test("values of 60 KB, one after the other, are refused once all they made passes 64 MB")
    func totalText() throws {
        // 1,200 values of 32,000 bytes (8,000 four-byte characters), each doubled: 76.8 MB made in all,
        // none over 64 KB.
        let value = String(repeating: "🙂", count: 8_000)
        let text = """
            cold c "\(String(repeating: "a", count: 1_200))|" values a = "\(value)"
            let d = c | map "{}{}"
            subscribe "S" to d
            """
        guard case .text(let error)? = try refusal(running: text) else {
            Issue.record("not refused")
            return
        }
        #expect(error.line == 2)
        #expect(error.column == 11)
        #expect(error.message == "'d' would take the text the run made past 67108864 bytes here, the most a run may make")
    }

    @Test("flattenMap return's template is measured too, at its operator")
    func flattenMapReturn() throws {
        var lines = ["cold c: +1 next \"\(String(repeating: "x", count: 1000))\"", "let p0 = c"]
        for level in 1...3 { lines.append("let p\(level) = p\(level - 1) | take 5 | flattenMap return \"{}{}{}{}{}{}{}{}{}{}\"") }
        lines.append("subscribe \"S\" to p3")
        guard case .text(let error)? = try refusal(running: lines.joined(separator: "\n")) else {
            Issue.record("not refused")
            return
        }
        #expect(error.line == 4)
        #expect(error.column == 22, "the flattenMap, not the take")
    }

    @Test("a subject fed by a doubling map of itself is stopped by its text before its events run out")
    func doublingCycle() throws {
        let text = """
            subject s
            let twice = s | map "{}{}"
            subscribe s to twice
            subscribe "S" to s
            at 1 send s "ab"
            """
        guard case .text(let error)? = try refusal(running: text) else {
            Issue.record("not refused for its text")
            return
        }
        #expect(error.line == 2)
        #expect(error.message.hasPrefix("'twice' would make a value of 131072 bytes here"))
    }

    @Test("a template's size is known before it is filled, for any placeholders", arguments: [
        "", "{}", "{}{}", "<{}>", "{", "}", "{{}}", "{}}", "{{}", "a{}b{}c", "é{}ü", "{}\u{301}", "🙂{}🙂",
    ])
    func templateSizes(template: String) {
        let measured = Template(template)
        for value in ["", "v", "{}", "ü", "\u{301}", String(repeating: "w", count: 100)] {
            let filled = measured.filled(with: value)
            #expect(measured.bytes(filledWith: value) == filled.utf8.count)
            #expect(filled == template.replacingOccurrences(of: "{}", with: value) || template.contains("\u{301}"),
                    "the same as the literal replacement")
        }
    }

    @Test("`defer return` fills {now} and is measured")
    func deferNow() throws {
        let file = try ScenarioFile(parsing: "let d = defer return \"at {now}, {now}\"\nat 2 subscribe \"S\" to d", file: "d.sigviz")
        let trace = try file.scenario(named: "d").trace(maximumEvents: 1000)
        #expect(deliveries(trace, label: "S") == ["next(at 2.0, 2.0)@2.0", "completed@2.0"])
    }
}
