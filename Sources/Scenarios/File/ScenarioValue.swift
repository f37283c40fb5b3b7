import Reactive

/// What a name in a scenario file stands for while it runs.
enum ScenarioValue {
    case signal(Signal<String>)
    case subject(Subject<String>)
    case connection(MulticastConnection<String>)
    case terminal(ChannelTerminal<String>)
    case groups(Signal<GroupedSignal<String, String>>)
    /// What `map NAME` makes: flattened by the next operator.
    case signals(Signal<Signal<String>>)
    /// A command: used through its signals (`save.executing`) and `execute`.
    case command(Command<String, String>)
    /// What a `combineLatest` or `zip` source makes, inside its pipeline only: the runner makes it
    /// a signal before any operator that does not take it as it is, and at the pipeline's end.
    case combination(Combination)

    /// The signal to subscribe to: a connection's is its subject's.
    var signal: Signal<String> {
        switch self {
        case .signal(let signal): signal
        case .subject(let subject): subject
        case .connection(let connection): connection.signal
        case .terminal(let terminal): terminal
        case .groups: preconditionFailure("the parser lets groups be used only with 'each'")
        case .signals: preconditionFailure("the parser lets a signal of signals be used only by an operator that flattens it")
        case .command: preconditionFailure("the parser lets a command be used only through its signals and execute")
        case .combination: preconditionFailure("the runner makes a combination a signal before it is used")
        }
    }

    /// Notes where its signal was made (``SignalPlaces``): at `line` and `column`, or, with
    /// `name`, declared by the statement at `line`. A command has no signal of its own.
    func note(in places: SignalPlaces, name: String? = nil, line: Int, column: Int = 1) {
        func note<V>(_ signal: Signal<V>) {
            if let name { places.note(signal, name: name, line: line) } else { places.note(signal, line: line, column: column) }
        }
        switch self {
        case .signal(let signal): note(signal)
        case .subject(let subject): note(subject)
        case .connection(let connection): note(connection.signal)
        case .terminal(let terminal): note(terminal)
        case .groups(let groups): note(groups)
        case .signals(let signals): note(signals)
        case .command, .combination: break
        }
    }

    /// Sends `event` into a subject or channel terminal.
    func send(_ event: Event<String>) {
        switch self {
        case .subject(let subject): subject.send(event)
        case .terminal(let terminal): terminal.send(event)
        default: preconditionFailure("checked by the parser")
        }
    }
}

extension ScenarioValue {
    /// A Boolean as a scenario file's values write it (`any`, `all`, a command's `executing`): "true" or "false".
    static func text(of answer: Bool) -> String { answer ? "true" : "false" }
}
