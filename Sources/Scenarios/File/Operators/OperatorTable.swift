extension OperatorDefinition {
    /// The scenario language's operators, in the order docs/scenario-format.md lists them: the
    /// one table the parser, the runner, the nesting bound, the documentation and the fuzzer's
    /// dictionary read.
    static let table: [OperatorDefinition] = [
        .map, .mapReplace, .filter, .flattenMap, .merge, .concat, .startWith, .catchTo, .take, .skip, .takeLast,
        .distinctUntilChanged, .scan, .then, .ignoreValues, .multicast, .publish, .replay, .replayLast, .replayLazily,
        .autoconnect, .named, .groupBy, .delay, .throttle, .bufferWithTime, .timeout, .sample, .combineLatest, .zip,
        .switchToLatest, .flatten, .takeUntil, .takeUntilReplacement, .retry, .repeat, .takeWhile, .skipWhile, .skipUntil,
        .collect, .aggregate, .combinePrevious, .any, .all, .not, .and, .or, .reduceEach, .materialize, .dematerialize, .doNext, .doError, .doCompleted,
        .initially, .finally, .deliverOn, .subscribeOn,
    ]

    /// The row of each keyword, by its index in ``table``.
    static let indexByKeyword: [String: Int] = Dictionary(
        uniqueKeysWithValues: table.enumerated().map { ($0.element.keyword, $0.offset) })

    /// RAC's methods whose words a pipeline refuses, with why: they wait for a value and return
    /// it, not a signal, so no pipeline can go on from them.
    static let refused: [(words: [String], reason: String)] = [
        (["first", "firstOrDefault", "toArray"],
         "RAC's `-first`, `-firstOrDefault:` and `-toArray` wait for a value and return it, not a signal (the runtime "
            + "has them as `first()`, `first(orDefault:)` and `toArray()`, and `-firstOrDefault:success:error:` as "
            + "`firstResult()`); in a pipeline, `take 1` is the first value and `collect` all of them"),
    ]
}
