import Foundation
import Reactive
import Tracer

// How deep pipelines nest, checked before a file runs.

extension ScenarioFile {
    /// How many levels deep a pipeline may nest: 10,000.
    ///
    /// Each operator is a level, and so is a `merge`, `concat` or `defer` source
    /// and each subject fed by `subscribe SUBJECT to NAME` or by a side effect of a pipeline
    /// (`doNext SUBJECT`, ..., as deep as that pipeline); a `combineLatest` or `zip`
    /// source of N signals is N + 2 levels (RAC chains them one by one); a pipeline is as deep
    /// as the deepest signal it uses, plus its own levels. Every level adds 2.5 to
    /// 8.2 KB of stack (`startWith` and `merge` the most) to the delivery of a value
    /// in a debug build, so 10,000 levels take at most about 82 MB: a third of the
    /// 256 MB stack that ``Scenario/trace()`` runs on (``Scenario/stackSize``).
    public static let maximumNesting = 10_000

    /// How many levels a command's signal (`save.executing` and the like) adds to the command's
    /// own depth (its signal's or its enabled signal's, plus one): about as many operators as
    /// RACCommand chains between an execution and `enabled`, the longest of its signals.
    static let commandNesting = 12

    /// Checks that no pipeline nests more than `limit` levels deep, before anything runs.
    ///
    /// - Throws: ``ScenarioFileError`` at the first pipeline, or `subscribe SUBJECT to NAME`, in
    ///   the file's order, that goes deeper, with the column of the operator that takes it past the
    ///   limit (of the name, for a subject): `pipelines nest at most 10000 levels deep, and this one
    ///   reaches 10001 here`.
    public func checkNesting(limit: Int = maximumNesting) throws(ScenarioFileError) {
        var nesting = Nesting(statements)
        for statement in statements {
            if case .action(.subscribeSubject(_, let target), _) = statement.value {
                // A chain of subjects, each subscribed to the one before, nests like a pipeline.
                let depth = nesting.depth(of: target) + 1
                if depth > limit {
                    throw nestingError(line: statement.line, column: nil, depth: depth, limit: limit, subjectFedBy: target)
                }
                continue
            }
            guard case .pipeline(_, let source, let operators) = statement.value else { continue }
            var found: (column: Int32, depth: Int)?
            _ = Nesting.depth(of: source.value, operators, depthOf: { nesting.depth(of: $0) }) { operatorIndex, depth in
                guard depth > limit else { return true }
                found = (operatorIndex.map { operators[$0].column } ?? source.column, depth)
                return false
            }
            if let found {
                throw nestingError(line: statement.line, column: found.column, depth: found.depth, limit: limit)
            }
        }
    }

    /// The deepest any pipeline nests, in levels (0 for a file without pipelines).
    public var nestingDepth: Int {
        var nesting = Nesting(statements)
        var deepest = 0
        for statement in statements {
            if case .pipeline(let name, _, _) = statement.value { deepest = max(deepest, nesting.depth(of: name)) }
        }
        return deepest
    }

    /// The error for a pipeline on `line` that reaches `depth` levels at `column`, or for a subject
    /// that `subscribe SUBJECT to NAME` on `line` feeds from `subjectFedBy` (at that name's column).
    /// The line's text is looked for only now, in one pass over the lines before it.
    private func nestingError(
        line: Int, column: Int32?, depth: Int, limit: Int, subjectFedBy target: String? = nil
    ) -> ScenarioFileError {
        let text = ScenarioLexer.line(line, of: source)
        var position = column.map(Int.init) ?? 1
        if let target, let tokens = try? ScenarioLexer.tokens(of: text),
           let to = tokens.lastIndex(where: { $0.word == "to" }), to + 1 < tokens.count, tokens[to + 1].word == target {
            position = tokens[to + 1].column
        }
        let what = target == nil ? "this one" : "this subject"
        return ScenarioFileError(
            file: path, line: line, column: position,
            message: "pipelines nest at most \(limit) levels deep, and \(what) reaches \(depth) here",
            text: String(text))
    }
}

/// How deep each name of a file nests: see ``ScenarioFile/maximumNesting``.
private struct Nesting {
    private enum Node {
        /// A cold signal: nothing under it.
        case leaf
        /// A subject, or a channel terminal: as deep as what feeds it, plus one.
        case subject(feeds: [String])
        case pipeline(ScenarioFile.Source, [ScenarioFile.AtColumn<ScenarioFile.Operator>])
    }

    private var nodes: [String: Node] = [:]
    private var depths: [String: Int] = [:]

    init(_ statements: [ScenarioFile.AtLine<ScenarioFile.Statement>]) {
        var feeds: [String: [String]] = [:]
        var partners: [String: String] = [:]
        for statement in statements {
            switch statement.value {
            case .cold(let name, _): nodes[name] = .leaf
            case .subject(let name), .behavior(let name, _), .replay(let name, _), .owner(let name, _): nodes[name] = .subject(feeds: [])
            case .channel(let leading, let following):
                nodes[leading] = .subject(feeds: [])
                nodes[following] = .subject(feeds: [])
                partners[leading] = following
                partners[following] = leading
            case .pipeline(let name, let source, let operators):
                nodes[name] = .pipeline(source.value, operators)
                // A side effect sends into its subject while the pipeline delivers (or subscribes): what
                // the subject's subscribers do runs on top of the pipeline, as if it fed the subject.
                for op in operators {
                    for subject in op.value.targets {
                        feeds[partners[subject] ?? subject, default: []].append(name)
                    }
                }
            // A command nests like a subject fed by its signal and its enabled signal.
            case .command(let name, let signal, _, let enabled): nodes[name] = .subject(feeds: [signal] + (enabled.map { [$0] } ?? []))
            case .action(.subscribeSubject(let subscriber, let target), _):
                // What is sent into a terminal comes out of the other one.
                feeds[partners[subscriber] ?? subscriber, default: []].append(target)
            case .action, .scheduler, .attempts: break
            }
        }
        for (name, fed) in feeds { nodes[name] = .subject(feeds: fed) }
    }

    /// The names `node` uses.
    private static func dependencies(of node: Node) -> [String] {
        switch node {
        case .leaf: return []
        case .subject(let feeds): return feeds
        case .pipeline(let source, let operators):
            var names: [String]
            switch source {
            case .name(let name), .defer(let name), .command(let name, _): names = [name]
            case .merge(let list), .concat(let list), .combineLatest(let list, _), .zip(let list, _): names = list
            case .return, .empty, .never, .error, .deferReturn, .interval: names = []
            }
            for op in operators { names += op.value.operands }
            return names
        }
    }

    /// The depth of a pipeline: its source's, then one more per operator (at least its
    /// operand's plus one). `visit` sees each operator's index (nil for the source) and the
    /// depth there, and stops the walk by returning false.
    static func depth(
        of source: ScenarioFile.Source, _ operators: [ScenarioFile.AtColumn<ScenarioFile.Operator>], depthOf: (String) -> Int,
        visit: (Int?, Int) -> Bool = { _, _ in true }
    ) -> Int {
        var depth = switch source {
        case .name(let name): depthOf(name)
        case .merge(let names), .concat(let names): (names.map(depthOf).max() ?? 0) + 1
        // RAC's `+join:block:` chains one -combineLatestWith: (or -zipWith:) per signal after the
        // first, between a map before and two steps after: as many levels as signals, plus two.
        case .combineLatest(let names, _), .zip(let names, _): (names.map(depthOf).max() ?? 0) + names.count + 2
        case .defer(let name): depthOf(name) + 1
        case .deferReturn, .interval: 1
        case .command(let name, _): depthOf(name) + ScenarioFile.commandNesting
        case .return, .empty, .never, .error: 0
        }
        guard visit(nil, depth) else { return depth }
        for (index, op) in operators.lazy.map(\.value).enumerated() {
            let levels = op.definition.nestingLevels
            guard levels > 0 else { continue }  // names the signal; adds nothing.
            depth = max(depth, op.operands.map(depthOf).max() ?? 0) + levels
            guard visit(index, depth) else { return depth }
        }
        return depth
    }

    /// The depth of `name`, worked out without recursion (a file may chain 100,000 pipelines).
    /// A name met again while its own depth is being worked out (subjects feeding each other)
    /// counts as 0 there.
    mutating func depth(of name: String) -> Int {
        if let known = depths[name] { return known }
        var inProgress: Set<String> = []
        var stack: [(name: String, expanded: Bool)] = [(name, false)]
        while let (current, expanded) = stack.popLast() {
            guard depths[current] == nil, let node = nodes[current] else { continue }
            let dependencies = Self.dependencies(of: node)
            if !expanded {
                guard inProgress.insert(current).inserted else { continue }
                stack.append((current, true))
                for dependency in dependencies where depths[dependency] == nil && !inProgress.contains(dependency) {
                    stack.append((dependency, false))
                }
                continue
            }
            let depth = switch node {
            case .leaf: 0
            case .subject(let feeds): feeds.map { (depths[$0] ?? 0) + 1 }.max() ?? 0
            case .pipeline(let source, let operators): Self.depth(of: source, operators, depthOf: { depths[$0] ?? 0 })
            }
            depths[current] = depth
            inProgress.remove(current)
        }
        return depths[name] ?? 0
    }
}
