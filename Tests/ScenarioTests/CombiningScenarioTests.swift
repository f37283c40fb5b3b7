import Foundation
@testable import Scenarios
import Testing
import Tracer

@Suite("The scenario file's combining and higher-order operators: combineLatest, zip, map NAME with switchToLatest, flatten and concat, takeUntil")
struct CombiningScenarioTests {
    @Test("each runs on the real runtime and gives the marbles its expect line says")
    func expectations() throws {
        let file = try parse("""
            frame 0.5
            cold user: +1 next "ann", +1 completed
            cold prefs: +2 next "dark", +2 completed
            let both = user | combineLatest prefs
            let all = combineLatest user, prefs, user
            let pairs = zip user, prefs
            let zipped = user | zip prefs
            subject lifetime
            subject taps
            let untilGone = taps | takeUntil lifetime
            let queued = taps | map user | flatten 1
            let merged = taps | map user | flatten
            let concatenated = taps | map user | concat
            let replaced = user | takeUntilReplacement prefs
            subscribe "A" to both
            subscribe "All" to all
            subscribe "Pairs" to pairs
            subscribe "Zipped" to zipped
            subscribe "View" to untilGone
            subscribe "Queued" to queued
            subscribe "Merged" to merged
            subscribe "Concatenated" to concatenated
            subscribe "Replaced" to replaced
            at 1 send taps "t1"
            at 2 send lifetime "gone"
            at 3 send taps "t2"
            expect "A" to both "----(a|)" values a = "(ann, dark)"
            expect "All" to all "----(a|)" values a = "(ann, dark, ann)"
            expect "Pairs" to pairs "----(a|)" values a = "(ann, dark)"
            expect "Zipped" to zipped "----(a|)" values a = "(ann, dark)"
            expect "View" to untilGone "--t-|" values t = "t1"
            expect "Queued" to queued "----a---a" values a = "ann"
            expect "Merged" to merged "----a---a" values a = "ann"
            expect "Concatenated" to concatenated "----a---a" values a = "ann"
            expect "Replaced" to replaced "--a-(d|)" values a = "ann", d = "dark"
            """)
        let (trace, results) = file.check(named: "combining")
        #expect(results.count == 9)
        let failed = results.filter { !$0.passed }
        #expect(failed.isEmpty, "\(failed)")
        #expect(throws: Never.self) { try trace.validate() }
    }

    @Test("a combineLatest of two cold requests with two subscribers runs each request twice: four didSubscribe runs")
    func fourRequests() throws {
        let trace = try parse("""
            cold user: +1 next "ann", +1 completed
            cold prefs: +1 next "dark", +1 completed
            let screen = user | combineLatest prefs
            subscribe "Header" to screen
            subscribe "Body" to screen
            """).scenario(named: "four").trace()
        #expect(didSubscribeTimes(trace, of: "user") == ["0.0", "0.0"])
        #expect(didSubscribeTimes(trace, of: "prefs") == ["0.0", "0.0"])
    }

    @Test("switchToLatest disposes the previous request when the next query arrives; flattenMap lets it answer late")
    func searchBox() throws {
        let file = try parse("""
            frame 0.25
            subject typed
            cold request: +1.5 next "results for {}", +1.5 completed
            let queries = typed | throttle 0.5
            let stale = queries | flattenMap request
            let latest = queries | map request | switchToLatest
            subscribe "flattenMap" to stale
            subscribe "switchToLatest" to latest
            at 1 send typed "s"
            at 1.25 send typed "sw"
            at 2.5 send typed "swift"
            expect "flattenMap" to stale "-------------a----b" values a = "results for sw", b = "results for swift"
            expect "switchToLatest" to latest "------------------b" values b = "results for swift"
            """)
        let (trace, results) = file.check(named: "search")
        let failed = results.filter { !$0.passed }
        #expect(failed.isEmpty, "\(failed)")
        // Two requests for "sw", one per pipeline: switchToLatest's is disposed at 3 s, when "swift"'s starts.
        let sw = trace.signals.filter { $0.name == "request(\"sw\")" }.map(\.id)
        #expect(sw.count == 2)
        let disposals = trace.events.compactMap { event -> String? in
            guard case .dispose(let id) = event.kind, sw.contains(trace.subscriptions[id].signal) else { return nil }
            return render(time: event.time)
        }
        #expect(disposals.contains("3.0"), "\(disposals)")
    }

    @Test("RAC's names: the combining operators' signals and the let's name on the last")
    func names() throws {
        let trace = try parse("""
            cold a "-x|"
            cold b "-y|"
            subject s
            let c = a | combineLatest b
            let z = zip a, b
            let u = a | takeUntil s | take 1
            let l = s | map a | switchToLatest | take 1
            subscribe "C" to c
            subscribe "Z" to z
            subscribe "U" to u
            subscribe "L" to l
            """).scenario(named: "names").trace()
        let names = Set(trace.signals.map { $0.description ?? $0.name })
        for name in ["[a] -combineLatestWith: b", "+zip: (a, b)", "[a] -takeUntil: s", "[[s] -map:] -switchToLatest", "c", "z", "u", "l"] {
            #expect(names.contains(name), "\(names.sorted())")
        }
    }

    @Test("misuse is refused with its file, line and column", arguments: [
        ("subject s\ncold a \"-x|\"\nlet m = s | map a\nsubscribe \"A\" to m", 4, 18, "'m' is a signal of signals, but a signal is needed here"),
        ("subject s\ncold a \"-x|\"\nlet m = s | map a | take 1", 3, 21, "a signal of signals is flattened first: put concat, switchToLatest, flatten or flatten N here"),
        ("subject s\nlet m = s | switchToLatest", 2, 13, "switchToLatest needs a signal of signals: put 'map NAME' before it"),
        ("subject s\nlet m = s | flatten 2", 2, 13, "flatten needs a signal of signals"),
        ("subject s\ncold a \"-x|\"\nlet m = s | map a | flatten -1", 3, 29, "unexpected '-'"),
        ("subject s\nlet m = s | combineLatest", 2, 26, "expected a signal, found the end of the line"),
        ("subject s\nlet m = zip s,", 2, 15, "expected a signal, found the end of the line"),
        ("subject s\nlet m = s | takeUntil nobody", 2, 23, "'nobody' is not declared"),
        ("subject s\nlet m = s | map", 2, 16, "expected a template in double quotes such as \"<{}>\" ({} is the value), a block that makes each value such as { $0.uppercased() } or a signal, found the end of the line"),
    ])
    func refused(text: String, line: Int, column: Int, message: String) {
        expectRefused(text, line: line, column: column, message: message)
    }
}

@Suite("combineLatest and zip sources nest as deep as RAC chains them")
struct CombiningNestingTests {
    @Test("a combineLatest or zip of N signals is N + 2 levels deep: three of 3,400 nest past 10,000", arguments: ["combineLatest", "zip"])
    func levels(source: String) throws {
        /// `let NAME = SOURCE` of 3,400 times `operand`: one line of under 10,000 characters.
        func line(_ name: String, of operand: String) -> String {
            "let \(name) = \(source) " + Array(repeating: operand, count: 3_400).joined(separator: ",")
        }
        let two = ["cold a \"-x|\"", line("b", of: "a"), line("c", of: "b")].joined(separator: "\n")
        #expect(throws: Never.self) { try ScenarioFile(parsing: two, file: "n.sigviz") }
        let error = #expect(throws: ScenarioFileError.self) {
            try ScenarioFile(parsing: two + "\n" + line("d", of: "c"), file: "n.sigviz")
        }
        #expect(error?.line == 4)
        #expect(error?.message == "pipelines nest at most 10000 levels deep, and this one reaches 10206 here")
    }
}
