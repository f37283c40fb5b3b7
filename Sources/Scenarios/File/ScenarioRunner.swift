import Foundation
import Reactive

extension ScenarioFile {
    /// The file as a ``Scenario``: running it builds the signals with the real
    /// runtime on the virtual-time scheduler, in the order the file gives.
    /// - Parameter name: The scenario's name, such as the file's name without its extension.
    public func scenario(named name: String) -> Scenario {
        scenario(named: name, log: nil)
    }

    func scenario(named name: String, log: SubscriptionLog?) -> Scenario {
        let statements = statements
        return Scenario(name: name, title: title ?? name, experiment: experiment, summary: about) { scheduler in
            var runner = ScenarioRunner(scheduler: scheduler, log: log)
            for statement in statements { runner.run(statement) }
            return runner.kept
        }
    }
}

/// The labelled subscriptions a run made, in order, with the name in the
/// file of what each subscribed to: the k-th entry is the trace's k-th
/// labelled subscription.
final class SubscriptionLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [(label: String, target: String)] = []

    func append(label: String, target: String) {
        lock.lock()
        entries.append((label, target))
        lock.unlock()
    }

    var all: [(label: String, target: String)] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }
}

/// An error a scenario file sends: its message is its description.
struct ScenarioError: Error, CustomStringConvertible {
    let description: String
}

/// What a name in a scenario file stands for while it runs.
private enum Value {
    case signal(Signal<String>)
    case subject(Subject<String>)
    case connection(MulticastConnection<String>)
    case terminal(ChannelTerminal<String>)
    case groups(Signal<GroupedSignal<String, String>>)

    /// The signal to subscribe to: a connection's is its subject's.
    var signal: Signal<String> {
        switch self {
        case .signal(let signal): signal
        case .subject(let subject): subject
        case .connection(let connection): connection.signal
        case .terminal(let terminal): terminal
        case .groups: preconditionFailure("the parser lets groups be used only with 'each'")
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

/// Runs a parsed file's statements. Every name was checked by the parser,
/// so a lookup that fails is a bug, reported by a precondition.
private struct ScenarioRunner {
    let scheduler: TestScheduler
    let log: SubscriptionLog?
    var values: [String: Value] = [:]
    /// Everything made, kept alive until the recording ends.
    var kept: [Any] = []

    init(scheduler: TestScheduler, log: SubscriptionLog?) {
        self.scheduler = scheduler
        self.log = log
    }

    func value(_ name: String) -> Value {
        guard let value = values[name] else { preconditionFailure("'\(name)' was checked by the parser") }
        return value
    }

    func signal(_ name: String) -> Signal<String> { value(name).signal }

    mutating func define(_ name: String, _ value: Value) {
        values[name] = value
        switch value {
        case .signal(let signal): kept.append(signal)
        case .subject(let subject): kept.append(subject)
        case .connection(let connection): kept.append(connection)
        case .terminal(let terminal): kept.append(terminal)
        case .groups(let groups): kept.append(groups)
        }
    }

    mutating func run(_ statement: ScenarioFile.Statement) {
        switch statement {
        case .cold(let name, let timeline):
            let scheduler = scheduler
            let signal = Signal<String>.create { subscriber in
                let pending = CompoundDisposable()
                for (offset, events) in timeline {
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
            define(name, .signal(signal))
        case .subject(let name): define(name, .subject(Subject<String>().named(name)))
        case .behavior(let name, let initial): define(name, .subject(BehaviorSubject(initial).named(name)))
        case .replay(let name, let capacity):
            define(name, .subject(ReplaySubject<String>(capacity: capacity ?? ReplaySubject<String>.unlimitedCapacity).named(name)))
        case .channel(let leading, let following):
            let channel = Channel<String>()
            kept.append(channel)
            define(leading, .terminal(channel.leadingTerminal))
            define(following, .terminal(channel.followingTerminal))
        case .pipeline(let name, let source, let operators):
            define(name, pipeline(source, operators))
        case .action(let action, let time):
            let work = perform(action)
            if let time {
                scheduler.schedule(after: time, work)
            } else {
                work()
            }
        }
    }

    private func pipeline(_ source: ScenarioFile.Source, _ operators: [ScenarioFile.Operator]) -> Value {
        var current: Value
        switch source {
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
            current = .signal(Signal.defer { Signal.return(template.replacingOccurrences(of: "{now}", with: "\(scheduler.now)")) })
        }
        for op in operators {
            if case .groupBy(let keys) = op {
                current = .groups(current.signal.groupBy { keys[$0] ?? $0 })
                continue
            }
            switch op {
            case .map(let template): current = .signal(current.signal.map { fill(template, with: $0) })
            case .filter(let kept):
                let kept = Set(kept)
                current = .signal(current.signal.filter { kept.contains($0) })
            case .flattenMapTo(let name):
                let inner = signal(name)
                current = .signal(current.signal.flattenMap { _ in inner })
            case .flattenMapReturn(let template): current = .signal(current.signal.flattenMap { Signal.return(fill(template, with: $0)) })
            case .flattenMapError(let message):
                current = .signal(current.signal.flattenMap { _ in Signal<String>.error(ScenarioError(description: message)) })
            case .merge(let name): current = .signal(current.signal.merge(signal(name)))
            case .concat(let name): current = .signal(current.signal.concat(signal(name)))
            case .startWith(let value): current = .signal(current.signal.startWith(value))
            case .catchTo(let name): current = .signal(current.signal.catchTo(signal(name)))
            case .catchToReturn(let value): current = .signal(current.signal.catchTo(.return(value)))
            case .take(let count): current = .signal(current.signal.take(count))
            case .then(let name):
                let next = signal(name)
                current = .signal(current.signal.then { next })
            case .ignoreValues: current = .signal(current.signal.ignoreValues())
            case .multicast(let name):
                guard case .subject(let subject) = value(name) else { preconditionFailure("checked by the parser") }
                current = .connection(current.signal.multicast(subject))
            case .publish: current = .connection(current.signal.publish())
            case .replay: current = .signal(current.signal.replay())
            case .replayLast: current = .signal(current.signal.replayLast())
            case .replayLazily: current = .signal(current.signal.replayLazily())
            case .autoconnect:
                guard case .connection(let connection) = current else { preconditionFailure("checked by the parser") }
                current = .signal(connection.autoconnect())
            case .named(let name):
                switch current {
                case .signal(let signal): current = .signal(signal.named(name))
                case .subject(let subject): current = .subject(subject.named(name))
                case .connection(let connection): current = .signal(connection.signal.named(name))
                case .terminal(let terminal): current = .signal(terminal.named(name))
                case .groups: preconditionFailure("checked by the parser")
                }
            case .groupBy: break
            }
        }
        return current
    }

    private func perform(_ action: ScenarioFile.Action) -> @Sendable () -> Void {
        let scheduler = scheduler
        switch action {
        case .subscribeLabel(let label, let name, let until):
            let target = signal(name)
            let log = log
            return {
                log?.append(label: label, target: name)
                let disposable = target.subscribe(label: label)
                if let until {
                    scheduler.schedule(after: max(until - scheduler.now, 0)) { disposable.dispose() }
                }
            }
        case .subscribeEach(let label, let name):
            guard case .groups(let groups) = value(name) else { preconditionFailure("checked by the parser") }
            let log = log
            return {
                log?.append(label: label, target: name)
                groups.subscribe(label: label, next: { group in
                    log?.append(label: group.key, target: name)
                    group.subscribe(label: group.key)
                })
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
            return { connection.connect() }
        case .send(let name, let value):
            let target = self.value(name)
            return { target.send(.next(value)) }
        case .complete(let name):
            let target = value(name)
            return { target.send(.completed) }
        case .fail(let name, let message):
            let target = value(name)
            return { target.send(.error(ScenarioError(description: message))) }
        }
    }
}

/// `template` with every `{}` replaced by `value`.
private func fill(_ template: String, with value: String) -> String {
    template.replacingOccurrences(of: "{}", with: value)
}
