import Reactive

// The rows of the operator table that subscribe to other signals: merging, flattening,
// combining, switching and subscribing again. See ``OperatorDefinition``.

extension OperatorDefinition {
    static let flattenMap = OperatorDefinition(
        keyword: "flattenMap",
        forms: [
            OperatorForm([.word("return"), .text(what: "a template such as \"<{}>\"", example: "\"<p>{}</p>\"")]) { step in
                let fill = step.filler(step.text(0))
                return .signal(step.signal.flattenMap { Signal.return(fill($0)) })
            },
            OperatorForm([.word("error"), .text(what: "the error's message", example: "\"message\"")]) { step in
                let message = step.text(0)
                return .signal(step.signal.flattenMap { _ in Signal<String>.error(ScenarioError(description: message)) })
            },
            OperatorForm([.signal(what: "a signal")]) { step in
                .signal(step.signal.flattenMap(step.inner(at: 0)))
            },
        ],
        meaning: "for each value, a `return` (or `error`) signal, or a subscription to a declared signal (a new request "
            + "per value, say; a cold signal with `{}` is made anew for each value, see [Sources](#sources)) (`-flattenMap:`)",
        nestingLevels: 1)

    static let merge = OperatorDefinition(
        keyword: "merge",
        forms: [OperatorForm([.signal(what: "a signal")]) { step in .signal(step.signal.merge(step.signal(at: 0))) }],
        meaning: "the values of both as they come; completes when both have (`-merge:`)",
        nestingLevels: 1)

    static let concat = OperatorDefinition(
        keyword: "concat",
        forms: [
            OperatorForm([.signal(what: "a signal")]) { step in .signal(step.signal.concat(step.signal(at: 0))) },
            OperatorForm(input: .signals) { step in .signal(step.signals.concat()) },
        ],
        meaning: "the declared signal subscribed when this one completes (`-concat:`); after `map NAME`, the inner "
            + "signals one after another (`-concat`)",
        nestingLevels: 1)

    static let catchTo = OperatorDefinition(
        keyword: "catchTo",
        forms: [
            OperatorForm([.word("return"), .text(what: "the value", example: "\"Error\"")]) { step in
                .signal(step.signal.catchTo(.return(step.text(0))))
            },
            OperatorForm([.signal(what: "a signal")]) { step in .signal(step.signal.catchTo(step.signal(at: 0))) },
        ],
        meaning: "on error, switch to a value or a declared signal (`-catchTo:`)",
        nestingLevels: 1)

    static let then = OperatorDefinition(
        keyword: "then",
        forms: [OperatorForm([.signal(what: "a signal")]) { step in
            let next = step.signal(at: 0)
            return .signal(step.signal.then { next })
        }],
        meaning: "no values; at the completion, the declared signal's events (`-then:`)",
        nestingLevels: 1)

    static let sample = OperatorDefinition(
        keyword: "sample",
        forms: [OperatorForm([.signal(what: "a signal whose values sample it")]) { step in
            .signal(step.signal.sample(step.signal(at: 0)))
        }],
        meaning: "at each value of NAME, the latest value so far (again if unchanged; nothing before the first); ends "
            + "when either ends (`-sample:`)",
        nestingLevels: 1)

    static let combineLatest = OperatorDefinition(
        keyword: "combineLatest",
        forms: [OperatorForm([.signal(what: "a signal")]) { step in
            let join = step.joiner
            return .signal(step.signal.combineLatest(with: step.signal(at: 0)).map { join([$0.0, $0.1]) })
        }],
        meaning: "once both have sent, the latest of each, `(a, b)`, whenever either sends; completes when both have "
            + "(`-combineLatestWith:`)",
        nestingLevels: 1)

    static let zip = OperatorDefinition(
        keyword: "zip",
        forms: [OperatorForm([.signal(what: "a signal")]) { step in
            let join = step.joiner
            return .signal(step.signal.zip(with: step.signal(at: 0)).map { join([$0.0, $0.1]) })
        }],
        meaning: "the first values of both, then the second of both, ..., `(a, b)`; completes when one side has "
            + "completed and has no value waiting (`-zipWith:`)",
        nestingLevels: 1)

    static let switchToLatest = OperatorDefinition(
        keyword: "switchToLatest",
        forms: [OperatorForm(input: .signals) { step in .signal(step.signals.switchToLatest()) }],
        meaning: "after `map NAME`: the events of the latest inner signal only; a new one disposes the one before "
            + "(`-switchToLatest`)",
        nestingLevels: 1)

    static let flatten = OperatorDefinition(
        keyword: "flatten",
        forms: [OperatorForm([.optional(.count(what: "how many inner signals at once"))], input: .signals) { step in
            .signal(step.optionalCount(0).map { step.signals.flatten(maxConcurrent: $0) } ?? step.signals.flatten())
        }],
        meaning: "after `map NAME`: every inner signal at once (`-flatten`), or at most N at once, the others waiting "
            + "their turn, 0 for no limit (`-flatten:`)",
        nestingLevels: 1)

    static let takeUntil = OperatorDefinition(
        keyword: "takeUntil",
        forms: [
            OperatorForm([.signal(what: "a signal")]) { step in .signal(step.signal.take(until: step.signal(at: 0))) },
            OperatorForm([.block(.predicate(example: "{ $0 == \"stop\" }"))]) { step in
                .signal(step.signal.take(until: step.predicate(0)))
            },
        ],
        meaning: "the values until NAME sends a value or completes, then completes, disposing both (`-takeUntil:`); with "
            + "a block, the values until the first for which it is true, which is left out, then completes (`-takeUntilBlock:`)",
        nestingLevels: 1)

    static let takeUntilReplacement = OperatorDefinition(
        keyword: "takeUntilReplacement",
        forms: [OperatorForm([.signal(what: "a signal")]) { step in
            .signal(step.signal.take(untilReplacement: step.signal(at: 0)))
        }],
        meaning: "the values until NAME sends anything, then NAME's events instead (`-takeUntilReplacement:`)",
        nestingLevels: 1)

    static let retry = OperatorDefinition(
        keyword: "retry",
        forms: [OperatorForm([.optional(.count(what: "how many times to retry"))]) { step in
            .signal(step.optionalCount(0).map { step.signal.retry($0) } ?? step.signal.retry())
        }],
        meaning: "on error, subscribe again: forever, or at most N times, then the error; each attempt is a new "
            + "subscription, so a cold signal's didSubscribe runs again (`-retry`, `-retry:`; as in RAC, `retry 0` is `retry`)",
        nestingLevels: 1)

    static let `repeat` = OperatorDefinition(
        keyword: "repeat",
        forms: [OperatorForm { step in .signal(step.signal.repeat()) }],
        meaning: "on completion, subscribe again, forever; end it with `take` (`-repeat`)",
        nestingLevels: 1)
}
