extension OperatorDefinition {
    /// Operator names users bring from other reactive libraries (RxSwift, RxJS, ReactiveSwift,
    /// later ReactiveCocoa), with what RAC 2.5, and so the scenario language, calls the same thing:
    /// the parser says it for such a word ("'debounce' is not an operator of RAC 2.5: ..."), and
    /// docs/scenario-format.md's operator table lists them.
    static let otherLibraryNames: [(words: [String], instead: String)] = [
        (["debounce", "debounceTime"],
         "RAC 2.5's `throttle S` is what other libraries call debounce: a value is sent once S seconds pass without another"),
        (["switchMap", "flatMapLatest"],
         "`map NAME | switchToLatest`: each value's inner signal, the latest only"),
        (["flatMap", "mergeMap"], "`flattenMap NAME`: each value's inner signal, all at once"),
        (["concatMap"], "`map NAME | flatten 1`: each value's inner signal, one after the other"),
        (["distinct"], "`distinctUntilChanged`: RAC 2.5 drops only a value equal to the one before"),
        (["share", "shareReplay", "refCount"],
         "`replayLazily` (connected at the first subscription, replaying every value), or `publish` or `replayLast` then `autoconnect`"),
        (["mapTo"], "`mapReplace \"TEXT\"`"),
        (["reduce"], "`aggregate \"START\" { $0 + $1 }`: the last text, when the signal completes (`scan` sends every step); "
            + "a combineLatest or zip source reduces on its own line: `combineLatest a, b reduce { $0 + $1 }`"),
        (["do", "tap", "on", "handleEvents"], "`doNext`, `doError` or `doCompleted` (and `initially`, `finally`)"),
        (["catchError", "catch", "flatMapError"], "`catchTo return \"TEXT\"` or `catchTo NAME`: on error, switch to a value or a declared signal"),
        (["startWithValue"], "`startWith \"TEXT\"`"),
        (["observeOn", "observe"], "`deliverOn SCHEDULER`: the events passed on from work on a declared scheduler"),
    ]
}
