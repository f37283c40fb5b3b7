import Reactive

extension TraceSignal {
    /// What a reader knows of each signal whose user gave it no name, made from what the runtime
    /// reported it is (its ``operation``, the ``receiver`` it applies to and the signals it names),
    /// never from RAC's description text. `givenNames` are the names users gave, by id; the names
    /// of the signals an operation names are theirs, given or made here.
    ///
    /// | operation | reader's name |
    /// | --- | --- |
    /// | `publish` of `source` (its subject) | publish of source |
    /// | `autoconnect` of that subject | autoconnect of publish of source |
    /// | `catchTo` of `title` | catchTo of title |
    /// | `merge` of `a` and `b` | merge of a, b |
    /// | `return` of `5`, `Signal.create` | return 5, createSignal |
    /// | `interval` of 0.5 s | interval 0.5 |
    ///
    /// A signal an operation names that comes later in the table, or that names the signal
    /// itself, is read by its given name or its operation alone. A name is cut to
    /// ``Reactive/signalNameLimit`` characters.
    static func readerNames(of signals: [TraceSignal], givenNames: [Int: String]) -> [String] {
        var names: [String] = []
        names.reserveCapacity(signals.count)
        for signal in signals {
            if let given = givenNames[signal.id] {
                names.append(given)
                continue
            }
            /// The name of a signal the operation names, as far as it is known now.
            func name(of id: Int?) -> String {
                guard let id, signals.indices.contains(id) else { return "?" }
                if id < names.count { return names[id] }
                return givenNames[id] ?? signals[id].operation?.name.selector ?? signals[id].kind.name
            }
            names.append(shortened(readerName(signal, name(of:)), to: signalNameLimit))
        }
        return names
    }

    /// The reader's name of `signal`, with the names of the signals its operation names.
    private static func readerName(_ signal: TraceSignal, _ name: (Int?) -> String) -> String {
        guard let operation = signal.operation else {
            // Made by no operator: the runtime's own sources are named as RAC names them.
            switch signal.kind {
            case .cold: return "createSignal"
            case .empty: return "empty"
            case .never: return "never"
            case .operator, .return, .error, .subject, .behaviorSubject, .replaySubject, .groupedSignal, .channelTerminal,
                 .connection:
                return signal.description ?? signal.name
            }
        }
        let selector = operation.name.selector
        let receiver = name(signal.receiver)
        switch operation {
        case .return(let value): return "return \(value)"
        case .error(let message): return "error \(message)"
        case .interval(let seconds, _): return "interval \(SecondsFormat(precision: .decimals(6)).format(seconds))"
        case .defer, .createSignal: return selector
        case .merge(let signals), .concat(let signals), .combineLatest(let signals), .zip(let signals):
            return "\(selector) of \(signals.map(name).joined(separator: ", "))"
        case .combineLatestReduce(let signals):
            // Beside the combineLatest it reduces, which has the same signals.
            return "reduce of combineLatest of \(signals.map(name).joined(separator: ", "))"
        case .if(let condition, let then, let otherwise):
            return "if \(name(condition)) then: \(name(then)) else: \(name(otherwise))"
        case .group(let key): return "group \(key)"
        case .thenBlock: return "then block of \(receiver)"
        case .commandExecutionSignals, .commandErrors, .commandExecuting, .commandEnabled: return "Command -\(selector)"
        case .commandExecution(let input): return "Command -execute: \(input)"
        case .channelSubject(let leading): return leading ? "leadingSubject" : "followingSubject"
        case .channelTerminal(let leading, _, _): return leading ? "leadingTerminal" : "followingTerminal"
        case .replayLazily where signal.kind.isHot:
            // The replay subject replayLazily multicasts through, beside the signal named for it.
            return "multicast of \(receiver)"
        default:
            // Every other operation applies to a receiver and is read as RAC's selector of it: a new
            // operator is named so without a line here.
            return "\(selector) of \(receiver)"
        }
    }
}
