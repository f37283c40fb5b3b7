/// What an observed signal is, as a value: the ReactiveCocoa operator that made it, with what
/// the operator took (another signal, a count, a limit, a time, a scheduler).
///
/// The runtime reports it with
/// ``InstrumentationEvent/Kind/signalOperation(signal:operation:receiver:)`` when it makes
/// the signal, and again when an operator takes a signal it did not make and describes it
/// anew (`publish` and `multicast:` their subject). Readers of a trace learn what an operator
/// is from this value, never from RAC's description text: `takeUntil`'s trigger, a `flatten`'s
/// limit, a `defer` whose block runs on every subscription.
///
/// A signal an operation names is given by its id in the installation (``InstrumentationEvent``'s
/// numbering), or `nil` when it is not observed by the same instrument.
///
/// Each case's name is RAC's selector, without its colons and arguments; ``name`` lists them
/// all, and ``arguments`` and ``init(name:arguments:)`` are the one definition of what each case
/// carries, read and written by the trace format.
public enum SignalOperation: Sendable, Hashable {
    // MARK: Signals made from values or other signals, with no receiver

    /// `+return:`: sends `value` (its label) and completes.
    case `return`(value: String)
    /// `+error:`: fails with `message`.
    case error(message: String)
    /// `+interval:onScheduler:`: a timer on `scheduler`, every `seconds`.
    case interval(seconds: Double, scheduler: String)
    /// `+defer:`: runs its block on every subscription and subscribes to the signal it returns.
    /// The block is the caller's code: a side effect of each subscription, like a cold signal's.
    case `defer`
    /// `+createSignal:` made by an operator for its own use (the signal of signals `+merge:` flattens).
    case createSignal
    /// `+merge:` and `-merge:`: every signal's values as they come.
    case merge(signals: [Int?])
    /// `+concat:` and `-concat:`: each signal subscribed when the one before completes.
    case concat(signals: [Int?])
    /// `+combineLatest:`: the latest value of each, once each has sent one.
    case combineLatest(signals: [Int?])
    /// `+combineLatest:reduce:`.
    case combineLatestReduce(signals: [Int?])
    /// `+zip:`: the nth values of each, together.
    case zip(signals: [Int?])
    /// `+zip:reduce:`.
    case zipReduce(signals: [Int?])
    /// `+if:then:else:`: `then` while `condition`'s latest value is true, `else` otherwise.
    case `if`(condition: Int?, then: Int?, else: Int?)

    // MARK: Operators on a receiver

    /// `-map:`.
    case map
    /// `-mapReplace:`: every value replaced by `value` (its label).
    case mapReplace(value: String)
    /// `-filter:`.
    case filter
    /// `-ignoreValues`.
    case ignoreValues
    /// `-take:`.
    case take(count: Int)
    /// `-skip:`.
    case skip(count: Int)
    /// `-takeLast:`.
    case takeLast(count: Int)
    /// `-takeWhileBlock:`.
    case takeWhile
    /// `-skipWhileBlock:`.
    case skipWhile
    /// `-reduceEach:`.
    case reduceEach
    /// `-takeUntilBlock:`.
    case takeUntilBlock
    /// `-skipUntilBlock:`.
    case skipUntilBlock
    /// `-distinctUntilChanged`.
    case distinctUntilChanged
    /// `-scanWithStart:reduce:`.
    case scan
    /// `-scanWithStart:reduceWithIndex:`.
    case scanWithIndex
    /// `-aggregateWithStart:reduce:`.
    case aggregate
    /// `-combinePreviousWithStart:reduce:`.
    case combinePrevious
    /// `-collect`.
    case collect
    /// `-any` and `-any:`; `passingTest` for the second.
    case any(passingTest: Bool)
    /// `-all:`.
    case all
    /// `-not`.
    case not
    /// `-and`.
    case and
    /// `-or`.
    case or
    /// `-materialize`.
    case materialize
    /// `-dematerialize`.
    case dematerialize
    /// `-doNext:`.
    case doNext
    /// `-doError:`.
    case doError
    /// `-doCompleted:`.
    case doCompleted
    /// `-initially:`: runs its block on every subscription, before subscribing to the receiver:
    /// a side effect of each subscription.
    case initially
    /// `-finally:`.
    case finally
    /// `-flattenMap:`: subscribes to the signal it makes of each value, all at once.
    case flattenMap
    /// `-flatten` (`limit` `nil`) and `-flatten:` (at most `limit` inner signals at once).
    case flatten(limit: Int?)
    /// `-concat` of a signal of signals: each inner signal after the one before completes.
    case concatSignals
    /// `-switchToLatest`.
    case switchToLatest
    /// `-startWith:`: `value` (its label) first.
    case startWith(value: String)
    /// `-then:`.
    case then
    /// The `+defer:` that `-then:` makes of its block: each subscription runs the block, when the
    /// receiver completes, and subscribes to the signal it returns. Not counted as a side effect
    /// of its own (``runsCallersBlock``): the block is there to name the next signal, whose own
    /// runs are the side effects.
    case thenBlock
    /// `-combineLatestWith:`.
    case combineLatestWith(other: Int?)
    /// `-zipWith:`.
    case zipWith(other: Int?)
    /// `-takeUntil:`: the receiver's events until `trigger` sends a value or completes.
    case takeUntil(trigger: Int?)
    /// `-takeUntilReplacement:`: the receiver's values until `replacement` sends anything.
    case takeUntilReplacement(replacement: Int?)
    /// `-sample:`: the receiver's latest value whenever `sampler` sends one.
    case sample(sampler: Int?)
    /// `-catch:`.
    case `catch`
    /// `-catchTo:`: `replacement` in place of an error.
    case catchTo(replacement: Int?)
    /// `-retry` (`count` `nil`: for ever) and `-retry:`.
    case retry(count: Int?)
    /// `-repeat`.
    case `repeat`
    /// `-delay:`.
    case delay(seconds: Double)
    /// `-throttle:` and `-throttle:valuesPassingTest:` (`passingTest`).
    case throttle(seconds: Double, passingTest: Bool)
    /// `-bufferWithTime:onScheduler:`.
    case bufferWithTime(seconds: Double, scheduler: String)
    /// `-timeout:onScheduler:`.
    case timeout(seconds: Double, scheduler: String)
    /// `-deliverOn:`.
    case deliverOn(scheduler: String)
    /// `-subscribeOn:`.
    case subscribeOn(scheduler: String)
    /// `-groupBy:` and `-groupBy:transform:` (`transform`).
    case groupBy(transform: Bool)
    /// A group `-groupBy:` sends, for `key` (its label).
    case group(key: String)

    // MARK: Multicasting

    /// `-multicast:` of a subject its caller made: the subject.
    case multicast
    /// `-publish`: the plain subject it multicasts through.
    case publish
    /// `-replay`: the unlimited replay subject it multicasts through.
    case replay
    /// `-replayLast`: the replay subject of capacity 1 it multicasts through.
    case replayLast
    /// `-replayLazily`: the signal that connects on its first subscription.
    case replayLazily
    /// `-autoconnect`.
    case autoconnect

    // MARK: The runtime's own machinery

    /// A command's `executionSignals`.
    case commandExecutionSignals
    /// A command's `errors`.
    case commandErrors
    /// A command's `executing`.
    case commandExecuting
    /// A command's `enabled`.
    case commandEnabled
    /// What a command's `execute:` returns, for `input` (its label).
    case commandExecution(input: String)
    /// One of a channel's two subjects: `leading` carries the leading terminal's values.
    case channelSubject(leading: Bool)
    /// One of a channel's two terminals: a subscription to it is one to `values`, the subject that
    /// carries what is sent into the other terminal; what is sent into it goes to `other`.
    case channelTerminal(leading: Bool, values: Int?, other: Int?)
}

extension SignalOperation {
    /// The operations by name: RAC's selector without its colons and arguments, as the trace
    /// format writes it.
    public enum Name: String, Sendable, CaseIterable {
        case `return`, error, interval, `defer`, createSignal, merge, concat, combineLatest, combineLatestReduce, zip, zipReduce, `if`
        case map, mapReplace, filter, ignoreValues, take, skip, takeLast, takeWhile, skipWhile, reduceEach, takeUntilBlock, skipUntilBlock, distinctUntilChanged
        case scan, scanWithIndex, aggregate, combinePrevious, collect, any, all, not, and, or, materialize, dematerialize
        case doNext, doError, doCompleted, initially, finally, flattenMap, flatten, concatSignals, switchToLatest
        case startWith, then, thenBlock, combineLatestWith, zipWith, takeUntil, takeUntilReplacement, sample, `catch`, catchTo
        case retry, `repeat`, delay, throttle, bufferWithTime, timeout, deliverOn, subscribeOn, groupBy, group
        case multicast, publish, replay, replayLast, replayLazily, autoconnect
        case commandExecutionSignals, commandErrors, commandExecuting, commandEnabled, commandExecution
        case channelSubject, channelTerminal
    }

    /// One thing an operation takes.
    public enum Value: Sendable, Hashable {
        /// A count or limit; `nil` for none (an unlimited `flatten`, a `retry` for ever).
        case count(Int?)
        /// A time in seconds.
        case seconds(Double)
        /// Text: a scheduler's name, a value's or an error's label.
        case text(String)
        /// A yes or no, such as whether a `throttle` takes a predicate.
        case flag(Bool)
        /// A signal, by id; `nil` when not observed.
        case signal(Int?)
        /// Signals, by id, in order.
        case signals([Int?])
    }

    /// What the operation takes, each under its label, in order: the one definition per case
    /// that the trace format writes (docs/trace-format.md).
    public var arguments: [(label: String, value: Value)] {
        switch self {
        case .return(let value), .mapReplace(let value), .startWith(let value): [("value", .text(value))]
        case .error(let message): [("message", .text(message))]
        case .interval(let seconds, let scheduler), .bufferWithTime(let seconds, let scheduler),
             .timeout(let seconds, let scheduler):
            [("seconds", .seconds(seconds)), ("scheduler", .text(scheduler))]
        case .merge(let signals), .concat(let signals), .combineLatest(let signals), .combineLatestReduce(let signals),
             .zip(let signals), .zipReduce(let signals):
            [("signals", .signals(signals))]
        case .if(let condition, let then, let otherwise):
            [("condition", .signal(condition)), ("then", .signal(then)), ("else", .signal(otherwise))]
        case .take(let count), .skip(let count), .takeLast(let count): [("count", .count(count))]
        case .retry(let count): [("count", .count(count))]
        case .flatten(let limit): [("limit", .count(limit))]
        case .any(let passingTest): [("passingTest", .flag(passingTest))]
        case .combineLatestWith(let other), .zipWith(let other): [("other", .signal(other))]
        case .takeUntil(let trigger): [("trigger", .signal(trigger))]
        case .takeUntilReplacement(let replacement), .catchTo(let replacement): [("replacement", .signal(replacement))]
        case .sample(let sampler): [("sampler", .signal(sampler))]
        case .delay(let seconds): [("seconds", .seconds(seconds))]
        case .throttle(let seconds, let passingTest): [("seconds", .seconds(seconds)), ("passingTest", .flag(passingTest))]
        case .deliverOn(let scheduler), .subscribeOn(let scheduler): [("scheduler", .text(scheduler))]
        case .groupBy(let transform): [("transform", .flag(transform))]
        case .group(let key): [("key", .text(key))]
        case .commandExecution(let input): [("input", .text(input))]
        case .channelSubject(let leading): [("leading", .flag(leading))]
        case .channelTerminal(let leading, let values, let other):
            [("leading", .flag(leading)), ("values", .signal(values)), ("other", .signal(other))]
        case .defer, .createSignal, .map, .filter, .ignoreValues, .takeWhile, .skipWhile, .reduceEach, .takeUntilBlock, .skipUntilBlock, .distinctUntilChanged, .scan,
             .scanWithIndex, .aggregate, .combinePrevious, .collect, .all, .not, .and, .or, .materialize, .dematerialize,
             .doNext, .doError, .doCompleted, .initially, .finally, .flattenMap, .concatSignals, .switchToLatest, .then, .thenBlock,
             .catch, .repeat, .multicast, .publish, .replay, .replayLast, .replayLazily, .autoconnect,
             .commandExecutionSignals, .commandErrors, .commandExecuting, .commandEnabled:
            []
        }
    }

    /// The operation's name.
    public var name: Name {
        switch self {
        case .return: .return
        case .error: .error
        case .interval: .interval
        case .defer: .defer
        case .createSignal: .createSignal
        case .merge: .merge
        case .concat: .concat
        case .combineLatest: .combineLatest
        case .combineLatestReduce: .combineLatestReduce
        case .zip: .zip
        case .zipReduce: .zipReduce
        case .if: .if
        case .map: .map
        case .mapReplace: .mapReplace
        case .filter: .filter
        case .ignoreValues: .ignoreValues
        case .take: .take
        case .skip: .skip
        case .takeLast: .takeLast
        case .takeWhile: .takeWhile
        case .skipWhile: .skipWhile
        case .reduceEach: .reduceEach
        case .takeUntilBlock: .takeUntilBlock
        case .skipUntilBlock: .skipUntilBlock
        case .distinctUntilChanged: .distinctUntilChanged
        case .scan: .scan
        case .scanWithIndex: .scanWithIndex
        case .aggregate: .aggregate
        case .combinePrevious: .combinePrevious
        case .collect: .collect
        case .any: .any
        case .all: .all
        case .not: .not
        case .and: .and
        case .or: .or
        case .materialize: .materialize
        case .dematerialize: .dematerialize
        case .doNext: .doNext
        case .doError: .doError
        case .doCompleted: .doCompleted
        case .initially: .initially
        case .finally: .finally
        case .flattenMap: .flattenMap
        case .flatten: .flatten
        case .concatSignals: .concatSignals
        case .switchToLatest: .switchToLatest
        case .startWith: .startWith
        case .then: .then
        case .thenBlock: .thenBlock
        case .combineLatestWith: .combineLatestWith
        case .zipWith: .zipWith
        case .takeUntil: .takeUntil
        case .takeUntilReplacement: .takeUntilReplacement
        case .sample: .sample
        case .catch: .catch
        case .catchTo: .catchTo
        case .retry: .retry
        case .repeat: .repeat
        case .delay: .delay
        case .throttle: .throttle
        case .bufferWithTime: .bufferWithTime
        case .timeout: .timeout
        case .deliverOn: .deliverOn
        case .subscribeOn: .subscribeOn
        case .groupBy: .groupBy
        case .group: .group
        case .multicast: .multicast
        case .publish: .publish
        case .replay: .replay
        case .replayLast: .replayLast
        case .replayLazily: .replayLazily
        case .autoconnect: .autoconnect
        case .commandExecutionSignals: .commandExecutionSignals
        case .commandErrors: .commandErrors
        case .commandExecuting: .commandExecuting
        case .commandEnabled: .commandEnabled
        case .commandExecution: .commandExecution
        case .channelSubject: .channelSubject
        case .channelTerminal: .channelTerminal
        }
    }

    /// The operation named `name` with `arguments` by their labels, as ``arguments`` gives them;
    /// `nil` when one is missing or of another type. Arguments it does not take are not looked at.
    ///
    /// A count and a signal are both whole numbers (or none), and a time may be one too, so
    /// each is taken for the other: a reader of a format that writes them alike, as JSON does,
    /// passes any whole number as a ``Value/count(_:)``.
    public init?(name: Name, arguments: [String: Value]) {
        func text(_ label: String) -> String? {
            if case .text(let text) = arguments[label] { text } else { nil }
        }
        func seconds(_ label: String) -> Double? {
            switch arguments[label] {
            case .seconds(let seconds): seconds
            case .count(let count?), .signal(let count?): Double(count)
            default: nil
            }
        }
        func count(_ label: String) -> Int?? {
            switch arguments[label] {
            case .count(let count), .signal(let count): count
            default: nil
            }
        }
        func flag(_ label: String) -> Bool? {
            if case .flag(let flag) = arguments[label] { flag } else { nil }
        }
        func signal(_ label: String) -> Int?? { count(label) }
        func signals() -> [Int?]? {
            if case .signals(let signals) = arguments["signals"] { signals } else { nil }
        }
        let made: SignalOperation? = switch name {
        case .return: text("value").map { .return(value: $0) }
        case .error: text("message").map { .error(message: $0) }
        case .interval: seconds("seconds").flatMap { s in text("scheduler").map { .interval(seconds: s, scheduler: $0) } }
        case .defer: .defer
        case .createSignal: .createSignal
        case .merge: signals().map { .merge(signals: $0) }
        case .concat: signals().map { .concat(signals: $0) }
        case .combineLatest: signals().map { .combineLatest(signals: $0) }
        case .combineLatestReduce: signals().map { .combineLatestReduce(signals: $0) }
        case .zip: signals().map { .zip(signals: $0) }
        case .zipReduce: signals().map { .zipReduce(signals: $0) }
        case .if:
            if let condition = signal("condition"), let then = signal("then"), let otherwise = signal("else") {
                .if(condition: condition, then: then, else: otherwise)
            } else { nil }
        case .map: .map
        case .mapReplace: text("value").map { .mapReplace(value: $0) }
        case .filter: .filter
        case .ignoreValues: .ignoreValues
        case .take: count("count").flatMap { $0 }.map { .take(count: $0) }
        case .skip: count("count").flatMap { $0 }.map { .skip(count: $0) }
        case .takeLast: count("count").flatMap { $0 }.map { .takeLast(count: $0) }
        case .takeWhile: .takeWhile
        case .skipWhile: .skipWhile
        case .reduceEach: .reduceEach
        case .takeUntilBlock: .takeUntilBlock
        case .skipUntilBlock: .skipUntilBlock
        case .distinctUntilChanged: .distinctUntilChanged
        case .scan: .scan
        case .scanWithIndex: .scanWithIndex
        case .aggregate: .aggregate
        case .combinePrevious: .combinePrevious
        case .collect: .collect
        case .any: flag("passingTest").map { .any(passingTest: $0) }
        case .all: .all
        case .not: .not
        case .and: .and
        case .or: .or
        case .materialize: .materialize
        case .dematerialize: .dematerialize
        case .doNext: .doNext
        case .doError: .doError
        case .doCompleted: .doCompleted
        case .initially: .initially
        case .finally: .finally
        case .flattenMap: .flattenMap
        case .flatten: count("limit").map { .flatten(limit: $0) }
        case .concatSignals: .concatSignals
        case .switchToLatest: .switchToLatest
        case .startWith: text("value").map { .startWith(value: $0) }
        case .then: .then
        case .thenBlock: .thenBlock
        case .combineLatestWith: signal("other").map { .combineLatestWith(other: $0) }
        case .zipWith: signal("other").map { .zipWith(other: $0) }
        case .takeUntil: signal("trigger").map { .takeUntil(trigger: $0) }
        case .takeUntilReplacement: signal("replacement").map { .takeUntilReplacement(replacement: $0) }
        case .sample: signal("sampler").map { .sample(sampler: $0) }
        case .catch: .catch
        case .catchTo: signal("replacement").map { .catchTo(replacement: $0) }
        case .retry: count("count").map { .retry(count: $0) }
        case .repeat: .repeat
        case .delay: seconds("seconds").map { .delay(seconds: $0) }
        case .throttle: seconds("seconds").flatMap { s in flag("passingTest").map { .throttle(seconds: s, passingTest: $0) } }
        case .bufferWithTime:
            seconds("seconds").flatMap { s in text("scheduler").map { .bufferWithTime(seconds: s, scheduler: $0) } }
        case .timeout: seconds("seconds").flatMap { s in text("scheduler").map { .timeout(seconds: s, scheduler: $0) } }
        case .deliverOn: text("scheduler").map { .deliverOn(scheduler: $0) }
        case .subscribeOn: text("scheduler").map { .subscribeOn(scheduler: $0) }
        case .groupBy: flag("transform").map { .groupBy(transform: $0) }
        case .group: text("key").map { .group(key: $0) }
        case .multicast: .multicast
        case .publish: .publish
        case .replay: .replay
        case .replayLast: .replayLast
        case .replayLazily: .replayLazily
        case .autoconnect: .autoconnect
        case .commandExecutionSignals: .commandExecutionSignals
        case .commandErrors: .commandErrors
        case .commandExecuting: .commandExecuting
        case .commandEnabled: .commandEnabled
        case .commandExecution: text("input").map { .commandExecution(input: $0) }
        case .channelSubject: flag("leading").map { .channelSubject(leading: $0) }
        case .channelTerminal:
            if let leading = flag("leading"), let values = signal("values"), let other = signal("other") {
                .channelTerminal(leading: leading, values: values, other: other)
            } else { nil }
        }
        guard let made else { return nil }
        self = made
    }

    /// The signals it names, by id, in the order of ``arguments``.
    public var signals: [Int?] {
        arguments.flatMap { argument -> [Int?] in
            switch argument.value {
            case .signal(let signal): [signal]
            case .signals(let signals): signals
            case .count, .seconds, .text, .flag: []
            }
        }
    }

    /// The same operation with each signal it names replaced by `transform` of its id: how a
    /// trace renumbers the runtime's ids as its own.
    public func mappingSignals(_ transform: (Int) -> Int?) -> SignalOperation {
        var mapped: [String: Value] = [:]
        for (label, value) in arguments {
            switch value {
            case .signal(let signal): mapped[label] = .signal(signal.flatMap(transform))
            case .signals(let signals): mapped[label] = .signals(signals.map { $0.flatMap(transform) })
            case .count, .seconds, .text, .flag: mapped[label] = value
            }
        }
        // Every case reads back from its own arguments.
        return SignalOperation(name: name, arguments: mapped) ?? self
    }

    /// Whether every subscription runs a block its caller wrote (`+defer:`'s, `-initially:`'s):
    /// a side effect of each subscription, as a cold signal's `didSubscribe` is.
    public var runsCallersBlock: Bool { name.runsCallersBlock }
}
