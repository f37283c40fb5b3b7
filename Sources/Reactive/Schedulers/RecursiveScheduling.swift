// RAC 2.5's -[RACScheduler scheduleRecursiveBlock:] (RACScheduler.m), on which
// -retry: and -repeat resubscribe (see Operators/Retry.swift).

extension Scheduler {
    /// Schedules `block` on the receiver, and again each time it calls the
    /// `recurse` closure it is given (RAC's `-scheduleRecursiveBlock:`).
    ///
    /// Calls to `recurse` made while `block` runs are counted and scheduled
    /// after it returns, one ``schedule(_:)`` each: a block that recurses
    /// synchronously runs again as later work of the scheduler (on a
    /// ``TestScheduler``, at the same virtual time), never nested in itself, so
    /// the stack does not grow. A call made after `block` has returned
    /// schedules at once.
    ///
    /// - Returns: A disposable that cancels the pending run and stops further ones.
    func scheduleRecursive(
        _ block: @escaping @Sendable (_ recurse: @escaping @Sendable () -> Void) -> Void
    ) -> any Disposable {
        let disposable = CompoundDisposable()
        scheduleRecursive(block, addingTo: disposable)
        return disposable
    }

    private func scheduleRecursive(
        _ block: @escaping @Sendable (_ recurse: @escaping @Sendable () -> Void) -> Void,
        addingTo disposable: CompoundDisposable
    ) {
        let selfDisposable = CompoundDisposable()
        disposable.add(selfDisposable)
        let scheduling = schedule { [self, weak selfDisposable] in
            // Invoked: the disposable that would have cancelled this run is of no more use.
            if let selfDisposable { disposable.remove(selfDisposable) }
            if disposable.isDisposed { return }

            @Sendable func reallyReschedule() {
                if disposable.isDisposed { return }
                self.scheduleRecursive(block, addingTo: disposable)
            }

            // How many times `block` recursed while it ran, and whether it has returned.
            let state = Locked((rescheduleCount: 0, rescheduleImmediately: false))
            block {
                let immediate = state.withLock { state -> Bool in
                    if !state.rescheduleImmediately { state.rescheduleCount += 1 }
                    return state.rescheduleImmediately
                }
                if immediate { reallyReschedule() }
            }
            let synchronousCount = state.withLock { state -> Int in
                state.rescheduleImmediately = true
                return state.rescheduleCount
            }
            for _ in 0..<synchronousCount { reallyReschedule() }
        }
        selfDisposable.add(scheduling)
    }
}
