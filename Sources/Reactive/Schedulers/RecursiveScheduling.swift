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
    /// When observed, each run happens in the probe context of the code that asked for it (the
    /// first call's, then each `recurse` call's): `retry`'s next subscription has `retry`'s
    /// subscription as parent, and the error that made it retry as cause.
    ///
    /// - Returns: A disposable that cancels the pending run and stops further ones.
    func scheduleRecursive(
        _ block: @escaping @Sendable (_ recurse: @escaping @Sendable () -> Void) -> Void
    ) -> any Disposable {
        let disposable = CompoundDisposable()
        scheduleRecursive(block, addingTo: disposable, in: Probe.Carried.current)
        return disposable
    }

    private func scheduleRecursive(
        _ block: @escaping @Sendable (_ recurse: @escaping @Sendable () -> Void) -> Void,
        addingTo disposable: CompoundDisposable, in context: Probe.Carried?
    ) {
        let selfDisposable = CompoundDisposable()
        disposable.add(selfDisposable)
        let run: @Sendable () -> Void = { [self, weak selfDisposable] in
            // Invoked: the disposable that would have cancelled this run is of no more use.
            if let selfDisposable { disposable.remove(selfDisposable) }
            if disposable.isDisposed { return }

            @Sendable func reallyReschedule(in context: Probe.Carried?) {
                if disposable.isDisposed { return }
                self.scheduleRecursive(block, addingTo: disposable, in: context)
            }

            // The context of each time `block` recursed while it ran (one per time, `nil` when
            // unobserved), and whether it has returned.
            let state = Locked((reschedules: [Probe.Carried?](), rescheduleImmediately: false))
            block {
                let context = Probe.Carried.current
                let immediate = state.withLock { state -> Bool in
                    if !state.rescheduleImmediately { state.reschedules.append(context) }
                    return state.rescheduleImmediately
                }
                if immediate { reallyReschedule(in: context) }
            }
            let synchronous = state.withLock { state -> [Probe.Carried?] in
                state.rescheduleImmediately = true
                return state.reschedules
            }
            for context in synchronous { reallyReschedule(in: context) }
        }
        let scheduling = schedule(context?.carrying(run) ?? run)
        selfDisposable.add(scheduling)
    }
}
