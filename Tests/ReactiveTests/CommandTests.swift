import Foundation
import Testing
@testable import Reactive

// RACCommand (RACCommand.m) with RACCommandSpec's scenarios on virtual time: the command
// takes a TestScheduler where RAC uses the main thread scheduler, and is created and
// executed from work on that scheduler, as RAC's commands are on the main thread.

private let boom = TestError("boom")

/// The errors a command sends, as their descriptions.
private func record<Input, Output>(errorsOf command: Command<Input, Output>, _ scheduler: TestScheduler) -> Recorder<String> {
    record(command.errors.map { "\($0)" }, scheduler)
}

/// An execution's signal: a cold signal that sends `timeline` after each subscription,
/// counting its subscriptions (its `didSubscribe` runs).
private func job(
    _ scheduler: TestScheduler, _ timeline: [(Double, Event<Int>)], subscriptions: Counter
) -> Signal<Int> {
    cold(Int.self, scheduler, timeline, subscriptions: subscriptions)
}

/// A command made on `scheduler` whose executions run `timeline` (input added to each
/// value), counting the signal block's runs and the execution signals' subscriptions.
private func makeCommand(
    _ scheduler: TestScheduler, enabled: Signal<Bool>? = nil,
    _ timeline: [(Double, Event<Int>)] = [(10, .next(0)), (20, .completed)],
    blockRuns: Counter = Counter(), subscriptions: Counter = Counter()
) -> Command<Int, Int> {
    scheduler.perform {
        Command<Int, Int>(enabled: enabled, scheduler: scheduler) { input in
            blockRuns.increment()
            let shifted = timeline.map { time, event -> (Double, Event<Int>) in
                if case .next(let value) = event { return (time, .next(value + input)) }
                return (time, event)
            }
            return job(scheduler, shifted, subscriptions: subscriptions)
        }
    }
}

/// Executes `command` with `input` at virtual time `time`, recording the returned signal.
@discardableResult
private func execute(
    _ command: Command<Int, Int>, _ input: Int, at time: Double, _ scheduler: TestScheduler
) -> Recorder<Int> {
    let recorder = Recorder<Int>(clock: scheduler)
    scheduler.schedule(after: time - scheduler.now) { recorder.subscribe(to: command.execute(input)) }
    return recorder
}

private let notEnabled = "\(CommandError.notEnabled)"

@Suite struct CommandTests {
    // MARK: Defaults

    @Test("enabled is true by default (RACCommandSpec)")
    func enabledByDefault() {
        let scheduler = TestScheduler()
        let command = makeCommand(scheduler)
        let enabled = record(command.enabled, scheduler)
        scheduler.stepAll()
        #expect(enabled.events == [.next(true, at: 0)])
        #expect(command.allowsConcurrentExecution == false)
    }

    @Test("executing is false by default (RACCommandSpec)")
    func notExecutingByDefault() {
        let scheduler = TestScheduler()
        let command = makeCommand(scheduler)
        let executing = record(command.executing, scheduler)
        scheduler.stepAll()
        #expect(executing.events == [.next(false, at: 0)])
    }

    // MARK: Executing

    @Test("executionSignals sends each execution's signal, on the command's scheduler after execute returns")
    func createsAnExecutionSignal() {
        let scheduler = TestScheduler()
        let command = makeCommand(scheduler)
        let log = DeliveryLog()
        let inner = Recorder<Int>("inner", clock: scheduler, log: log)
        scheduler.perform {
            command.executionSignals.subscribe(next: { signal in
                log.append("executionSignal @\(scheduler.now) on the scheduler: \(Scheduler.current === scheduler)")
                inner.subscribe(to: signal)
            })
        }
        scheduler.schedule(after: 5) {
            command.execute(7)
            log.append("execute returned @\(scheduler.now)")
        }
        scheduler.stepAll()
        #expect(log.lines == [
            "execute returned @5.0",
            "executionSignal @5.0 on the scheduler: true",
            "inner: next(7) @15.0",
            "inner: completed @25.0",
        ])
    }

    @Test("execute(_:) returns the execution's signal, replayed: subscribed once, late subscribers get it all")
    func returnsTheExecutionSignal() {
        let scheduler = TestScheduler()
        let subscriptions = Counter()
        let command = makeCommand(scheduler, subscriptions: subscriptions)
        let early = Recorder<Int>(clock: scheduler)
        let late = Recorder<Int>(clock: scheduler)
        let signal = Locked<Signal<Int>?>(nil)
        scheduler.schedule(after: 5) {
            let result = command.execute(7)
            signal.withLock { $0 = result }
            early.subscribe(to: result)
            #expect(subscriptions.value == 0)  // subscribed on the scheduler, after execute returns
        }
        scheduler.schedule(after: 30) {
            if let result = signal.withLock({ $0 }) { late.subscribe(to: result) }
        }
        scheduler.stepAll()
        #expect(early.events == [.next(7, at: 15), .completed(at: 25)])
        #expect(late.events == [.next(7, at: 30), .completed(at: 30)])
        #expect(subscriptions.value == 1)
    }

    @Test("each execute(_:) runs the signal block once, with its input (RACCommandSpec)")
    func invokesTheSignalBlockOncePerExecution() {
        let scheduler = TestScheduler()
        let inputs = Locked<[String]>([])
        let command = scheduler.perform {
            Command<String, String>(scheduler: scheduler) { input in
                inputs.withLock { $0.append(input) }
                return .empty()
            }
        }
        scheduler.schedule(after: 1) { command.execute("foo") }
        scheduler.schedule(after: 2) { command.execute("bar") }
        scheduler.advance(to: 1)
        #expect(inputs.withLock { $0 } == ["foo"])
        scheduler.stepAll()
        #expect(inputs.withLock { $0 } == ["foo", "bar"])
    }

    @Test("executionSignals sends the executions in the order they began (RACCommandSpec)")
    func sendsExecutionSignalsInOrder() {
        let scheduler = TestScheduler()
        let command = scheduler.perform {
            Command<[String], String>(scheduler: scheduler) { words in
                Signal<String>.create { subscriber in
                    for word in words { subscriber.sendNext(word) }
                    subscriber.sendCompleted()
                    return nil
                }
            }
        }
        let values = record(command.executionSignals.concat(), scheduler)
        scheduler.schedule(after: 1) { command.execute(["foo", "bar"]) }
        scheduler.schedule(after: 2) { command.execute(["buzz", "baz"]) }
        scheduler.stepAll()
        #expect(values.events == [
            .next("foo", at: 1), .next("bar", at: 1), .next("buzz", at: 2), .next("baz", at: 2),
        ])
    }

    // MARK: executing

    @Test("executing sends false, then true, then false (RACCommandSpec)")
    func executingSendsFalseTrueFalse() {
        let scheduler = TestScheduler()
        let command = makeCommand(scheduler)
        let executing = record(command.executing, scheduler)
        execute(command, 7, at: 5, scheduler)
        scheduler.stepAll()
        #expect(executing.events == [.next(false, at: 0), .next(true, at: 5), .next(false, at: 25)])
    }

    @Test("executing changes on the scheduler, before the execution's signal is subscribed")
    func executingChangesBeforeTheExecutionStarts() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        let command = scheduler.perform {
            Command<Int, Int>(scheduler: scheduler) { _ in
                Signal<Int>.create { subscriber in
                    log.append("didSubscribe")
                    subscriber.sendCompleted()
                    return nil
                }
            }
        }
        let executing = Recorder<Bool>("executing", clock: scheduler, log: log)
        scheduler.perform { executing.subscribe(to: command.executing.skip(1)) }
        scheduler.schedule(after: 5) {
            command.execute(0)
            log.append("execute returned")
        }
        scheduler.stepAll()
        #expect(log.lines == [
            "execute returned", "executing: next(true) @5.0", "didSubscribe", "executing: next(false) @5.0",
        ])
    }

    @Test("executing stays true until every execution has completed or failed (RACCommandSpec)")
    func executingWaitsForAllExecutions() {
        let scheduler = TestScheduler()
        let first = Subject<Int>(), second = Subject<Int>()
        let command = scheduler.perform {
            Command<Int, Int>(scheduler: scheduler) { input in input == 1 ? first : second }
        }
        scheduler.perform { command.allowsConcurrentExecution = true }
        let executing = record(command.executing, scheduler)
        execute(command, 1, at: 1, scheduler)
        execute(command, 2, at: 2, scheduler)
        scheduler.schedule(after: 3) { first.sendError(boom) }
        scheduler.schedule(after: 4) { second.sendNext(1) }
        scheduler.schedule(after: 5) { second.sendCompleted() }
        scheduler.stepAll()
        #expect(executing.events == [.next(false, at: 0), .next(true, at: 1), .next(false, at: 5)])
    }

    // MARK: Errors

    @Test("an execution's error reaches execute(_:)'s signal and errors, not executionSignals (RACCommandSpec)")
    func errorsGoToErrorsNotExecutionSignals() {
        let scheduler = TestScheduler()
        let command = makeCommand(scheduler, [(5, .next(0)), (10, .error(boom))])
        let flattened = record(command.executionSignals.flatten(), scheduler)
        let errors = record(errorsOf: command, scheduler)
        let executing = record(command.executing, scheduler)
        let result = execute(command, 1, at: 5, scheduler)
        scheduler.stepAll()
        #expect(flattened.events == [.next(1, at: 10)])
        #expect(result.events == [.next(1, at: 10), .error("boom", at: 15)])
        #expect(errors.events == [.next("boom", at: 15)])
        #expect(executing.events == [.next(false, at: 0), .next(true, at: 5), .next(false, at: 15)])
    }

    @Test("errors sends the errors of executions begun before it was subscribed (RACCommandSpec)")
    func errorsIncludeEarlierExecutions() {
        let scheduler = TestScheduler()
        let first = Subject<Int>(), second = Subject<Int>()
        let command = scheduler.perform {
            Command<Int, Int>(scheduler: scheduler) { input in input == 1 ? first : second }
        }
        scheduler.perform { command.allowsConcurrentExecution = true }
        execute(command, 1, at: 1, scheduler)
        execute(command, 2, at: 2, scheduler)
        scheduler.advance(to: 3)
        let errors = record(errorsOf: command, scheduler)
        scheduler.schedule(after: 1) { first.sendError(TestError("first")) }
        scheduler.schedule(after: 2) { second.sendError(TestError("second")) }
        scheduler.stepAll()
        #expect(errors.events == [.next("first", at: 4), .next("second", at: 5)])
    }

    @Test("errors sends nothing for values and completions (RACCommandSpec)")
    func errorsIgnoresOtherEvents() {
        let scheduler = TestScheduler()
        let command = makeCommand(scheduler)
        let errors = record(errorsOf: command, scheduler)
        let result = execute(command, 1, at: 1, scheduler)
        scheduler.stepAll()
        #expect(result.events == [.next(1, at: 11), .completed(at: 21)])
        #expect(errors.events == [])
    }

    // MARK: enabled

    @Test("enabled sends false while executing and concurrent execution is not allowed (RACCommandSpec)")
    func enabledIsFalseWhileExecuting() {
        let scheduler = TestScheduler()
        let command = makeCommand(scheduler)
        let enabled = record(command.enabled, scheduler)
        execute(command, 7, at: 5, scheduler)
        scheduler.stepAll()
        #expect(enabled.events == [.next(true, at: 0), .next(false, at: 5), .next(true, at: 25)])
    }

    @Test("enabled stays true while executing when concurrent execution is allowed (RACCommandSpec)")
    func enabledStaysTrueWhenConcurrentExecutionIsAllowed() {
        let scheduler = TestScheduler()
        let command = makeCommand(scheduler)
        scheduler.perform { command.allowsConcurrentExecution = true }
        let enabled = record(command.enabled, scheduler)
        let executing = record(command.executing, scheduler)
        execute(command, 7, at: 5, scheduler)
        scheduler.stepAll()
        #expect(enabled.events == [.next(true, at: 0)])
        #expect(executing.events == [.next(false, at: 0), .next(true, at: 5), .next(false, at: 25)])
    }

    @Test("allowing concurrent execution during an execution enables the command")
    func allowingConcurrentExecutionEnables() {
        let scheduler = TestScheduler()
        let command = makeCommand(scheduler)
        let enabled = record(command.enabled, scheduler)
        execute(command, 7, at: 5, scheduler)
        scheduler.schedule(after: 10) { command.allowsConcurrentExecution = true }
        scheduler.stepAll()
        #expect(command.allowsConcurrentExecution)
        #expect(enabled.events == [.next(true, at: 0), .next(false, at: 5), .next(true, at: 10)])
    }

    @Test("enabled sends what the enabled signal sent most recently, on the scheduler (RACCommandSpec)")
    func enabledFollowsTheEnabledSignal() {
        let scheduler = TestScheduler()
        let enabledSubject = Subject<Bool>()
        let command = makeCommand(scheduler, enabled: enabledSubject)
        let log = DeliveryLog()
        let enabled = Recorder<Bool>("enabled", clock: scheduler, log: log)
        scheduler.perform { enabled.subscribe(to: command.enabled) }
        scheduler.schedule(after: 1) {
            enabledSubject.sendNext(false)
            log.append("sent false")
        }
        scheduler.schedule(after: 2) { enabledSubject.sendNext(true) }
        scheduler.schedule(after: 3) { enabledSubject.sendNext(false) }
        scheduler.stepAll()
        #expect(log.lines == [
            "enabled: next(true) @0.0", "sent false", "enabled: next(false) @1.0",
            "enabled: next(true) @2.0", "enabled: next(false) @3.0",
        ])
    }

    @Test("enabled samples the enabled signal synchronously at creation (RACCommandSpec)")
    func enabledSamplesAtCreation() {
        let scheduler = TestScheduler()
        let blockRuns = Counter()
        let command = makeCommand(scheduler, enabled: .return(false), blockRuns: blockRuns)
        let enabled = record(command.enabled, scheduler)
        #expect(enabled.events == [.next(false, at: 0)])
        let result = execute(command, 1, at: 1, scheduler)
        scheduler.stepAll()
        #expect(result.events == [.error(notEnabled, at: 1)])
        #expect(blockRuns.value == 0)
    }

    @Test("execute(_:) fails with CommandError.notEnabled when disabled, without running the block (RACCommandSpec)")
    func doesNotExecuteWhenDisabled() {
        let scheduler = TestScheduler()
        let enabledSubject = Subject<Bool>()
        let blockRuns = Counter(), subscriptions = Counter()
        let command = makeCommand(scheduler, enabled: enabledSubject, blockRuns: blockRuns, subscriptions: subscriptions)
        let executing = record(command.executing, scheduler)
        let failure = Locked<(any Error)?>(nil)
        scheduler.schedule(after: 5) { enabledSubject.sendNext(false) }
        scheduler.schedule(after: 10) {
            command.execute(1).subscribe(error: { error in failure.withLock { $0 = error } })
        }
        scheduler.advance(to: 10)
        #expect(failure.withLock { $0 } as? CommandError == .notEnabled)
        // As RAC gives it (RACCommandSpec): RACCommandErrorDomain, RACCommandErrorNotEnabled, and the command under
        // RACUnderlyingCommandErrorKey, so code matching on the domain and the code works.
        let refusal = failure.withLock { $0 }.map { $0 as NSError }
        #expect(refusal?.domain == "RACCommandErrorDomain")
        #expect(refusal?.code == 1)
        #expect(refusal?.localizedDescription == "The command is disabled and cannot be executed")
        #expect((refusal?.userInfo["RACUnderlyingCommandErrorKey"] as AnyObject?) === command)
        #expect((failure.withLock { $0 } as? CommandError)?.command === command)
        #expect(blockRuns.value == 0)
        #expect(subscriptions.value == 0)

        scheduler.schedule(after: 5) { enabledSubject.sendNext(true) }
        let result = execute(command, 2, at: 20, scheduler)
        scheduler.stepAll()
        #expect(result.events == [.next(2, at: 30), .completed(at: 40)])
        #expect(blockRuns.value == 1)
        #expect(subscriptions.value == 1)
        #expect(executing.events == [.next(false, at: 0), .next(true, at: 20), .next(false, at: 40)])
    }

    @Test("execute(_:) while executing fails unless concurrent execution is allowed (RACCommandSpec)",
          arguments: [false, true])
    func doesNotExecuteConcurrentlyUnlessAllowed(allowed: Bool) {
        let scheduler = TestScheduler()
        let blockRuns = Counter(), subscriptions = Counter()
        let command = makeCommand(scheduler, blockRuns: blockRuns, subscriptions: subscriptions)
        scheduler.perform { command.allowsConcurrentExecution = allowed }
        let executing = record(command.executing, scheduler)
        let first = execute(command, 1, at: 5, scheduler)
        let second = execute(command, 2, at: 10, scheduler)
        scheduler.stepAll()
        #expect(first.events == [.next(1, at: 15), .completed(at: 25)])
        if allowed {
            #expect(second.events == [.next(2, at: 20), .completed(at: 30)])
            #expect(executing.events == [.next(false, at: 0), .next(true, at: 5), .next(false, at: 30)])
        } else {
            #expect(second.events == [.error(notEnabled, at: 10)])
            #expect(executing.events == [.next(false, at: 0), .next(true, at: 5), .next(false, at: 25)])
        }
        #expect(blockRuns.value == (allowed ? 2 : 1))
        #expect(subscriptions.value == (allowed ? 2 : 1))
    }

    @Test("a button tapped during an execution gets the not-enabled error; the signal block runs once")
    func buttonTappedWhileExecuting() {
        let scheduler = TestScheduler()
        let blockRuns = Counter(), subscriptions = Counter()
        let command = makeCommand(scheduler, [(10, .next(0)), (20, .completed)], blockRuns: blockRuns, subscriptions: subscriptions)
        let log = DeliveryLog()
        let executions = Counter()
        scheduler.perform { command.executionSignals.subscribe(next: { _ in executions.increment() }) }
        let button = Subject<Int>()
        scheduler.perform {
            button.subscribe(next: { tap in
                command.execute(tap).subscribe(
                    next: { log.append("tap \(tap): next(\($0)) @\(scheduler.now)") },
                    error: { log.append("tap \(tap): error(\($0)) @\(scheduler.now)") },
                    completed: { log.append("tap \(tap): completed @\(scheduler.now)") })
            })
        }
        scheduler.schedule(after: 5) { button.sendNext(1) }
        scheduler.schedule(after: 10) { button.sendNext(2) }  // while the first tap's execution runs
        scheduler.stepAll()
        #expect(log.lines == [
            "tap 2: error(\(notEnabled)) @10.0", "tap 1: next(1) @15.0", "tap 1: completed @25.0",
        ])
        #expect(blockRuns.value == 1)
        #expect(subscriptions.value == 1)
        #expect(executions.value == 1)
    }

    // MARK: Release

    @Test("the command's signals complete on the scheduler when it is released (RACCommandSpec)")
    func completesWhenReleased() {
        let scheduler = TestScheduler()
        weak var released: Command<Int, Int>?
        let executionSignals = Recorder<Int>(clock: scheduler)
        let executing: Recorder<Bool>
        let enabled: Recorder<Bool>
        let errors: Recorder<String>
        do {
            let enabledSubject = Subject<Bool>()  // never completes, as in RACCommandSpec
            let command = makeCommand(scheduler, enabled: enabledSubject)
            released = command
            scheduler.perform { executionSignals.subscribe(to: command.executionSignals.map { _ in 0 }) }
            executing = record(command.executing, scheduler)
            enabled = record(command.enabled, scheduler)
            errors = record(errorsOf: command, scheduler)
            scheduler.stepAll()
        }
        #expect(released == nil)
        #expect(executing.events == [.next(false, at: 0)])
        scheduler.stepAll()
        #expect(executionSignals.events == [.completed(at: 0)])
        #expect(executing.events == [.next(false, at: 0), .completed(at: 0)])
        #expect(enabled.events == [.next(true, at: 0), .completed(at: 0)])
        #expect(errors.events == [.completed(at: 0)])
    }
}
