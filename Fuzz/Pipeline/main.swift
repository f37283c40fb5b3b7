// libFuzzer target: the whole pipeline of a scenario file, as `sigviz` runs it, with resources as
// the oracle (docs/reliability.md, "Fuzzing").
//
// Every input of at most 64 KB is parsed; one that parses is run, checked and explained at sigviz's
// default event limit, each suggestion proven by a run of the changed file (as `check`, `explain`,
// `report` and `docs` do), and its trace drawn as `render --expect --findings`, `graph`,
// `trace --format marbles`, `explain --format json`, `report` and `docs` draw it. Every refusal (parse or run) must carry a line and column inside the file, or
// be the event limit. `Fuzz/run.sh` runs it with `-timeout=10 -rss_limit_mb=1024`: an input that takes
// longer or more memory is a finding, as a crash is. The corpus it grows is replayed through the
// debug-built CLI by `Fuzz/replay.sh`, which measures each run's time and peak memory.
import Foundation
import Render
import Scenarios
import Findings
import Tracer

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPipeline(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size <= 65_536 else { return -1 }  // the oracle's inputs: at most 64 KB
    let bytes = UnsafeBufferPointer(start: data, count: size)
    // sigviz refuses a file that is not UTF-8 before parsing it (fuzz-scenario covers that).
    guard let text = String(validating: bytes, as: UTF8.self) else { return -1 }
    let lineCount = text.utf8.count { $0 == UInt8(ascii: "\n") } + 1
    func expectInside(_ error: ScenarioFileError) {
        precondition(error.line >= 1 && error.line <= lineCount, "line \(error.line) of \(lineCount): \(error.message)")
        precondition(error.column >= 1, "column \(error.column): \(error.message)")
        precondition(error.description.utf8.count < 4_000, "a message of \(error.description.utf8.count) bytes")
    }
    let file: ScenarioFile
    do {
        file = try ScenarioFile(parsing: text, file: "fuzz.sigviz")
    } catch {
        expectInside(error)
        return 0
    }
    let trace: Trace
    let results: [ScenarioFile.CheckResult]
    let explanations: [Explanation]
    do {
        (trace, results, explanations) = try file.checkAndExplain(named: "fuzz", maximumEvents: Trace.defaultMaximumEvents)
    } catch {
        if case .text(let error) = error { expectInside(error) }
        return 0
    }
    let expectations = results.compactMap { result in
        result.subscription.map { TimelineExpectation(subscription: $0, expected: result.expectation.expected, frame: file.frame) }
    }
    _ = TimelineRenderer(theme: .auto, scale: nil).render(trace, expectations: expectations, findings: explanations.map(\.finding))
    _ = Explanation.json([(input: "fuzz.sigviz", trace: trace, explanations: explanations)])
    _ = GraphRenderer(theme: .auto).render(trace)
    _ = try? trace.marbles(frame: file.marbleFrame)
    // The outcomes as sigviz gives them to the report and docs pages (its ExpectationOutcome.init).
    let outcomes = results.map {
        ExpectationOutcome(
            line: $0.expectation.line, label: $0.expectation.label, signal: $0.expectation.signal, expected: $0.expectation.expected,
            subscription: $0.subscription, comparison: $0.comparison, problem: $0.problem)
    }
    _ = ReportBuilder(title: "fuzz").build([
        RecordedScenario(
            name: "fuzz", title: trace.title ?? "fuzz", about: file.about, source: text, trace: trace, expectations: outcomes,
            explanations: explanations),
    ])
    let docs = DocsBuilder(theme: .auto)
    _ = docs.files(for: [
        docs.section(for: RecordedScenario(
            name: "fuzz", title: file.title ?? "fuzz", about: file.about, trace: trace, expectations: outcomes,
            explanations: explanations)),
    ])
    return 0
}
