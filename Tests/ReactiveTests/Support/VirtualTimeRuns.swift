@testable import Reactive

// How the operator suites run a signal on virtual time.

/// A cold signal of `values` at 1, 2, 3, ... seconds after each subscription, then `end` one second after the last.
func values<T: Sendable>(_ values: [T], _ scheduler: TestScheduler, end: Event<T> = .completed,
                         subscriptions: Counter? = nil, disposals: Counter? = nil) -> Signal<T> {
    let timeline = values.enumerated().map { (Double($0.offset + 1), Event<T>.next($0.element)) }
    return cold(T.self, scheduler, timeline + [(Double(values.count + 1), end)],
                subscriptions: subscriptions, disposals: disposals)
}

/// The events of one subscription, made at 0 and run to the end.
func run<T: Sendable & Equatable>(_ signal: Signal<T>, _ scheduler: TestScheduler) -> [Recorded<T>] {
    let recorder = Recorder<T>(clock: scheduler)
    scheduler.perform { recorder.subscribe(to: signal) }
    scheduler.stepAll()
    return recorder.events
}

/// A recorder subscribed now, on `scheduler`.
func record<T: Sendable & Equatable>(_ signal: Signal<T>, _ scheduler: TestScheduler) -> Recorder<T> {
    start(signal, scheduler).0
}

/// A recorder subscribed now, on `scheduler`, and its subscription's disposable.
func start<T: Sendable & Equatable>(_ signal: Signal<T>, _ scheduler: TestScheduler) -> (Recorder<T>, any Disposable) {
    let recorder = Recorder<T>(clock: scheduler)
    let disposable = scheduler.perform { recorder.subscribe(to: signal) }
    return (recorder, disposable)
}
