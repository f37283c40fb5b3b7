import Scenarios
import Findings
import Tracer

/// The findings of a trace read from a file, as explanations: a trace file has nothing to run
/// again, so a suggestion says it is not proven. (A scenario's are proven: ``explained(_:limits:)``,
/// ``RunLimits/checkAndExplain(_:named:input:)``.)
package func unprovenExplanations(of trace: Trace) -> [Explanation] {
    trace.findings().map { finding in
        var explanation = Explanation(finding: finding)
        if finding.suggestion != nil { explanation.unproven = "a trace file has nothing to run again" }
        // A recording from Swift knows where its labelled subscriptions were made.
        explanation.site = finding.subscriptions.lazy.compactMap { subscription in
            trace.subscriptions.indices.contains(subscription) ? trace.subscriptions[trace.topmostSubscription(of: subscription)].site : nil
        }.first
        return explanation
    }
}

/// Where a finding is, after its input's name: ":LINE:COLUMN" in a scenario file, " (Module/File.swift:12)"
/// where a recording from Swift subscribed, or nothing.
package func place(of explanation: Explanation) -> String {
    if let line = explanation.line { return ":\(line):\(explanation.column ?? 1)" }
    return explanation.site.map { " (\(visiblyEscaped($0)))" } ?? ""
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
