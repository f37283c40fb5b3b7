import Tracer

extension Trace {
    /// Where the code subscribed that made the first of `finding`'s subscriptions with a call site (its
    /// labelled subscription's, ``Tracer/TraceSubscription/site``), for a recording of Swift code:
    /// "Module/File.swift:12". `nil` for a scenario file's run.
    public func site(of finding: Finding) -> String? {
        finding.subscriptions.lazy.compactMap { subscription in
            subscriptions.indices.contains(subscription) ? subscriptions[topmostSubscription(of: subscription)].site : nil
        }.first
    }
}

extension Explanation {
    /// Where the finding is, to follow its input's name: ":LINE:COLUMN" in a scenario file,
    /// " (Module/File.swift:12)" where a recording of Swift code subscribed, or nothing.
    public var place: String {
        if let line { return ":\(line):\(column ?? 1)" }
        return site.map { " (\(visiblyEscaped($0)))" } ?? ""
    }

    /// The explanations of one input for people, as `sigviz explain` prints them: each finding as
    /// `INPUT:LINE:COLUMN: kind: sentence`, its suggestion and its proof indented under it;
    /// "INPUT: no findings" when there are none. Labels, names and values are shown with control
    /// and bidi characters escaped.
    public static func text(_ explanations: [Explanation], input: String) -> String {
        let input = visiblyEscaped(input)
        guard !explanations.isEmpty else { return "\(input): no findings\n" }
        var text = ""
        for explanation in explanations {
            text += "\(input)\(explanation.place): \(explanation.finding.kind.words): \(visiblyEscaped(explanation.finding.sentence))\n"
            if let suggestion = explanation.finding.suggestion {
                text += "  suggestion: \(visiblyEscaped(suggestion.sentence))\n"
            }
            guard let fix = explanation.fix else {
                if let unproven = explanation.unproven { text += "  not proven: \(unproven)\n" }
                continue
            }
            text += "  proven: the change, run again on the same virtual times:\n"
            text += fix.edit.split(separator: "\n").map { "    \(visiblyEscaped(String($0)))\n" }.joined()
            for runs in fix.outcome.runs {
                text += "  \(visiblyEscaped(runs.name))'s didSubscribe: \(runs.before) run\(runs.before == 1 ? "" : "s") before, \(runs.after) after\n"
            }
            let changed = fix.outcome.changed
            let unchanged = fix.outcome.unchangedLabels.map(visiblyEscaped).joined(separator: ", ")
            if changed.isEmpty {
                text += unchanged.isEmpty
                    ? "  no labelled subscriber receives anything different\n"
                    : "  every subscriber receives the same events at the same times (\(unchanged))\n"
            } else {
                text += "  this changes what \(changed.count == 1 ? "a subscriber receives" : "\(changed.count) subscribers receive"):\n"
                for subscriber in changed { text += "    \(visiblyEscaped(subscriber.label)): \(visiblyEscaped(subscriber.summary))\n" }
                if !unchanged.isEmpty { text += "  unchanged: \(unchanged)\n" }
            }
        }
        return text
    }
}
