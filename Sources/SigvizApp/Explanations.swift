import Scenarios
import Findings
import Tracer

/// The findings of a trace read from a file, as explanations: a trace file has nothing to run
/// again, so a suggestion says it is not proven. (A scenario's are proven: ``explained(_:limits:)``,
/// ``RunLimits/checkAndExplain(_:named:input:)``.)
package func unprovenExplanations(of trace: Trace) -> [Explanation] {
    // A recording of Swift code can be proven where its code runs, for a change the testing kit makes.
    let swift = trace.codeSpelling == .swift
    return trace.findings().map { finding in
        var explanation = Explanation(finding: finding)
        if let suggestion = finding.suggestion {
            explanation.unproven = swift && suggestion.change.codeRewrite != nil
                ? "a trace file has nothing to run again; MarbleTest.explain (SigvizTesting) runs the code again with the change"
                : "a trace file has nothing to run again"
        }
        // A recording from Swift knows where its labelled subscriptions were made.
        explanation.site = trace.site(of: finding)
        return explanation
    }
}

/// The trace of `input` (a built-in scenario's name, a scenario file or a trace file) and its
/// explanations: with proven fixes for a scenario, without for a trace file. With
/// ``unprovenExplanations(of:)``, the one place the commands turn findings into explanations.
package func explained(_ input: String, limits: RunLimits) throws -> (trace: Trace, explanations: [Explanation]) {
    if let (file, name) = try InputSource(input).scenario() {
        return try limits.explain(file, named: name, input: input)
    }
    let trace = try Input.trace(input, limits: limits)
    return (trace, unprovenExplanations(of: trace))
}
