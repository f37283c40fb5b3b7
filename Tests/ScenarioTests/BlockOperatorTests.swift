@testable import Scenarios
import Testing
import Tracer

/// The trace of `text`, run with a limit.
private func trace(_ text: String) throws -> Trace {
    try parse(text).scenario(named: "blocks").trace(maximumEvents: 100_000)
}

/// The names of the signals of `trace`.
private func names(_ trace: Trace) -> [String] { trace.signals.map(\.name) }

@Suite("Operators with blocks run RAC's operators, named as RAC names them")
struct BlockOperatorTests {
    private let typed = """
        cold c: +1 next "a", +2 next "bb", +3 next "ccc", +4 next "a", +5 next "dddd", +6 completed
        """

    @Test("filter, takeWhile, skipWhile, takeUntil, skipUntil and distinctUntilChanged with a block", arguments: [
        ("filter { $0.count != 2 }", ["a", "ccc", "a", "dddd"], "-filter:"),
        ("takeWhile { $0.count < 3 }", ["a", "bb"], "-takeWhileBlock:"),
        ("skipWhile { $0.count < 3 }", ["ccc", "a", "dddd"], "-skipWhileBlock:"),
        ("takeUntil { $0.hasPrefix(\"c\") }", ["a", "bb"], "-takeUntilBlock:"),
        ("skipUntil { $0 == \"ccc\" }", ["ccc", "a", "dddd"], "-skipUntilBlock:"),
        ("distinctUntilChanged { $0.count == $1.count }", ["a", "bb", "ccc", "a", "dddd"], "-distinctUntilChanged"),
        ("map { $0.count } | distinctUntilChanged { (Int($0) ?? 0) >= (Int($1) ?? 0) }", ["1", "2", "3", "4"], "-distinctUntilChanged"),
    ])
    func predicates(operators: String, expected: [String], name: String) throws {
        // A last `take` keeps the operator's own description: a let's name would replace it.
        let trace = try trace("\(typed)\nlet p = c | \(operators) | take 9\nsubscribe \"S\" to p")
        #expect(deliveries(trace, label: "S").filter { $0.hasPrefix("next") }.map { String($0.dropFirst(5).prefix { $0 != ")" }) } == expected)
        #expect(trace.signals.contains { ($0.description ?? "").hasSuffix(name) }, "\(trace.signals.compactMap(\.description))")
    }

    @Test("scan and aggregate with a block reduce, and with $2 reduce with the index (RAC's reduceWithIndex:)")
    func scanAndAggregate() throws {
        let trace = try trace("""
            \(typed)
            let s = c | scan "" { $0 + $1 } | take 9
            let i = c | scan ">" { $0 + String($2) } | take 9
            let a = c | aggregate "" { $1 + $0 } | take 9
            let n = c | aggregate "0" { String((Int($0) ?? 0) + $2) } | take 9
            subscribe "S" to s
            subscribe "I" to i
            subscribe "A" to a
            subscribe "N" to n
            """)
        #expect(deliveries(trace, label: "S").prefix(2) == ["next(a)@1.0", "next(abb)@2.0"])
        #expect(deliveries(trace, label: "I").prefix(3) == ["next(>0)@1.0", "next(>01)@2.0", "next(>012)@3.0"])
        #expect(deliveries(trace, label: "A") == ["next(ddddacccbba)@6.0", "completed@6.0"])
        #expect(deliveries(trace, label: "N") == ["next(10)@6.0", "completed@6.0"])
        let descriptions = trace.signals.compactMap(\.description)
        #expect(descriptions.contains { $0.hasSuffix("-scanWithStart:  reduce:") })
        #expect(descriptions.contains { $0.hasSuffix("-scanWithStart: > reduceWithIndex:") })
        #expect(descriptions.contains { $0.hasSuffix("-aggregateWithStart:  reduce:") })
        #expect(descriptions.contains { $0.hasSuffix("-aggregateWithStart: 0 reduceWithIndex:") })
    }

    @Test("combineLatest and zip reduce with a block (+combineLatest:reduce:, +zip:reduce:); reduceEach, and, or and not take combinations")
    func combinations() throws {
        let trace = try trace("""
            subject email
            subject password
            let valid = combineLatest email, password reduce { $0.contains("@") && $1.count >= 6 } | take 9
            let pairs = zip email, password reduce { $0 + "/" + $1 } | take 9
            let each = combineLatest email, password | reduceEach { $1 + $0 } | take 9
            let both = combineLatest email, password | and | take 9
            let either = zip email, password | or | take 9
            let neither = either | not | take 9
            let joined = combineLatest email, password
            subscribe "Valid" to valid
            subscribe "Pairs" to pairs
            subscribe "Each" to each
            subscribe "Both" to both
            subscribe "Either" to either
            subscribe "Neither" to neither
            subscribe "Joined" to joined
            at 1 send email "a"
            at 2 send password "secret1"
            at 3 send email "a@b"
            at 4 send password "true"
            at 5 send email "true"
            """)
        #expect(deliveries(trace, label: "Valid") == ["next(false)@2.0", "next(true)@3.0", "next(false)@4.0", "next(false)@5.0"])
        #expect(deliveries(trace, label: "Pairs") == ["next(a/secret1)@2.0", "next(a@b/true)@4.0"])
        #expect(deliveries(trace, label: "Each").first == "next(secret1a)@2.0")
        #expect(deliveries(trace, label: "Both") == ["next(false)@2.0", "next(false)@3.0", "next(false)@4.0", "next(true)@5.0"])
        #expect(deliveries(trace, label: "Either") == ["next(false)@2.0", "next(true)@4.0"])
        #expect(deliveries(trace, label: "Neither") == ["next(true)@2.0", "next(false)@4.0"])
        // Without an operator that takes it, a combination is one text value, as before.
        #expect(deliveries(trace, label: "Joined").first == "next((a, secret1))@2.0")
        let descriptions = trace.signals.compactMap(\.description)
        for name in ["+combineLatest: (email, password) reduce:", "+zip: (email, password) reduce:", "-reduceEach:", "-and", "-or", "-not"] {
            #expect(descriptions.contains { $0.hasSuffix(name) }, "\(name)")
        }
    }

    @Test("a block's work is bounded: past the run's steps, the run is refused at its operator")
    func steps() throws {
        // A value of 60,000 bytes, read 60 times per value by the block, for 10 values: 36 million steps.
        let reads = Array(repeating: "$0.count", count: 60).joined(separator: " + ")
        let sends = (1...10).map { "at \($0) send c \"\(String(repeating: "x", count: 6_000))\"" }.joined(separator: "\n")
        let file = try parse("""
            subject c
            let big = c | map "{}{}{}{}{}{}{}{}{}{}"
            let p = big | map { \(reads) }
            subscribe "S" to p
            \(sends)
            """)
        #expect(throws: RunLimitExceeded.text(ScenarioFileError(
            file: "test.sigviz", line: 3, column: 13,
            message: "'p' would take the work of the run's blocks past 20000000 steps here, the most a run may do",
            text: "let p = big | map { \(reads) }"))) {
            try file.scenario(named: "steps").trace(maximumEvents: 100_000)
        }
    }

    @Test("a text a block makes is at most 64 KB, checked before it is made")
    func madeText() throws {
        let file = try parse("""
            cold c: +1 next "\(String(repeating: "x", count: 9_000))"
            let p = c | map { $0 + $0 + $0 + $0 + $0 + $0 + $0 + $0 }
            subscribe "S" to p
            """)
        #expect(throws: RunLimitExceeded.text(ScenarioFileError(
            file: "test.sigviz", line: 2, column: 11,
            message: "'p' would make a value of 72000 bytes here; a value may have at most 65536 bytes",
            text: "let p = c | map { $0 + $0 + $0 + $0 + $0 + $0 + $0 + $0 }"))) {
            try file.scenario(named: "text").trace(maximumEvents: 100_000)
        }
    }
}
