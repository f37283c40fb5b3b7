import Dispatch

// The operators RACCommand.m uses that this module does not have yet, each the
// minimal internal equivalent of RAC 2.5's, named as RAC names its result so
// that traces show them as RAC would: -not, -and and +if:then:else:
// (RACSignal+Operations.m), and -first (RACSignal.m's -firstOrDefault:success:error:).
// Their names here are plain words that no public operator is likely to take.

extension Signal where Value == Bool {
    /// Sends the opposite of each value (RAC's `-not`).
    func negated() -> Signal<Bool> {
        map(named: "[\(name)] -not") { !$0 }
    }

    /// Sends `trueSignal`'s events while the receiver's latest value is true and
    /// `falseSignal`'s while it is false (RAC's `+if:then:else:`): each value is
    /// mapped to one of them, and the result switches to the latest.
    static func choosing<Result: Sendable>(
        _ condition: Signal<Bool>, then trueSignal: Signal<Result>, else falseSignal: Signal<Result>
    ) -> Signal<Result> {
        condition.map { $0 ? trueSignal : falseSignal }
            .switchToLatest()
            .described(as: "+if: \(condition.name) then: \(trueSignal.name) else: \(falseSignal.name)")
    }
}

extension Signal where Value == [Bool] {
    /// Sends whether every element of each array is true (RAC's `-and`, which
    /// reduces the tuples of `+combineLatest:`).
    func allTrue() -> Signal<Bool> {
        map(named: "[\(name)] -and") { $0.allSatisfy { $0 } }
    }
}

extension Signal {
    /// Subscribes to the first value and waits for it (RAC's `-first`, that is
    /// `-firstOrDefault:nil success:NULL error:NULL`): the value, or `nil` when
    /// the receiver fails or completes first.
    ///
    /// It blocks the calling thread until the receiver sends something. When a
    /// scheduler is current (scheduled work, the main thread) a subject's
    /// history is replayed synchronously, so a replayed value is returned
    /// without waiting.
    func waitForFirst() -> Value? {
        let result = Locked<Event<Value>?>(nil)
        let done = DispatchSemaphore(value: 0)
        @Sendable func finish(_ event: Event<Value>) {
            let isFirst = result.withLock { stored -> Bool in
                guard stored == nil else { return false }
                stored = event
                return true
            }
            if isFirst { done.signal() }
        }
        take(1).subscribe(
            next: { finish(.next($0)) },
            error: { finish(.error($0)) },
            completed: { finish(.completed) })
        done.wait()
        return result.withLock { $0?.value }
    }
}
