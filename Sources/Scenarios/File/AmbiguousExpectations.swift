extension ScenarioFile {
    /// Checks that each `expect "LABEL" to NAME` names one subscriber: at most one statement may
    /// make a subscription labelled `LABEL` to `NAME`.
    ///
    /// The statements that may make one are `subscribe "LABEL" to NAME` (with or without `until`),
    /// `execute NAME "input" subscribe "LABEL"` (to what the command's `execute` returns),
    /// `subscribe "LABEL" to NAME each` (its own subscription), and every other
    /// `subscribe ... to NAME each`, whose groups are labelled by their keys.
    /// - Throws: ``ScenarioFileError`` at the first ambiguous `expect`, at its label:
    ///   `expect "S" is ambiguous: 2 subscribers labelled "S" subscribe to x (lines 4 and 7); give each its own label`.
    func checkExpectationsAreUnambiguous() throws(ScenarioFileError) {
        guard !expectations.isEmpty else { return }
        /// The lines of the statements that may subscribe with a label to a name.
        var labelled: [Pair: [Int]] = [:]
        /// The lines of the `each` statements to a name, and their own labels.
        var each: [String: [(line: Int, label: String)]] = [:]
        for statement in statements {
            guard case .action(let action, _) = statement.value else { continue }
            switch action {
            case .subscribeLabel(let label, let target, _, _), .execute(let target, _, let label?):
                labelled[Pair(label: label, target: target), default: []].append(statement.line)
            case .subscribeEach(let label, let target, _):
                labelled[Pair(label: label, target: target), default: []].append(statement.line)
                each[target, default: []].append((statement.line, label))
            default: break
            }
        }
        for expectation in expectations {
            let pair = Pair(label: expectation.label, target: expectation.signal)
            var lines = labelled[pair] ?? []
            // A group is labelled by its key: any `each` to the name may make it, unless the
            // label is that statement's own (whose subscription comes first).
            lines += (each[expectation.signal] ?? []).filter { $0.label != expectation.label }.map(\.line)
            guard lines.count > 1 else { continue }
            throw ambiguity(expectation, lines: lines.sorted())
        }
    }

    private struct Pair: Hashable {
        let label: String
        let target: String
    }

    private func ambiguity(_ expectation: Expectation, lines: [Int]) -> ScenarioFileError {
        let text = ScenarioLexer.line(expectation.line, of: source)
        let column = (try? ScenarioLexer.tokens(of: text)).flatMap { $0.count > 1 ? $0[1].column : nil } ?? 1
        let label = ScenarioParser.shortened(expectation.label)
        let target = ScenarioParser.shortened(expectation.signal)
        let shown = lines.prefix(5).map(String.init)
        let list = shown.count == lines.count
            ? shown.dropLast().joined(separator: ", ") + " and " + shown.last!
            : shown.joined(separator: ", ") + " and \(lines.count - shown.count) more"
        return ScenarioFileError(
            file: path, line: expectation.line, column: column,
            message: "expect \"\(label)\" is ambiguous: \(lines.count) subscribers labelled \"\(label)\" may subscribe to "
                + "\(target) (lines \(list)); give each its own label",
            text: String(text))
    }
}
