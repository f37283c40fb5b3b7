import Foundation
@testable import Reactive
import Synchronization
import Testing

// return, empty and error (RAC's RACReturnSignal, RACEmptySignal, RACErrorSignal): inside a
// scheduler's work their events arrive before subscribe returns, closures called directly; outside
// one, on the subscription scheduler's background queue, and a disposal before then cancels them.

@Suite("Constant signals: return, empty, error")
struct ConstantSignalTests {
    /// What closures subscribed to `signal` receive, in order, as text.
    private final class Log: Sendable {
        let lines = Mutex<[String]>([])
        func add(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    private struct Boom: Error, CustomStringConvertible { var description: String { "boom" } }

    @Test("inside a scheduler's work, the events arrive before subscribe returns, in order, with closures or a subscriber")
    func synchronous() {
        let log = Log()
        Scheduler.immediate.perform {
            for (name, signal) in [("return", Signal.return(7)), ("empty", .empty()), ("error", .error(Boom()))] {
                let disposable = signal.subscribe(
                    next: { log.add("\(name) next \($0)") }, error: { log.add("\(name) error \($0)") },
                    completed: { log.add("\(name) completed") })
                log.add("\(name) returned, disposed: \(disposable.isDisposed)")
                let subscriber = Recording { log.add("\(name) subscriber \($0)") }
                signal.subscribe(subscriber)
                log.add("\(name) subscriber returned")
            }
        }
        #expect(log.all == [
            "return next 7", "return completed", "return returned, disposed: true",
            "return subscriber next(7)", "return subscriber completed", "return subscriber returned",
            "empty completed", "empty returned, disposed: true", "empty subscriber completed", "empty subscriber returned",
            "error error boom", "error returned, disposed: true", "error subscriber error(boom)", "error subscriber returned",
        ])
    }

    @Test("outside a scheduler, the events arrive later, on the subscription scheduler's queue; disposing first cancels them")
    func asynchronous() {
        let log = Log()
        let done = DispatchSemaphore(value: 0)
        let caller = pthread_self()
        Signal.return(1).subscribe(
            next: { log.add("next \($0), on the caller's thread: \(pthread_equal(pthread_self(), caller) != 0)") },
            completed: { log.add("completed"); done.signal() })
        done.wait()
        #expect(log.all == ["next 1, on the caller's thread: false", "completed"])
        // The subscription scheduler's queue is serial: a didSubscribe waiting on `gate` holds the
        // return signal's work behind it until the return subscription is disposed.
        let gate = DispatchSemaphore(value: 0)
        Signal<Int>.create { _ in gate.wait(); return nil }.subscribe()
        let cancelled = Log()
        Signal.return(2).subscribe(next: { cancelled.add("next \($0)") }).dispose()
        gate.signal()
        let flushed = DispatchSemaphore(value: 0)
        Signal<Int>.empty().subscribe(completed: { flushed.signal() })
        flushed.wait()
        #expect(cancelled.all.isEmpty)
    }
}

/// Logs the events it receives.
private final class Recording: Subscriber, Sendable {
    let log: @Sendable (String) -> Void
    init(_ log: @escaping @Sendable (String) -> Void) { self.log = log }
    func sendNext(_ value: Int) { log("next(\(value))") }
    func sendError(_ error: any Error) { log("error(\(error))") }
    func sendCompleted() { log("completed") }
    func didSubscribe(with disposable: CompoundDisposable) {}
}
