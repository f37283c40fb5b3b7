import Reactive

// The rows of the operator table that fold values into one answer. See ``OperatorDefinition``.

extension OperatorDefinition {
    static let collect = OperatorDefinition(
        keyword: "collect",
        forms: [OperatorForm { step in .signal(step.signal.collect().map(step.joiner)) }],
        meaning: "every value, sent as one text value `(a, b)` when the signal completes (`-collect`)",
        nestingLevels: 1)

    static let aggregate = OperatorDefinition(
        keyword: "aggregate",
        forms: [
            OperatorForm(OperatorPiece.startAndAccumulator) { step in
                .signal(step.signal.aggregate(start: step.text(0), reduce: step.accumulator(step.text(1))))
            },
            OperatorForm(OperatorPiece.startAndBlock) { step in
                step.folding(
                    { step.signal.aggregate(start: $0, reduce: $1) }, withIndex: { step.signal.aggregate(start: $0, reduceWithIndex: $1) })
            },
        ],
        meaning: "as `scan`, but only the last text is sent, when the signal completes: the start text if no value came; "
            + "on error, only the error (`-aggregateWithStart:reduce:`, with a block reading $2 "
            + "`-aggregateWithStart:reduceWithIndex:`)",
        nestingLevels: 1)

    static let combinePrevious = OperatorDefinition(
        keyword: "combinePrevious",
        forms: [OperatorForm([
            .text(what: "the value before the first", example: "\"start\""),
            .text(what: "a template such as \"{prev}->{}\" ({prev} is the value before, {} the value)", example: "\"{prev}->{}\""),
        ]) { step in
            .signal(step.signal.combinePrevious(start: step.text(0), reduce: step.accumulator(step.text(1), placeholder: "{prev}")))
        }],
        meaning: "each value makes the template with `{prev}` the value before it (the start text at first) and `{}` "
            + "the value (`-combinePreviousWithStart:reduce:`)",
        nestingLevels: 1)

    static let any = OperatorDefinition(
        keyword: "any",
        forms: [OperatorForm([.optional(.values(what: "a value to look for"))]) { step in
            let answer: Signal<Bool>
            if let listed = step.optionalValues(0).map(Set.init) {
                answer = step.signal.any { listed.contains($0) }
            } else {
                answer = step.signal.any()
            }
            return .signal(answer.map(ScenarioValue.text(of:)))
        }],
        meaning: "`true` and completed at the first value (`-any`), or the first value among those listed (`-any:`); "
            + "`false` and completed if the signal completes or fails first: an error is an answer, not an error; the "
            + "signal's subscription is disposed at the answer",
        nestingLevels: 1)

    static let all = OperatorDefinition(
        keyword: "all",
        forms: [OperatorForm([.values(what: "an allowed value")]) { step in
            let allowed = Set(step.values(0))
            return .signal(step.signal.all { allowed.contains($0) }.map(ScenarioValue.text(of:)))
        }],
        meaning: "`false` and completed at the first value not among those listed, or at an error; `true` and "
            + "completed when the signal completes (`-all:`)",
        nestingLevels: 1)

    static let and = OperatorDefinition(
        keyword: "and",
        forms: [OperatorForm(input: .tuples) { step in
            .signal(step.combination.arrays.map { $0.map { $0 == "true" } }.and().map(ScenarioValue.text(of:)))
        }],
        meaning: "after a `combineLatest` or `zip` source: `true` when every value of a combination is `\"true\"`, "
            + "`false` otherwise (`-and`)",
        nestingLevels: 1)

    static let or = OperatorDefinition(
        keyword: "or",
        forms: [OperatorForm(input: .tuples) { step in
            .signal(step.combination.arrays.map { $0.map { $0 == "true" } }.or().map(ScenarioValue.text(of:)))
        }],
        meaning: "after a `combineLatest` or `zip` source: `true` when a value of a combination is `\"true\"`, "
            + "`false` otherwise (`-or`)",
        nestingLevels: 1)

    static let reduceEach = OperatorDefinition(
        keyword: "reduceEach",
        forms: [OperatorForm([.reduction], input: .tuples) { step in
            .signal(step.combination.arrays.reduceEach(step.maker(0)))
        }],
        meaning: "after a `combineLatest` or `zip` source: what the block makes of each combination, `$0` the first "
            + "signal's value, `$1` the second's, ... (`-reduceEach:`)",
        nestingLevels: 1)
}
