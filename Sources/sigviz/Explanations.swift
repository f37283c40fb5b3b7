import Scenarios
import Tracer

/// What went wrong in `trace`, each finding with the proof of its fix when there is one: what the
/// report shows. `file` is the scenario file that made the trace (`nil` for a trace file: nothing
/// to run again).
///
/// The one place the commands turn findings into explanations: for now without fixes; the
/// proven ones (the suggestion applied to `file` and run again) come in here.
func explanations(of trace: Trace, from file: ScenarioFile?) -> [Explanation] {
    trace.findings().map { Explanation(finding: $0) }
}
