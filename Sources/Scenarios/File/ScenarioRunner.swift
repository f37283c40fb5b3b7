import Foundation
import Reactive
import Synchronization
import Tracer

extension ScenarioFile {
    /// The file as a ``Scenario``: running it builds the signals with the real
    /// runtime on the virtual-time scheduler, in the order the file gives.
    /// - Parameter name: The scenario's name, such as the file's name without its extension.
    public func scenario(named name: String) -> Scenario {
        scenario(named: name, log: nil)
    }

    func scenario(named name: String, log: SubscriptionLog?, places: SignalPlaces? = nil) -> Scenario {
        let file = self
        return Scenario(name: name, title: title ?? name, experiment: experiment, summary: about, log: log, places: places) {
            scheduler, text in
            var runner = ScenarioRunner(scheduler: scheduler, log: log, places: places, file: file, text: text)
            for statement in file.statements { runner.run(statement) }
            return runner.kept
        }
    }
}

/// An error a scenario file sends: its message is its description.
struct ScenarioError: Error, CustomStringConvertible {
    let description: String
}

/// Runs a parsed file's statements. Every name was checked by the parser,
/// so a lookup that fails is a bug, reported by a precondition.
struct ScenarioRunner {
    let scheduler: TestScheduler
    let log: SubscriptionLog?
    /// Where the run notes where each signal was made, when it is asked.
    let places: SignalPlaces?
    let file: ScenarioFile
    /// What the templates may make, when the run is limited.
    let text: TextBudget?
    var values: [String: ScenarioValue] = [:]
    /// The declared schedulers, by name, and `main` once a command has used it: each on the run's
    /// clock and queue.
    var schedulers: [String: VirtualScheduler] = [:]
    /// The cold sources' plans, by name: `flattenMap NAME` makes a new one for each value, its
    /// `{}` filled with the value.
    var colds: [String: ColdPlan] = [:]
    /// The `attempts` statements of the file, by the cold signal they are of, in the file's order.
    private let attempts: [String: [ScenarioFile.Attempts]]
    /// What `dispose` statements dispose.
    let held = HeldDisposables()
    /// Everything made, kept alive until the recording ends.
    var kept: [Any] = []

    init(scheduler: TestScheduler, log: SubscriptionLog?, places: SignalPlaces?, file: ScenarioFile, text: TextBudget?) {
        self.scheduler = scheduler
        self.log = log
        self.places = places
        self.file = file
        self.text = text
        var attempts: [String: [ScenarioFile.Attempts]] = [:]
        for statement in file.statements {
            if case .attempts(let name, let given) = statement.value { attempts[name, default: []].append(given) }
        }
        self.attempts = attempts
    }

    func value(_ name: String) -> ScenarioValue {
        guard let value = values[name] else { preconditionFailure("'\(name)' was checked by the parser") }
        return value
    }

    func signal(_ name: String) -> Signal<String> { value(name).signal }

    /// The scheduler of that name on the run's clock, made the first time it is asked for.
    private mutating func namedScheduler(_ name: String) -> VirtualScheduler {
        if let named = schedulers[name] { return named }
        let named = scheduler.named(name)
        schedulers[name] = named
        return named
    }

    func scheduler(_ name: String) -> VirtualScheduler {
        guard let scheduler = schedulers[name] else { preconditionFailure("'\(name)' was checked by the parser") }
        return scheduler
    }

    mutating func define(_ name: String, _ value: ScenarioValue, line: Int) {
        values[name] = value
        if let places { value.note(in: places, name: name, line: line) }
        switch value {
        case .signal(let signal): kept.append(signal)
        case .subject(let subject): kept.append(subject)
        case .connection(let connection): kept.append(connection)
        case .terminal(let terminal): kept.append(terminal)
        case .groups(let groups): kept.append(groups)
        case .signals(let signals): kept.append(signals)
        case .command(let command): kept.append(command)
        case .combination: preconditionFailure("a pipeline joins its combination before it ends")
        }
    }

    mutating func run(_ statement: ScenarioFile.AtLine<ScenarioFile.Statement>) {
        switch statement.value {
        case .cold(let name, let timeline):
            let plan = ColdPlan(timeline: timeline, attempts: attempts[name] ?? [])
            colds[name] = plan
            define(name, .signal(Self.cold(name, plan, scheduler: scheduler)), line: statement.line)
        case .attempts: break  // in the plan of its cold signal
        case .subject(let name): define(name, .subject(Subject<String>().named(name)), line: statement.line)
        case .behavior(let name, let initial): define(name, .subject(BehaviorSubject(initial).named(name)), line: statement.line)
        case .replay(let name, let capacity):
            let subject = ReplaySubject<String>(capacity: capacity ?? ReplaySubject<String>.unlimitedCapacity).named(name)
            define(name, .subject(subject), line: statement.line)
        case .owner(let name, let until):
            // As RAC's rac_willDeallocSignal: a replay subject that completes when its object goes.
            let subject = ReplaySubject<String>().named(name)
            define(name, .subject(subject), line: statement.line)
            if let until { scheduler.schedule(after: until) { subject.send(.completed) } }
        case .channel(let leading, let following):
            let channel = Channel<String>()
            kept.append(channel)
            // The file's names are the terminals'. A subscription to a terminal is one to its values
            // subject, which carries what is sent into the other terminal: each subject is named for
            // the way its values go, "model to view" for what is sent into model.
            channel.leadingTerminal.named(leading)
            channel.followingTerminal.named(following)
            channel.leadingTerminal.values.named("\(following) to \(leading)")
            channel.followingTerminal.values.named("\(leading) to \(following)")
            define(leading, .terminal(channel.leadingTerminal), line: statement.line)
            define(following, .terminal(channel.followingTerminal), line: statement.line)
        case .command(let name, let signal, let concurrent, let enabled):
            // RAC's command hops to the main thread scheduler: the file's `main`, declared before or after.
            let main = namedScheduler("main")
            define(name, .command(command(name, signal: signal, concurrent: concurrent, enabled: enabled, on: main,
                                          line: statement.line)), line: statement.line)
        case .scheduler(let name): _ = namedScheduler(name)
        case .pipeline(let name, let source, let operators):
            let made = pipeline(name, source, operators, line: statement.line)
            define(name, named(made, name, source: source.value, operators: operators), line: statement.line)
        case .action(let action, let time):
            let work = perform(action)
            if let time {
                scheduler.schedule(after: time, work)
            } else {
                work()
            }
        }
    }

    /// A cold source: each subscription schedules the timeline's events, relative to it, on `scheduler`.
    private static func cold(_ name: String, _ plan: ColdPlan, scheduler: TestScheduler) -> Signal<String> {
        // The subscriptions are counted for the plan's attempts: RAC subscribes on one thread at a time here.
        let subscriptions = Atomic(0)
        return Signal<String>.create { subscriber in
            let pending = CompoundDisposable()
            let attempt = subscriptions.add(1, ordering: .relaxed).newValue
            for (offset, events) in plan.timeline(forAttempt: attempt) {
                let action = scheduler.schedule(after: offset) {
                    for event in events {
                        switch event {
                        case .next(let value): subscriber.sendNext(value)
                        case .completed: subscriber.sendCompleted()
                        case .error(let message): subscriber.sendError(ScenarioError(description: message))
                        }
                    }
                }
                if let action { pending.add(action) }
            }
            return pending
        }.named(name)
    }

    /// The signal a `let` makes, named after its `let` as the file's other declarations are: unless
    /// it is another declaration's signal under a second name (`let b = a`), a subject the file
    /// declared (`multicast subject`), or named by its last operator (`named "..."`).
    private func named(
        _ value: ScenarioValue, _ name: String, source: ScenarioFile.Source, operators: [ScenarioFile.AtColumn<ScenarioFile.Operator>]
    ) -> ScenarioValue {
        if case .name = source, operators.isEmpty { return value }
        // The command's own signal of signals, shared by every pipeline that starts from it, keeps its name.
        if case .command(_, .executionSignals) = source, operators.isEmpty { return value }
        if let last = operators.last?.value, last.is(.named) { return value }
        switch value {
        case .signal(let signal): signal.named(name)
        case .connection(let connection): if operators.last?.value.is(.publish) == true { connection.signal.named(name) }
        case .signals(let signals): signals.named(name)
        case .subject, .terminal, .groups, .command, .combination: break
        }
        return value
    }

    /// The signal of the name `inner` for each value: the declared one, or for a cold signal
    /// whose events hold `{}` (a request that uses the value that triggered it), a new one
    /// per value, filled with it and named like a call, so each request's lane says which value made it.
    /// - Parameter filler: What an event's text with `{}` becomes for a value, within the run's text budget.
    func requests(
        of inner: String, filler: (String) -> @Sendable (String) -> String
    ) -> @Sendable (String) -> Signal<String> {
        guard let plan = colds[inner], plan.hasTemplate else {
            let signal = signal(inner)
            return { _ in signal }
        }
        let scheduler = scheduler
        // Only the events with `{}` are filled (and measured); the others are sent as written.
        var fills: [String: @Sendable (String) -> String] = [:]
        for timeline in [plan.timeline] + plan.attempts.map(\.timeline) {
            for event in timeline.flatMap(\.events) where event.isTemplate {
                if let text = event.text, fills[text] == nil { fills[text] = filler(text) }
            }
        }
        return { [fills] value in
            let filled = plan.filled { timeline in
                timeline.map { entry in
                    (entry.offset, entry.events.map { event in
                        guard event.isTemplate, let text = event.text, let fill = fills[text] else { return event }
                        return event.with(text: fill(value))
                    })
                }
            }
            return Self.cold("\(inner)(\"\(value)\")", filled, scheduler: scheduler)
        }
    }

    /// A command on the run's scheduler whose signal block returns the signal `signal` for each
    /// input (a new one per input, for a cold signal with `{}`; one that would make a value past the
    /// run's text budget is refused at the command's line, naming the command).
    private func command(
        _ name: String, signal: String, concurrent: Bool, enabled: String?, on main: VirtualScheduler, line: Int
    ) -> Command<String, String> {
        let file = file
        let text = text
        let place = TextBudget.Place(file: file, pipeline: name, line: line, column: 1)
        let block = requests(of: signal) { template in
            let template = Template(template, placeholder: "{}")
            return { value in
                let bytes = template.bytes(filledWith: value)
                if let text, !text.allows(bytes, at: place) { return "" }
                return template.filled(with: value)
            }
        }
        let enabledSignal = enabled.map { self.signal($0).map { $0 == "true" } }
        let command = Command<String, String>(enabled: enabledSignal, scheduler: main, signalBlock: block)
        command.allowsConcurrentExecution = concurrent
        // Its signals are named as the file writes them, in traces and diagrams.
        command.executionSignals.named("\(name).executionSignals")
        command.executing.named("\(name).executing")
        command.enabled.named("\(name).enabled")
        command.errors.named("\(name).errors")
        return command
    }

    private func pipeline(
        _ name: String, _ source: ScenarioFile.AtColumn<ScenarioFile.Source>,
        _ operators: [ScenarioFile.AtColumn<ScenarioFile.Operator>], line: Int
    ) -> ScenarioValue {
        let context = PipelineContext(runner: self, name: name, line: line)
        var current: ScenarioValue
        switch source.value {
        case .name(let name): current = value(name)
        case .merge(let names): current = .signal(Signal.merge(names.map(signal)))
        case .concat(let names): current = .signal(Signal.concat(names.map(signal)))
        case .return(let value): current = .signal(Signal.return(value))
        case .empty: current = .signal(Signal.empty())
        case .never: current = .signal(Signal.never())
        case .error(let message): current = .signal(Signal.error(ScenarioError(description: message)))
        case .defer(let name):
            let deferred = signal(name)
            current = .signal(Signal.defer { deferred })
        case .deferReturn(let template):
            let scheduler = scheduler
            let fill = context.filler(template, placeholder: "{now}", column: source.column)
            current = .signal(Signal.defer { Signal.return(fill("\(scheduler.now)")) })
        case .combineLatest(let names, let reduce), .zip(let names, let reduce):
            let combination = Combination(kind: source.value.isZip ? .zip : .combineLatest, signals: names.map(signal))
            if let reduce {
                let make = context.maker(reduce, column: source.column)
                current = .signal(combination.reduced { make($0.map(ExpressionValue.text)) })
            } else {
                current = .combination(combination)
            }
        case .interval(let seconds):
            let format = SecondsFormat()
            current = .signal(Signal.interval(seconds, on: scheduler, sending: { format.format($0) }))
        case .command(let name, let which):
            guard case .command(let command) = value(name) else { preconditionFailure("checked by the parser") }
            switch which {
            case .executionSignals: current = .signals(command.executionSignals)
            case .executing: current = .signal(command.executing.map(ScenarioValue.text(of:)))
            case .enabled: current = .signal(command.enabled.map(ScenarioValue.text(of:)))
            case .errors: current = .signal(command.errors.map(EventText.message(of:)))
            }
        }
        // A combination is combined as the operator after it takes it, or joined into text values.
        func joined() {
            guard case .combination(let combination) = current else { return }
            current = .signal(combination.joined(context.joiner(column: source.column)))
            if let places { current.note(in: places, line: line, column: Int(source.column)) }
        }
        if let places { current.note(in: places, line: line, column: Int(source.column)) }
        for op in operators {
            if op.value.form.input != .tuples { joined() }
            current = op.value.form.run(OperatorStep(current: current, arguments: op.value.arguments, pipeline: context, column: op.column))
            if let places { current.note(in: places, line: line, column: Int(op.column)) }
        }
        joined()
        return current
    }


    private func perform(_ action: ScenarioFile.Action) -> @Sendable () -> Void {
        let scheduler = scheduler
        let held = held
        switch action {
        case .subscribeLabel(let label, let name, let until, let owner):
            let target = signal(name)
            let owner = owner.map(signal)
            let log = log
            return {
                let disposable = log.subscribing(label: label, to: name) {
                    if let owner { target.subscribe(label: label, owner: owner) } else { target.subscribe(label: label) }
                }
                held.hold(disposable, label: label)
                if let until {
                    scheduler.schedule(after: max(until - scheduler.now, 0)) { disposable.dispose() }
                }
            }
        case .subscribeEach(let label, let name, let keys):
            guard case .groups(let groups) = value(name) else { preconditionFailure("checked by the parser") }
            let log = log
            return {
                let disposable = log.subscribing(label: label, to: name) {
                    groups.subscribe(label: label, next: { group in
                        guard keys?.contains(group.key) ?? true else { return }
                        _ = log.subscribing(label: group.key, to: name) { group.subscribe(label: group.key) }
                    })
                }
                held.hold(disposable, label: label)
            }
        case .subscribeSubject(let subscriber, let name):
            let target = signal(name)
            switch value(subscriber) {
            case .subject(let subject): return { target.subscribe(subject) }
            case .terminal(let terminal): return { target.subscribe(terminal) }
            default: preconditionFailure("checked by the parser")
            }
        case .connect(let name):
            guard case .connection(let connection) = value(name) else { preconditionFailure("checked by the parser") }
            return { held.hold(connection.connect(), connection: name) }
        case .disposeLabel(let label):
            return { held.disposeSubscriptions(labelled: label) }
        case .disposeConnection(let name):
            return { held.disposeConnection(named: name) }
        case .send(let name, let value):
            let target = self.value(name)
            return { target.send(.next(value)) }
        case .complete(let name):
            let target = value(name)
            return { target.send(.completed) }
        case .fail(let name, let message):
            let target = value(name)
            return { target.send(.error(ScenarioError(description: message))) }
        case .execute(let name, let input, let label):
            guard case .command(let command) = value(name) else { preconditionFailure("checked by the parser") }
            // The execution runs whether or not what execute returns is subscribed to (it is
            // connected), and a refusal (CommandError.notEnabled) calls no signal block.
            // Named as the file wrote it: the graph shows an execution by what it ran.
            let execution = "execute \(name) \"\(input)\""
            guard let label else { return { _ = command.execute(input).named(execution) } }
            let log = log
            return {
                let signal = command.execute(input).named(execution)
                held.hold(log.subscribing(label: label, to: name) { signal.subscribe(label: label) }, label: label)
            }
        }
    }
}
