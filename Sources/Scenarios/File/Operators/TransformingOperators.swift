import Reactive

// The rows of the operator table that transform, select or name each value. See ``OperatorDefinition``.

extension OperatorDefinition {
    static let map = OperatorDefinition(
        keyword: "map",
        forms: [
            OperatorForm([.text(what: "a template such as \"<{}>\" ({} is the value)", example: "\"<{}>\"")]) { step in
                .signal(step.signal.map(step.filler(step.text(0))))
            },
            OperatorForm([.block(.transform)]) { step in
                let make = step.maker(0)
                return .signal(step.signal.map { make([$0]) })
            },
            OperatorForm([.signal(what: "a signal")], output: .signals) { step in
                .signals(step.signal.map(step.inner(at: 0)))
            },
        ],
        meaning: "each value through the template, or what the [block](#blocks) makes of it (`-map:`); `map NAME`: each "
            + "value mapped to the declared signal (for a cold signal with `{}`, a new one per value): a signal of signals, "
            + "which the next operator must flatten",
        nestingLevels: 1)

    static let mapReplace = OperatorDefinition(
        keyword: "mapReplace",
        forms: [OperatorForm([.text(what: "the value that replaces every value", example: "\"x\"")]) { step in
            .signal(step.signal.mapReplace(step.text(0)))
        }],
        meaning: "each value replaced by the same text (`-mapReplace:`)",
        nestingLevels: 1)

    static let filter = OperatorDefinition(
        keyword: "filter",
        forms: [
            OperatorForm([.values(what: "a value to keep")]) { step in
                let kept = Set(step.values(0))
                return .signal(step.signal.filter { kept.contains($0) })
            },
            OperatorForm([.block(.predicate())]) { step in .signal(step.signal.filter(step.predicate(0))) },
        ],
        meaning: "only the values listed, or those for which the block is true (`-filter:`)",
        nestingLevels: 1)

    static let startWith = OperatorDefinition(
        keyword: "startWith",
        forms: [OperatorForm([.text(what: "the first value", example: "\"Loading...\"")]) { step in
            .signal(step.signal.startWith(step.text(0)))
        }],
        meaning: "a first value (`-startWith:`)",
        nestingLevels: 1)

    static let take = OperatorDefinition(
        keyword: "take",
        forms: [OperatorForm([.count(what: "how many values to take")]) { step in
            .signal(step.signal.take(step.count(0)))
        }],
        meaning: "the first N values, then completes (`-take:`)",
        nestingLevels: 1)

    static let skip = OperatorDefinition(
        keyword: "skip",
        forms: [OperatorForm([.count(what: "how many values to skip")]) { step in
            .signal(step.signal.skip(step.count(0)))
        }],
        meaning: "every value after the first N (`-skip:`)",
        nestingLevels: 1)

    static let takeLast = OperatorDefinition(
        keyword: "takeLast",
        forms: [OperatorForm([.count(what: "how many of the last values to send")]) { step in
            .signal(step.signal.takeLast(step.count(0)))
        }],
        meaning: "the last N values, all sent when the signal completes; on error, only the error (`-takeLast:`)",
        nestingLevels: 1)

    static let distinctUntilChanged = OperatorDefinition(
        keyword: "distinctUntilChanged",
        forms: [
            OperatorForm { step in .signal(step.signal.distinctUntilChanged()) },
            OperatorForm([.block(.sameness)]) { step in .signal(step.signal.distinctUntilChanged(by: step.relation(0))) },
        ],
        meaning: "each value that differs from the one before it (`-distinctUntilChanged`); with a block, each value the "
            + "block does not call the same as the last one sent ($0 the value before, $1 the value; RAC 2.5 compares "
            + "with `-isEqual:` only, and the trace names it `-distinctUntilChanged`)",
        nestingLevels: 1)

    static let scan = OperatorDefinition(
        keyword: "scan",
        forms: [
            OperatorForm(OperatorPiece.startAndAccumulator) { step in
                .signal(step.signal.scan(start: step.text(0), reduce: step.accumulator(step.text(1))))
            },
            OperatorForm(OperatorPiece.startAndBlock) { step in
                step.folding(
                    { step.signal.scan(start: $0, reduce: $1) }, withIndex: { step.signal.scan(start: $0, reduceWithIndex: $1) })
            },
        ],
        meaning: "the running text: each value makes the template with `{acc}` the text so far (the start text at first) "
            + "and `{}` the value; the start text itself is not sent (`-scanWithStart:reduce:`); with a block, what it makes "
            + "of $0 the text so far and $1 the value (`-scanWithStart:reduce:`), and of $2 the value's index from 0 when "
            + "it reads it (`-scanWithStart:reduceWithIndex:`)",
        nestingLevels: 1)

    static let ignoreValues = OperatorDefinition(
        keyword: "ignoreValues",
        forms: [OperatorForm { step in .signal(step.signal.ignoreValues()) }],
        meaning: "no values, only the completion or the error (`-ignoreValues`)",
        nestingLevels: 1)

    static let named = OperatorDefinition(
        keyword: "named",
        forms: [OperatorForm([.text(what: "the name", example: "\"title\"")], input: .any, output: .same) { step in
            let name = step.text(0)
            return switch step.current {
            case .signal(let signal): .signal(signal.named(name))
            case .subject(let subject): .subject(subject.named(name))
            case .connection(let connection): .signal(connection.signal.named(name))
            case .terminal(let terminal): .signal(terminal.named(name))
            case .signals(let signals): .signals(signals.named(name))
            case .groups, .command, .combination: preconditionFailure("checked by the parser")
            }
        }],
        meaning: "the name shown in traces and diagrams (`-setNameWithFormat:`)",
        nestingLevels: 0)

    static let takeWhile = OperatorDefinition(
        keyword: "takeWhile",
        forms: [
            OperatorForm([.values(what: "a value to take while it comes")]) { step in
                let values = Set(step.values(0))
                return .signal(step.signal.take(while: { values.contains($0) }))
            },
            OperatorForm([.block(.predicate())]) { step in .signal(step.signal.take(while: step.predicate(0))) },
        ],
        meaning: "the values while they are among those listed, or while the block is true, then completes "
            + "(`-takeWhileBlock:`)",
        nestingLevels: 1)

    static let skipWhile = OperatorDefinition(
        keyword: "skipWhile",
        forms: [
            OperatorForm([.values(what: "a value to skip while it comes")]) { step in
                let values = Set(step.values(0))
                return .signal(step.signal.skip(while: { values.contains($0) }))
            },
            OperatorForm([.block(.predicate())]) { step in .signal(step.signal.skip(while: step.predicate(0))) },
        ],
        meaning: "the values from the first that is not among those listed, or for which the block is false "
            + "(`-skipWhileBlock:`)",
        nestingLevels: 1)

    static let skipUntil = OperatorDefinition(
        keyword: "skipUntil",
        forms: [OperatorForm([.block(.predicate(example: "{ $0 == \"go\" }"))]) { step in
            .signal(step.signal.skip(until: step.predicate(0)))
        }],
        meaning: "the values from the first for which the block is true (`-skipUntilBlock:`)",
        nestingLevels: 1)

    static let not = OperatorDefinition(
        keyword: "not",
        forms: [OperatorForm { step in
            .signal(step.signal.map { $0 == "true" }.not().map(ScenarioValue.text(of:)))
        }],
        meaning: "`false` for each `\"true\"`, and `true` for any other value (`-not`, on the value read as `$0 == \"true\"`)",
        nestingLevels: 1)

    static let materialize = OperatorDefinition(
        keyword: "materialize",
        forms: [OperatorForm { step in
            let make = step.budgeted
            return .signal(step.signal.materialize().map { event in make(EventText.bytes(of: event)) { EventText.text(of: event) } })
        }],
        meaning: "each event as a text value, `next(a)`, `error(message)` or `completed`; after `error(...)` or "
            + "`completed` it completes, so it never fails (`-materialize`)",
        nestingLevels: 1)

    static let dematerialize = OperatorDefinition(
        keyword: "dematerialize",
        forms: [OperatorForm { step in .signal(step.signal.map(EventText.event(of:)).dematerialize()) }],
        meaning: "the events such text values stand for: `next(VALUE)` a value (the text between the first `(` and the "
            + "last `)`), `error(MESSAGE)` an error, `completed` the completion, disposing the signal at either; any other "
            + "value ends it with the error `dematerialize: \"VALUE\" is not next(VALUE), error(MESSAGE) or completed` "
            + "(`-dematerialize`)",
        nestingLevels: 1)
}
