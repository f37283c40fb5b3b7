@testable import Reactive
import Synchronization

/// One event as a test sees it: what, and at which virtual time.
enum Recorded<Value: Equatable & Sendable>: Equatable, Sendable, CustomStringConvertible {
    case next(Value, at: Double)
    case error(String, at: Double)
    case completed(at: Double)

    var description: String {
        switch self {
        case .next(let value, let time): "next(\(value)) @\(time)"
        case .error(let message, let time): "error(\(message)) @\(time)"
        case .completed(let time): "completed @\(time)"
        }
    }
}

/// An error with a message, for tests.
struct TestError: Error, Equatable, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// Records the whole history of a subscription, stamped with a clock's time.
final class Recorder<Value: Equatable & Sendable>: Sendable {
    private let storage = Locked<[Recorded<Value>]>([])
    private let clock: Scheduler?
    private let log: DeliveryLog?
    private let name: String

    /// - Parameters:
    ///   - clock: Stamps each event with its `now` (0 when `nil`).
    ///   - log: Also appends `"<name>: <event>"` to a log shared by several recorders.
    init(_ name: String = "", clock: Scheduler? = nil, log: DeliveryLog? = nil) {
        self.name = name
        self.clock = clock
        self.log = log
    }

    var events: [Recorded<Value>] { storage.withLock { $0 } }

    var values: [Value] {
        events.compactMap { if case .next(let value, _) = $0 { value } else { nil } }
    }

    private func append(_ event: Recorded<Value>) {
        storage.withLock { $0.append(event) }
        log?.append("\(name): \(event)")
    }

    private var now: Double { clock?.now ?? 0 }

    /// Subscribes to `signal` and records what arrives.
    @discardableResult
    func subscribe(to signal: Signal<Value>, label: String? = nil) -> any Disposable {
        signal.subscribe(
            label: label ?? (name.isEmpty ? nil : name),
            next: { value in self.append(.next(value, at: self.now)) },
            error: { error in self.append(.error("\(error)", at: self.now)) },
            completed: { self.append(.completed(at: self.now)) })
    }
}

/// An ordered log of lines written by several subscribers, to check the global order.
final class DeliveryLog: Sendable {
    private let storage = Locked<[String]>([])
    func append(_ line: String) { storage.withLock { $0.append(line) } }
    var lines: [String] { storage.withLock { $0 } }
}

/// Counts things, such as runs of a `didSubscribe` closure.
final class Counter: Sendable {
    private let storage = Atomic(0)
    func increment() { storage.add(1, ordering: .relaxed) }
    var value: Int { storage.load(ordering: .relaxed) }
}

/// A cold signal that, on each subscription, sends `timeline`'s events at the
/// given delays after subscribing; counts subscriptions and disposals.
/// Disposing a subscription cancels the sends still pending.
func cold<T: Sendable>(
    _: T.Type, _ scheduler: TestScheduler, _ timeline: [(Double, Event<T>)],
    subscriptions: Counter? = nil, disposals: Counter? = nil
) -> Signal<T> {
    Signal<T>.create { subscriber in
        subscriptions?.increment()
        let disposable = CompoundDisposable()
        for (delay, event) in timeline {
            disposable.add(scheduler.schedule(after: delay) { subscriber.send(event) })
        }
        disposable.add(BlockDisposable { disposals?.increment() })
        return disposable
    }
}
