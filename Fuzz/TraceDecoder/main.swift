// libFuzzer target: the trace JSON decoder, Trace(json:) (docs/trace-format.md).
//
// Every input must either decode or be refused with a TraceFormatError whose line and column lie in
// the file; nothing may trap. A trace that decodes must be valid, must write and read back to the
// same trace and the same bytes, and must decode to the same trace with the Codable conformance.
//
// With SIGVIZ_FUZZ_CONSUMERS=1 in the environment, every trace that decodes also goes through what
// sigviz does with a trace file: the Perfetto and marble exports, the timeline, the subscription
// graph and the report page. Those are slower, so they are off by default. Traces with an event
// later than 10⁹ s are left out of them: the exports and the timeline trap or hang on those today
// (a known issue, in HostileScenarioTests.lateTimes), and would hide anything else.
import Foundation
import Render
import Tracer

private let runConsumers = ProcessInfo.processInfo.environment["SIGVIZ_FUZZ_CONSUMERS"] == "1"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTraceDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    let trace: Trace
    do {
        trace = try Trace(json: bytes)
    } catch {
        let lines = bytes.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        precondition(error.line >= 1 && error.line <= lines, "line \(error.line) of \(lines): \(error.message)")
        precondition(error.column >= 1 && error.column <= size + 1, "column \(error.column): \(error.message)")
        precondition(!error.message.isEmpty)
        return 0
    }
    do {
        try trace.validate()
    } catch {
        preconditionFailure("Trace(json:) accepted an invalid trace: \(error)")
    }
    let written = trace.json()
    let again: Trace
    do {
        again = try Trace(json: written)
    } catch {
        preconditionFailure("a trace that was read does not read back after writing: \(error)")
    }
    precondition(again == trace, "writing and reading changed the trace")
    precondition(again.json() == written, "writing and reading changed the bytes")
    do {
        let decoded = try JSONDecoder().decode(Trace.self, from: written)
        precondition(decoded == trace, "the Codable decoder reads a different trace")
    } catch {
        preconditionFailure("the Codable decoder refuses a trace that Trace(json:) accepts: \(error)")
    }
    if runConsumers {
        _ = trace.chromeTraceJSON()
        _ = try? trace.marbles(frame: nil)
        _ = TimelineRenderer(theme: .auto, scale: nil).render(trace)
        _ = GraphRenderer(theme: .auto).render(trace)
        _ = ReportBuilder(title: "fuzz").build([RecordedScenario(name: "fuzz", title: trace.title ?? "fuzz", about: "", trace: trace)])
    }
    return 0
}
