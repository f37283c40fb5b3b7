import Foundation

/// The one place a stateful operator's decisions are carried out: it hands each input to the
/// operator's ``OperatorStateMachine`` under a lock, then, with the lock released, does what the
/// machine said, in order, in the context of the delivery that brought the input.
///
/// So, for every operator made this way, alike:
/// - **Locking:** only the machine's state is locked; no send, report or user code runs locked.
/// - **Causes:** what an input makes the operator do names that input's delivery as its cause;
///   an input the operator schedules for later carries the context of the one that scheduled it,
///   so a throttled value sent 0.3 s later names the delivery of that value, whichever thread's
///   timer sends it.
/// - **Drops:** a value the machine lets go of without sending it is reported dropped, once, on
///   the subscription that received it, caused by the input that dropped it.
///
/// Made for one subscription of the operator.
final class OperatorStorage<Machine: OperatorStateMachine>: Sendable {
    /// Where the operator's scheduled inputs run.
    enum Scheduling: Sendable {
        /// The operator schedules nothing.
        case none
        /// Always on this scheduler.
        case on(Scheduler)
        /// On the scheduler that is ``Scheduler/current`` when the input that schedules arrives,
        /// or, without one, on this one (RAC's `RACScheduler.currentScheduler ?: scheduler`).
        case current(orElse: Scheduler)
    }

    /// An input, with what it needs to be handled as part of the delivery that brought it.
    private struct Envelope: Sendable {
        let input: Machine.Input
        /// The delivery's context, when observed.
        let context: Probe.Carried?
        /// Which of the operator's signals delivered the input (see ``OperatorStateMachine/delivery(of:)``).
        let operand: Int
        /// The delivery, to report a value dropped, when observed and from that signal.
        let receipt: Probe.Receipt?
        /// Where an input this one schedules runs.
        let scheduler: Scheduler?
    }

    /// The machine, and the last delivery from each of the operator's signals: where a value was
    /// received, when it is dropped while another delivery is handled (`sample`'s sampler
    /// completing, `zip`'s other side completing).
    private let state: Locked<(machine: Machine, receipts: [Probe.Receipt?])>
    private let subscriber: any Subscriber<Machine.Output>
    /// The operator's signals whose values the machine may drop, by operand, when observed.
    private let sources: [Probe.DropSource?]
    private let scheduling: Scheduling
    /// The input scheduled to replace any before it, if any.
    private let scheduled = SerialDisposable()
    /// The inputs scheduled alongside each other. As in RAC's `delay`, each stays until the end.
    private let alongside = CompoundDisposable()
    /// When set, inputs take turns: one is handled, its actions done, before the next (what
    /// RAC's `@synchronized` around a send gives), whatever thread each arrives on.
    private let turns: DrainQueue<Envelope>?

    /// - Parameters:
    ///   - machine: The operator's state when subscribed.
    ///   - subscriber: Who the operator sends to.
    ///   - sources: The signals whose values the machine may drop, by operand, when observed: the
    ///     receiver, then the other signal, if any.
    ///   - scheduling: Where inputs the machine schedules run.
    ///   - inTurn: Whether inputs take turns (see ``turns``), or are handled on the thread that
    ///     brings each, at once.
    init(
        _ machine: Machine, sendingTo subscriber: any Subscriber<Machine.Output>, droppingFrom sources: Probe.DropSource?...,
        scheduling: Scheduling = .none, inTurn: Bool
    ) {
        state = Locked((machine, Array(repeating: nil, count: sources.count)))
        self.subscriber = subscriber
        self.sources = sources
        self.scheduling = scheduling
        turns = inTurn ? DrainQueue() : nil
    }

    /// The inputs scheduled, to dispose with the operator's subscription when the operator cancels them.
    var scheduledInputs: any Disposable {
        let (scheduled, alongside) = (scheduled, alongside)
        return BlockDisposable {
            scheduled.dispose()
            alongside.dispose()
        }
    }

    /// Hands `input`, which a delivery running on this thread now brings, to the machine, in turn
    /// when inputs take turns.
    ///
    /// Its context, the delivery to report drops on and the scheduler current now are taken here,
    /// on the delivering thread: the turn may be taken by another thread, in another context.
    func receive(_ input: Machine.Input, from operand: Int = 0) {
        submit(envelope(for: input, from: operand))
    }

    /// Hands `input` to the machine at once, on this thread, even when inputs take turns: for
    /// what RAC handles outside its `@synchronized` (`throttle`'s error).
    func receiveAtOnce(_ input: Machine.Input, from operand: Int = 0) {
        handle(envelope(for: input, from: operand))
    }

    private func envelope(for input: Machine.Input, from operand: Int) -> Envelope {
        let scheduler: Scheduler? = switch scheduling {
        case .none: nil
        case .on(let scheduler): scheduler
        case .current(let fallback): Scheduler.current ?? fallback
        }
        return Envelope(
            input: input, context: Probe.Carried.current, operand: operand, receipt: Probe.receipt(from: sources[operand]),
            scheduler: scheduler)
    }

    private func submit(_ envelope: Envelope) {
        guard let turns else { return handle(envelope) }
        turns.submit(envelope) { self.handle($0) }
    }

    private func handle(_ envelope: Envelope) {
        let (actions, receipts) = state.withLock { state in
            if let receipt = envelope.receipt { state.receipts[envelope.operand] = receipt }
            return (state.machine.handle(envelope.input), state.receipts)
        }
        envelope.context.run {
            for action in actions { perform(action, for: envelope, receipts: receipts) }
        }
    }

    /// Does `action` for `envelope`'s input; a value dropped was received by the subscription of
    /// its operand's receipt.
    private func perform(_ action: OperatorAction<Machine>, for envelope: Envelope, receipts: [Probe.Receipt?]) {
        switch action {
        case .sendNext(let value): subscriber.sendNext(value)
        case .sendCompleted: subscriber.sendCompleted()
        case .sendError(let error): subscriber.sendError(error)
        case .drop(let value):
            let (operand, value) = Machine.delivery(of: value)
            // Caused by the input handled: its delivery, or the one that scheduled it.
            guard let receipt = receipts[operand] else { return }
            Probe.Receipt(probe: receipt.probe, subscription: receipt.subscription, cause: envelope.context?.cause)
                .reportDrop(of: value)
        case .release: break
        case .cancelScheduled: scheduled.disposable?.dispose()
        case .schedule(let delay, let input):
            scheduled.disposable = schedule(input, after: delay, for: envelope)
        case .scheduleAnother(let delay, let input):
            if let disposable = schedule(input, after: delay, for: envelope) { alongside.add(disposable) }
        }
    }

    /// Schedules `input` to be handled after `delay`, as part of `envelope`'s delivery: its context.
    private func schedule(_ input: Machine.Input, after delay: TimeInterval, for envelope: Envelope) -> (any Disposable)? {
        guard let scheduler = envelope.scheduler else {
            preconditionFailure("\(Machine.self) scheduled an input, but its storage schedules nothing")
        }
        let later = Envelope(input: input, context: envelope.context, operand: envelope.operand, receipt: nil, scheduler: scheduler)
        return scheduler.schedule(after: delay) { self.submit(later) }
    }
}
