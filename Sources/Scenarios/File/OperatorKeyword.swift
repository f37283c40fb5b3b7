/// The operators of a scenario file's pipelines, by the word that starts each, in the order
/// docs/scenario-format.md lists them: the one list the parser reads (its switch over these is
/// exhaustive, so a new word cannot go unparsed), its suggestions for a misspelt word, and the
/// tests that keep the documentation, the fuzzer's dictionary and the truth oracle's generator
/// covering every operator.
enum OperatorKeyword: String, CaseIterable, Sendable {
    case map, mapReplace, filter, flattenMap, merge, concat, startWith, catchTo, take, skip, takeLast
    case distinctUntilChanged, scan, then, ignoreValues, multicast, publish, replay, replayLast, replayLazily
    case autoconnect, named, groupBy, delay, throttle, bufferWithTime, timeout, sample, combineLatest, zip
    case switchToLatest, flatten, takeUntil, takeUntilReplacement, retry, `repeat`, takeWhile, skipWhile, collect
    case aggregate, combinePrevious, any, all, materialize, dematerialize, doNext, doError, doCompleted, initially
    case finally, deliverOn, subscribeOn
}

extension ScenarioFile.Operator {
    /// The word that starts it in a file: one row of the operator table per case.
    var keyword: OperatorKeyword {
        switch self {
        case .map, .mapTo: .map
        case .filter: .filter
        case .flattenMapTo, .flattenMapReturn, .flattenMapError: .flattenMap
        case .merge: .merge
        case .concat, .concatSignals: .concat
        case .startWith: .startWith
        case .catchTo, .catchToReturn: .catchTo
        case .take: .take
        case .skip: .skip
        case .takeLast: .takeLast
        case .mapReplace: .mapReplace
        case .distinctUntilChanged: .distinctUntilChanged
        case .scan: .scan
        case .then: .then
        case .ignoreValues: .ignoreValues
        case .multicast: .multicast
        case .publish: .publish
        case .replay: .replay
        case .replayLast: .replayLast
        case .replayLazily: .replayLazily
        case .autoconnect: .autoconnect
        case .named: .named
        case .groupBy: .groupBy
        case .delay: .delay
        case .throttle: .throttle
        case .bufferWithTime: .bufferWithTime
        case .timeout: .timeout
        case .sample: .sample
        case .switchToLatest: .switchToLatest
        case .flatten: .flatten
        case .combineLatest: .combineLatest
        case .zip: .zip
        case .takeUntil: .takeUntil
        case .takeUntilReplacement: .takeUntilReplacement
        case .retry: .retry
        case .repeat: .repeat
        case .takeWhile: .takeWhile
        case .skipWhile: .skipWhile
        case .collect: .collect
        case .aggregate: .aggregate
        case .combinePrevious: .combinePrevious
        case .any: .any
        case .all: .all
        case .materialize: .materialize
        case .dematerialize: .dematerialize
        case .sideEffect(let effect, _, _):
            switch effect {
            case .next: .doNext
            case .error: .doError
            case .completed: .doCompleted
            case .initially: .initially
            case .finally: .finally
            }
        case .deliverOn: .deliverOn
        case .subscribeOn: .subscribeOn
        }
    }

    /// The declared signal it subscribes to besides its receiver, if any: what the nesting bound
    /// counts (``ScenarioFile/maximumNesting``). Every operator says, so that one taking a signal
    /// cannot skip the bound.
    var operand: String? {
        switch self {
        case .flattenMapTo(let name), .merge(let name), .concat(let name), .catchTo(let name), .then(let name),
             .multicast(let name), .sample(let name), .mapTo(let name), .combineLatest(let name), .zip(let name),
             .takeUntil(let name), .takeUntilReplacement(let name):
            name
        case .map, .filter, .flattenMapReturn, .flattenMapError, .startWith, .catchToReturn, .take, .skip, .takeLast,
             .mapReplace, .distinctUntilChanged, .scan, .ignoreValues, .publish, .replay, .replayLast, .replayLazily,
             .autoconnect, .named, .groupBy, .delay, .throttle, .bufferWithTime, .timeout, .switchToLatest, .flatten,
             .concatSignals, .retry, .repeat, .takeWhile, .skipWhile, .collect, .aggregate, .combinePrevious, .any,
             .all, .materialize, .dematerialize, .sideEffect, .deliverOn, .subscribeOn:
            nil
        }
    }

    /// The subject a side effect (`doNext SUBJECT`, ...) sends to, if the operator is one: what
    /// the nesting bound counts as fed by the pipeline.
    var sideEffectSubject: String? {
        switch self {
        case .sideEffect(_, let subject, _): subject
        case .map, .filter, .flattenMapTo, .flattenMapReturn, .flattenMapError, .merge, .concat, .startWith, .catchTo,
             .catchToReturn, .take, .skip, .takeLast, .mapReplace, .distinctUntilChanged, .scan, .then, .ignoreValues,
             .multicast, .publish, .replay, .replayLast, .replayLazily, .autoconnect, .named, .groupBy, .delay,
             .throttle, .bufferWithTime, .timeout, .sample, .mapTo, .switchToLatest, .flatten, .concatSignals,
             .combineLatest, .zip, .takeUntil, .takeUntilReplacement, .retry, .repeat, .takeWhile, .skipWhile,
             .collect, .aggregate, .combinePrevious, .any, .all, .materialize, .dematerialize, .deliverOn,
             .subscribeOn:
            nil
        }
    }
}
