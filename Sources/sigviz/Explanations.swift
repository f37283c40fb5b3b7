import Scenarios
import Tracer

/// What went wrong in `trace`, each finding with the proof of its fix when there is one: what the
/// report shows. `file` is the scenario file named `name` that made the trace, for `input`: it is
/// run again with each suggestion made to it (``ScenarioFile/explain(named:maximumEvents:)``); a
/// trace file (`file` is `nil`) has findings but nothing to run again.
///
/// With ``explained(_:)``, the one place the commands turn findings into explanations.
func explanations(of trace: Trace, from file: ScenarioFile?, named name: String, input: String) throws -> [Explanation] {
    guard let file else {
        return trace.findings().map { finding in
            var explanation = Explanation(finding: finding)
            if finding.suggestion != nil { explanation.unproven = "a trace file has nothing to run again" }
            return explanation
        }
    }
    return try Limits.explain(file, named: name, input: input).explanations
}

/// The trace of `input` (a built-in scenario's name, a scenario file or a trace file) and its
/// explanations: with proven fixes for a scenario, without for a trace file.
func explained(_ input: String) throws -> (trace: Trace, explanations: [Explanation]) {
    if let file = Catalog.file(named: input) {
        return try Limits.explain(file, named: input, input: input)
    }
    if input.hasSuffix(".sigviz") {
        return try Limits.explain(try Input.scenarioFile(input), named: Input.scenarioName(input), input: input)
    }
    let trace = try Input.trace(input)
    return (trace, try explanations(of: trace, from: nil, named: input, input: input))
}
