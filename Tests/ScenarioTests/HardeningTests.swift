import Foundation
import Synchronization
import Reactive
@testable import Scenarios
import Testing
import Tracer

/// A scenario file of `count` pipelines, each the one before through `op`, subscribed at the end.
private func chain(_ count: Int, _ op: String, header: [String] = ["cold c0: +1 next \"a\", +2 completed"]) -> String {
    var lines = header
    for index in 1...count { lines.append("let c\(index) = c\(index - 1) | \(op)") }
    lines.append("subscribe \"A\" to c\(count)")
    return lines.joined(separator: "\n")
}

/// Whether these tests run under ThreadSanitizer, as `.ci/run`'s race pass does.
let underThreadSanitizer = dlsym(nil, "__tsan_init") != nil

/// How deep a pipeline the tests run under ThreadSanitizer: its shadow stack holds 65,536 calls,
/// and 1,800 nested `map`s (about 40 calls each) already go past it.
let deepestUnderThreadSanitizer = 1_000

private enum Context {
    @TaskLocal static var input: String?
}

@Suite("Deep pipelines and the bound on how deep they nest")
struct NestingTests {
    @Test("the depth counts operators, sources and operands")
    func depth() throws {
        let file = try ScenarioFile(parsing: """
            cold a: +1 next "a"
            cold b: +1 next "b"
            subject s
            channel l f
            let p = a | map "{}" | named "p" | filter "a"
            let q = merge p, b
            let r = b | flattenMap q | take 1
            subscribe s to r
            subscribe l to q
            let t = s | map "{}"
            let u = f | map "{}"
            let w = defer return "x" | concat t
            """, file: "depth.sigviz")
        // p 2 (named adds nothing), q 3, r 5, s 6, t 7; f is fed through l by q: 4, u 5; w max(1, 7) + 1.
        #expect(file.nestingDepth == 8)
        try file.checkNesting(limit: 8)
        #expect(throws: ScenarioFileError.self) { try file.checkNesting(limit: 7) }
    }

    @Test("what is sent into a channel terminal nests under the other terminal, and a 'defer NAME' source is a level",
          arguments: [
            // p 3; l is fed by p, so f, out of which it comes, is 4; u 5 (l itself is fed by nothing).
            ("cold a: +1 next \"a\"\nchannel l f\nlet p = a | map \"{}\" | map \"{}\" | map \"{}\"\nsubscribe l to p\nlet u = f | map \"{}\"", 5),
            // The other way round: f is fed by p, so l is 4, and v 5.
            ("cold a: +1 next \"a\"\nchannel l f\nlet p = a | map \"{}\" | map \"{}\" | map \"{}\"\nsubscribe f to p\nlet v = l | map \"{}\"", 5),
            // p 1, d 2, e 3.
            ("cold a: +1 next \"a\"\nlet p = a | map \"{}\"\nlet d = defer p\nlet e = d | take 1", 3),
          ] as [(String, Int)])
    func channelsAndDefer(text: String, depth: Int) throws {
        let file = try ScenarioFile(parsing: text, file: "levels.sigviz")
        #expect(file.nestingDepth == depth)
        try file.checkNesting(limit: depth)
        #expect(throws: ScenarioFileError.self) { try file.checkNesting(limit: depth - 1) }
    }

    @Test("a file nesting deeper than the limit is refused at the operator that goes past it, before it runs",
          arguments: ["\n", "\r\n"])
    func refusedWithItsPosition(lineBreak: String) throws {
        let text = ("title \"deep\"\n# a comment\n" + chain(12, "map \"{}\"") + "\nlet z = c12 | take 1 | take 2")
            .replacingOccurrences(of: "\n", with: lineBreak)
        let file = try ScenarioFile(parsing: text, file: "deep.sigviz")
        #expect(file.nestingDepth == 14)
        try file.checkNesting(limit: 14)
        do {
            try file.checkNesting(limit: 10)
            Issue.record("not refused")
        } catch {
            // c10 is line 13, `let c11 = c10 | map "{}"` is line 14, and its '|' is column 15.
            #expect(error.line == 14)
            #expect(error.column == 15)
            #expect(error.message == "pipelines nest at most 10 levels deep, and this one reaches 11 here")
            #expect(error.text == "let c11 = c10 | map \"{}\"")
        }
        do {
            try file.checkNesting(limit: 13)
            Issue.record("not refused")
        } catch {
            #expect(error.line == 17)
            #expect(error.column == 22, "the second operator, take 2")
        }
    }

    @Test("a source that goes past the limit is pointed at")
    func sourcePastTheLimit() throws {
        let file = try ScenarioFile(parsing: chain(3, "map \"{}\"") + "\nlet m = merge c3, c0", file: "m.sigviz")
        do {
            try file.checkNesting(limit: 3)
            Issue.record("not refused")
        } catch {
            #expect(error.line == 6)
            #expect(error.column == 9)
        }
    }

    /// `count` subjects, each subscribed to the one before, a subscriber to the last and a value sent to the first.
    private func subjectChain(_ count: Int) -> String {
        var lines = ["subject s0"]
        for index in 1..<count { lines += ["subject s\(index)", "subscribe s\(index) to s\(index - 1)"] }
        lines += ["subscribe \"A\" to s\(count - 1)", "at 1 send s0 \"v\"", "at 2 complete s0"]
        return lines.joined(separator: "\n")
    }

    @Test("a chain of subjects, each subscribed to the one before, nests a level a subject and is refused past the limit")
    func subjectChains() throws {
        // s0 is 0 deep, s(N) is N: the statement that feeds s10001 goes past 10,000.
        let deepest = ScenarioFile.maximumNesting
        let error = #expect(throws: ScenarioFileError.self) {
            try ScenarioFile(parsing: subjectChain(deepest + 2), file: "subjects.sigviz")
        }
        #expect(error?.line == 2 * (deepest + 1) + 1, "the statement 'subscribe s10001 to s10000'")
        #expect(error?.column == 21, "at the subject it subscribes to")
        #expect(error?.message == "pipelines nest at most \(deepest) levels deep, and this subject reaches \(deepest + 1) here")
        #expect(error?.text == "subscribe s10001 to s10000")

        let small = try ScenarioFile(parsing: subjectChain(6), file: "subjects.sigviz")
        #expect(small.nestingDepth == 0, "no pipeline")
        try small.checkNesting(limit: 5)
        #expect(throws: ScenarioFileError.self) { try small.checkNesting(limit: 4) }
    }

    @Test("a chain of subjects at the limit runs, and the value reaches its end")
    func subjectChainAtTheLimit() throws {
        let limit = underThreadSanitizer ? deepestUnderThreadSanitizer : ScenarioFile.maximumNesting
        let file = try ScenarioFile(parsing: subjectChain(limit + 1), file: "subjects.sigviz")
        let trace = file.scenario(named: "subjects").trace()
        let received = trace.events.filter {
            if case .next(let subscription, _, _) = $0.kind { trace.subscriptions[subscription].label == "A" } else { false }
        }
        #expect(received.count == 1)
    }

    @Test("subjects that feed each other are measured without looping")
    func cycles() throws {
        let file = try ScenarioFile(parsing: """
            subject s
            subject t
            let p = s | map "{}"
            subscribe t to p
            subscribe s to t
            """, file: "cycle.sigviz")
        #expect(file.nestingDepth <= 3)
        try file.checkNesting()
    }

    @Test("measuring 200,000 chained pipelines needs no deep stack, and parsing refuses them")
    func longChainIsMeasured() throws {
        // Parsing checks the nesting; with a higher limit the file is kept, to measure it.
        let text = chain(200_000, "take 1")
        let error = #expect(throws: ScenarioFileError.self) { try ScenarioFile(parsing: text, file: "long.sigviz") }
        #expect(error?.line == ScenarioFile.maximumNesting + 2)
        #expect(error?.message.hasPrefix("pipelines nest at most \(ScenarioFile.maximumNesting) levels deep") == true)
    }

    @Test("a scenario at the limit runs on the large stack, with the most stack-hungry operators that make few events",
          arguments: ["merge", "replayLazily", "map"])
    func runsAtTheLimit(kind: String) throws {
        // The plain pass runs the limit itself. ThreadSanitizer (the .ci/run race pass) keeps its own
        // record of the calls under way, which holds 65,536 of them and cannot grow: past it the process
        // crashes or hangs, whatever the stack. A level takes about 40 calls in a debug build.
        let limit = underThreadSanitizer ? deepestUnderThreadSanitizer : ScenarioFile.maximumNesting
        let text = switch kind {
        // `merge` sources take the most stack (about 7.7 KB a level in a debug build), `startWith` 8.2 KB but
        // makes as many values as levels at every level.
        case "merge":
            "cold c0: +1 next \"a\", +2 completed\nlet n = never\n"
                + (1...limit).map { "let c\($0) = merge c\($0 - 1), n" }.joined(separator: "\n") + "\nsubscribe \"A\" to c\(limit)"
        case "replayLazily": chain(limit, "replayLazily")
        default: chain(limit, "map \"{}\"")
        }
        let file = try ScenarioFile(parsing: text, file: "limit.sigviz")
        #expect(file.nestingDepth == limit)
        try file.checkNesting()
        let trace = file.scenario(named: "limit").trace()
        let deliveries = trace.events.filter { if case .next = $0.kind { true } else { false } }
        #expect(deliveries.count >= limit, "the value went all the way down")
    }

    @Test("the run sees the caller's task-local values, though it runs on a thread of its own")
    func taskLocalsReachTheRun() {
        let seen = Mutex<String?>(nil)
        let scenario = Scenario(name: "t", title: "t", experiment: 0, summary: "") { _ in
            seen.withLock { $0 = Context.input }
            return []
        }
        _ = Context.$input.withValue("file.sigviz") { scenario.trace() }
        #expect(seen.withLock { $0 } == "file.sigviz")
    }
}

@Suite("A channel that never terminates is released after its trace")
struct ChannelReleaseTests {
    /// Runs `scenario` into a recorder of its own and returns weak references to the recorder
    /// and to what the scenario kept.
    private func weakly(_ scenario: Scenario) -> (recorder: () -> TraceRecorder?, trace: Trace) {
        weak var weakRecorder: TraceRecorder?
        let trace: Trace = {
            let recorder = TraceRecorder(origin: 0)
            weakRecorder = recorder
            return scenario.trace(recordingInto: recorder)!  // no limit: always a trace
        }()
        return ({ weakRecorder }, trace)
    }

    @Test("`channel a b` alone, with subscribers and values, and a subject subscribed to a pipeline of itself: the recorder and every signal are released",
          arguments: [
            "channel a b",
            """
            channel a b
            subscribe "view" to b
            subscribe "model" to a
            at 1 send a "x"
            at 2 send b "y"
            """,
            """
            channel a b
            cold c: +1 next "v"
            let p = b | map "<{}>"
            subscribe "P" to p
            subscribe a to c
            """,
            """
            subject s
            let again = s | map "{}"
            subscribe s to again
            """,
          ])
    func fileChannelIsReleased(text: String) throws {
        let scenario = try ScenarioFile(parsing: text, file: "channel.sigviz").scenario(named: "channel")
        let (recorder, _) = weakly(scenario)
        #expect(recorder() == nil, "the channel's subjects still hold each other, and the recorder")
    }

    @Test("a subject fed by a doubling map of itself is released when its run is refused for its text")
    func refusedSubjectCycleIsReleased() throws {
        let scenario = try ScenarioFile(parsing: """
            subject s
            let twice = s | map "{}{}"
            subscribe s to twice
            subscribe "S" to s
            at 1 send s "ab"
            """, file: "cycle.sigviz").scenario(named: "cycle")
        weak var weakRecorder: TraceRecorder?
        do {
            let recorder = TraceRecorder(origin: 0, limit: 1000)
            weakRecorder = recorder
            let budget = ReportBudget(maximumReports: 1000)
            let text = TextBudget(reports: budget)
            #expect(scenario.trace(recordingInto: recorder, budget: budget, text: text) == nil)
            #expect(text.exceeded != nil)
        }
        #expect(weakRecorder == nil, "the subject and its map still hold each other, and the recorder")
    }

    @Test("the clean-up after the trace reaches the recorder not at all (it could go past its event limit)")
    func cleanUpIsNotRecorded() throws {
        let scenario = try ScenarioFile(parsing: "channel a b\nsubscribe \"A\" to a\nsubscribe \"B\" to b", file: "c.sigviz")
            .scenario(named: "c")
        let recorder = TraceRecorder(origin: 0)
        let trace = try #require(scenario.trace(recordingInto: recorder))
        #expect(recorder.trace(title: trace.title) == trace)
    }

    @Test("a channel made by Swift code in a scenario is released, and nothing of the clean-up is in the trace")
    func channelIsReleased() {
        final class Weak: @unchecked Sendable {
            weak var channel: Channel<String>?
            weak var leading: ChannelTerminal<String>?
        }
        let weak = Weak()
        let scenario = Scenario(name: "c", title: "c", experiment: 0, summary: "") { scheduler in
            let channel = Channel<String>()
            weak.channel = channel
            weak.leading = channel.leadingTerminal
            scheduler.schedule(after: 1) { channel.leadingTerminal.subscribe(label: "L") }
            return [channel]
        }
        let (recorder, trace) = weakly(scenario)
        #expect(weak.channel == nil && weak.leading == nil)
        #expect(recorder() == nil, "the channel's subjects, which every signal's probe ties to the recorder")
        // The subscription is never completed or disposed in the trace: the clean-up came after it.
        #expect(!trace.events.contains { if case .completed = $0.kind { true } else { false } })
        #expect(!trace.events.contains { if case .dispose = $0.kind { true } else { false } })
    }

    @Test("the catalog's channel scenario is released too, and its trace is what it was")
    func catalogChannel() throws {
        let scenario = try #require(Catalog.scenario(named: "channel"))
        let (recorder, trace) = weakly(scenario)
        #expect(recorder() == nil)
        #expect(trace == scenario.trace())
    }
}
