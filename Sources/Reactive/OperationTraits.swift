/// What each operation is, beyond what it takes: one row per operation, the one place a new
/// operation says how RAC names it, what it does with the values it receives, and whether its
/// subscriptions run its caller's code.
extension SignalOperation.Name {
    /// One operation's row.
    public struct Traits: Sendable, Hashable {
        /// What the operator does with each value it receives (see ``ReceivedValues``).
        public let receivedValues: ReceivedValues
        /// The first part of RAC's selector, when it differs from the operation's name.
        let selector: String?
        /// Whether every subscription runs a block its caller wrote (`+defer:`'s, `-initially:`'s).
        public let runsCallersBlock: Bool

        init(_ receivedValues: ReceivedValues, selector: String? = nil, runsCallersBlock: Bool = false) {
            self.receivedValues = receivedValues
            self.selector = selector
            self.runsCallersBlock = runsCallersBlock
        }
    }

    /// The operation's row.
    public var traits: Traits {
        switch self {
        case .return: Traits(.carriedOrDropped)
        case .error: Traits(.carriedOrDropped)
        case .interval: Traits(.carriedOrDropped)
        case .defer: Traits(.carriedOrDropped, runsCallersBlock: true)
        case .createSignal: Traits(.carriedOrDropped)
        case .merge: Traits(.carriedOrDropped)
        case .concat: Traits(.carriedOrDropped)
        case .combineLatest: Traits(.combined)
        case .combineLatestReduce: Traits(.combined, selector: "combineLatest")
        case .zip: Traits(.combined)
        case .zipReduce: Traits(.combined, selector: "zip")
        case .if: Traits(.carriedOrDropped)
        case .map: Traits(.carriedOrDropped)
        case .mapReplace: Traits(.carriedOrDropped)
        case .filter: Traits(.carriedOrDropped)
        case .ignoreValues: Traits(.ignored)
        case .take: Traits(.carriedOrDropped)
        case .skip: Traits(.carriedOrDropped)
        case .takeLast: Traits(.carriedOrDropped)
        case .takeWhile: Traits(.carriedOrDropped, selector: "takeWhileBlock")
        case .skipWhile: Traits(.carriedOrDropped, selector: "skipWhileBlock")
        case .reduceEach: Traits(.carriedOrDropped)
        case .takeUntilBlock: Traits(.carriedOrDropped)
        case .skipUntilBlock: Traits(.carriedOrDropped)
        case .distinctUntilChanged: Traits(.carriedOrDropped)
        case .scan: Traits(.carriedOrDropped, selector: "scanWithStart")
        case .scanWithIndex: Traits(.carriedOrDropped, selector: "scanWithStart")
        case .aggregate: Traits(.folded, selector: "aggregateWithStart")
        case .combinePrevious: Traits(.carriedOrDropped, selector: "combinePreviousWithStart")
        case .collect: Traits(.folded)
        case .any: Traits(.folded)
        case .all: Traits(.folded)
        case .not: Traits(.carriedOrDropped)
        case .and: Traits(.carriedOrDropped)
        case .or: Traits(.carriedOrDropped)
        case .materialize: Traits(.carriedOrDropped)
        case .dematerialize: Traits(.carriedOrDropped)
        case .doNext: Traits(.carriedOrDropped)
        case .doError: Traits(.carriedOrDropped)
        case .doCompleted: Traits(.carriedOrDropped)
        case .initially: Traits(.carriedOrDropped, runsCallersBlock: true)
        case .finally: Traits(.carriedOrDropped)
        case .flattenMap: Traits(.carriedOrDropped)
        case .flatten: Traits(.carriedOrDropped)
        case .concatSignals: Traits(.carriedOrDropped, selector: "concat")
        case .switchToLatest: Traits(.carriedOrDropped)
        case .startWith: Traits(.carriedOrDropped)
        case .then: Traits(.ignored)
        case .thenBlock: Traits(.carriedOrDropped, selector: "defer")
        case .combineLatestWith: Traits(.combined)
        case .zipWith: Traits(.combined)
        case .takeUntil: Traits(.receiverCarriedOrDropped)
        case .takeUntilReplacement: Traits(.carriedOrDropped)
        case .sample: Traits(.receiverCarriedOrDropped)
        case .catch: Traits(.carriedOrDropped)
        case .catchTo: Traits(.carriedOrDropped)
        case .retry: Traits(.carriedOrDropped)
        case .repeat: Traits(.carriedOrDropped)
        case .delay: Traits(.carriedOrDropped)
        case .throttle: Traits(.carriedOrDropped)
        case .bufferWithTime: Traits(.folded)
        case .timeout: Traits(.carriedOrDropped)
        case .deliverOn: Traits(.carriedOrDropped)
        case .subscribeOn: Traits(.carriedOrDropped)
        case .groupBy: Traits(.carriedOrDropped)
        case .group: Traits(.carriedOrDropped)
        case .multicast: Traits(.carriedOrDropped)
        case .publish: Traits(.carriedOrDropped)
        case .replay: Traits(.carriedOrDropped)
        case .replayLast: Traits(.carriedOrDropped)
        case .replayLazily: Traits(.carriedOrDropped)
        case .autoconnect: Traits(.carriedOrDropped)
        case .commandExecutionSignals: Traits(.carriedOrDropped, selector: "executionSignals")
        case .commandErrors: Traits(.carriedOrDropped, selector: "errors")
        case .commandExecuting: Traits(.carriedOrDropped, selector: "executing")
        case .commandEnabled: Traits(.carriedOrDropped, selector: "enabled")
        case .commandExecution: Traits(.carriedOrDropped, selector: "execute")
        case .channelSubject: Traits(.carriedOrDropped, selector: "init")
        case .channelTerminal: Traits(.carriedOrDropped, selector: "init")
        }
    }

    /// What an operator of this name does with each value it receives.
    public var receivedValues: ReceivedValues { traits.receivedValues }

    /// Whether every subscription to a signal of this operation runs a block its caller wrote: a
    /// side effect of each subscription, as a cold signal's `didSubscribe` is.
    public var runsCallersBlock: Bool { traits.runsCallersBlock }

    /// The first part of RAC's selector for it, as RAC's descriptions write it: `takeWhileBlock`
    /// for `takeWhile`, `scanWithStart` for `scan`, `concat` for `concatSignals`, `execute` for a
    /// command's execution; the operation's own name where the two agree.
    public var selector: String { traits.selector ?? rawValue }
}
