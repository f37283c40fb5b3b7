// RAC 2.5's -doNext:, -doError:, -doCompleted:, -initially: and -finally:
// (RACSignal+Operations.m). Each block runs before the event it watches is
// forwarded, on the thread that delivers it, and never under a lock.

extension Signal {
    /// Runs `block` with each value just before forwarding it (RAC's `-doNext:`).
    ///
    /// The block runs once per value per subscription: subscribing twice runs it twice as often.
    ///
    /// ```swift
    /// let logged = results.doNext { print("got \($0)") }
    /// ```
    /// - Parameter block: Called with each value, before the subscriber gets it.
    /// - Returns: A signal named `"[<name>] -doNext:"` that sends the receiver's events.
    public func doNext(_ block: @escaping @Sendable (Value) -> Void) -> Signal<Value> {
        makeOperator(name: "[\(name)] -doNext:", operation: .doNext) { subscriber in
            self.subscribe(
                next: { value in
                    block(value)
                    subscriber.sendNext(value)
                },
                error: { subscriber.sendError($0) },
                completed: { subscriber.sendCompleted() })
        }
    }

    /// Runs `block` with the error just before forwarding it (RAC's `-doError:`).
    ///
    /// ```swift
    /// let reported = upload.doError { print("upload failed: \($0)") }
    /// ```
    /// - Parameter block: Called with the error, before the subscriber gets it.
    /// - Returns: A signal named `"[<name>] -doError:"` that sends the receiver's events.
    public func doError(_ block: @escaping @Sendable (any Error) -> Void) -> Signal<Value> {
        makeOperator(name: "[\(name)] -doError:", operation: .doError) { subscriber in
            self.subscribe(
                next: { subscriber.sendNext($0) },
                error: { error in
                    block(error)
                    subscriber.sendError(error)
                },
                completed: { subscriber.sendCompleted() })
        }
    }

    /// Runs `block` just before forwarding the completion (RAC's `-doCompleted:`).
    ///
    /// ```swift
    /// let saved = save.doCompleted { print("saved") }
    /// ```
    /// - Parameter block: Called at the completion, before the subscriber gets it.
    /// - Returns: A signal named `"[<name>] -doCompleted:"` that sends the receiver's events.
    public func doCompleted(_ block: @escaping @Sendable () -> Void) -> Signal<Value> {
        doCompleted(named: "[\(name)] -doCompleted:", operation: .doCompleted, block)
    }

    private func doCompleted(named name: String, operation: SignalOperation, _ block: @escaping @Sendable () -> Void) -> Signal<Value> {
        makeOperator(name: name, operation: operation) { subscriber in
            self.subscribe(
                next: { subscriber.sendNext($0) },
                error: { subscriber.sendError($0) },
                completed: {
                    block()
                    subscriber.sendCompleted()
                })
        }
    }

    /// Runs `block` at each subscription, just before subscribing to the
    /// receiver (RAC's `-initially:`).
    ///
    /// Built as RAC builds it, on ``defer(_:)``: the block runs in the
    /// subscription's `didSubscribe`, on ``Scheduler/subscription``.
    ///
    /// ```swift
    /// let fetch = request.initially { spinner.start() }.finally { spinner.stop() }
    /// ```
    /// - Parameter block: Called once per subscription, before the receiver is subscribed.
    /// - Returns: A signal named `"[<name>] -initially:"` that sends the receiver's events.
    public func initially(_ block: @escaping @Sendable () -> Void) -> Signal<Value> {
        Signal.defer(named: "[\(name)] -initially:", operation: .initially, receiver: operandID) {
            block()
            return self
        }
    }

    /// Runs `block` when the receiver completes or fails, just before
    /// forwarding that event (RAC's `-finally:`).
    ///
    /// Disposing the subscription does not run it. Built as RAC builds it:
    /// ``doError(_:)`` on the receiver, then a `-doCompleted:` on that, which is
    /// the signal returned.
    ///
    /// ```swift
    /// let fetch = request.initially { spinner.start() }.finally { spinner.stop() }
    /// ```
    /// - Parameter block: Called once per subscription that terminates.
    /// - Returns: A signal named `"[<name>] -finally:"` that sends the receiver's events.
    public func finally(_ block: @escaping @Sendable () -> Void) -> Signal<Value> {
        doError { _ in block() }.doCompleted(named: "[\(name)] -finally:", operation: .finally, block)
            .reported(as: .finally, receiver: operandID)
    }
}
