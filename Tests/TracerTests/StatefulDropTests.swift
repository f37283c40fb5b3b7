import Reactive
import Testing
import Tracer

/// The stateful operators (`throttle`, `bufferWithTime`, `sample`, `takeLast`) report every value
/// they leave out, once, on the subscription that received it, caused by what made them leave it
/// out; a value they send is never reported dropped.
@Suite struct StatefulDropTests {
    /// What a run did: the drops, as "value@time <- cause", and the values the labelled subscriber got.
    private struct Run {
        var drops: [String] = []
        var received: [String] = []
    }

    /// Runs `operate` over a subject named "input" sent `script` (a time, then a value, or nil to
    /// fail), with a subject named "ticks" sending "t" for operators that need a second signal, and
    /// reads back the drops, each checked to be on the operator's subscription to the signal that sent it.
    private func run(
        _ script: [(Double, String?)], ticks: [Double] = [], completeAt end: Double? = nil,
        ticksCompleteAt ticksEnd: Double? = nil,
        _ operate: @escaping @Sendable (Signal<String>, Signal<String>, TestScheduler) -> Signal<String>
    ) throws -> Run {
        let scheduler = TestScheduler()
        let trace = Trace.record(clock: scheduler) {
            let input = Subject<String>().named("input")
            let tick = Subject<String>().named("ticks")
            let result = operate(input, tick, scheduler).named("result")
            scheduler.perform { result.subscribe(label: "R") }
            for (time, value) in script {
                scheduler.schedule(after: time) {
                    if let value { input.sendNext(value) } else { input.sendError(ScriptError()) }
                }
            }
            for time in ticks { scheduler.schedule(after: time) { tick.sendNext("t") } }
            if let end { scheduler.schedule(after: end) { input.sendCompleted() } }
            if let ticksEnd { scheduler.schedule(after: ticksEnd) { tick.sendCompleted() } }
            scheduler.stepAll()
        }
        try trace.validate()
        var run = Run()
        for event in trace.events {
            switch event.kind {
            case .drop(let subscription, let value):
                // On the operator's subscription to the signal that sent it.
                let from = trace.signals[trace.subscriptions[subscription].signal].name
                #expect(from == (value == "t" ? "ticks" : "input"))
                let cause = try #require(event.cause, "the drop of \(value) names its cause")
                run.drops.append("\(value)@\(event.time) <- \(describe(trace.events[cause].kind))")
            case .next(let subscription, let value, _) where trace.subscriptions[subscription].label == "R":
                run.received.append("\(value)@\(event.time)")
            default: break
            }
        }
        return run
    }

    private struct ScriptError: Error {}

    /// A cause, in short: `next "c"`, `error`, `completed`.
    private func describe(_ kind: TraceEvent.Kind) -> String {
        switch kind {
        case .next(_, let value, _): "next \"\(value)\""
        case .error: "error"
        case .completed: "completed"
        default: "\(kind)"
        }
    }

    @Test("throttle: an error drops the value held, caused by the error's delivery; the flush later sends nothing")
    func throttleError() throws {
        let run = try run([(1, "a"), (1.2, nil)]) { input, _, _ in input.throttle(0.5) }
        #expect(run.drops == ["a@1.2 <- error"])
        #expect(run.received.isEmpty)
    }

    @Test("bufferWithTime: the flush sends what was buffered; an error drops what is still buffered")
    func bufferWithTimeError() throws {
        let run = try run([(1, "a"), (1.2, "b"), (2, "c"), (2.1, "d"), (2.2, nil)]) { input, _, scheduler in
            input.bufferWithTime(0.5, on: scheduler).map { $0.joined(separator: "+") }
        }
        #expect(run.received == ["a+b@1.5"])
        #expect(run.drops == ["c@2.2 <- error", "d@2.2 <- error"])
    }

    @Test("sample: a value replaced before a tick sent it is dropped by its replacement; one a tick sent is not")
    func sampleReplaced() throws {
        let run = try run([(1, "a"), (2, "b"), (3, "c"), (5, "d")], ticks: [2.5, 4], completeAt: 6) { input, ticks, _ in
            input.sample(ticks)
        }
        // "a" replaced by "b" unsent; "b" sent at 2.5 then replaced by "c": not dropped; "c" sent at 4;
        // "d" never sent before the end.
        #expect(run.received == ["b@2.5", "c@4.0"])
        #expect(run.drops == [#"a@2.0 <- next "b""#, "d@6.0 <- completed"])
    }

    @Test("sample: the value no tick sent is dropped when the sampler completes, on the receiver's subscription")
    func sampleEndedBySampler() throws {
        let scheduler = TestScheduler()
        let trace = Trace.record(clock: scheduler) {
            let input = Subject<String>().named("input")
            let ticks = Subject<String>().named("ticks")
            let result = input.sample(ticks).named("result")
            scheduler.perform { result.subscribe(label: "R") }
            scheduler.schedule(after: 1) { input.sendNext("a") }
            scheduler.schedule(after: 2) { ticks.sendCompleted() }
            scheduler.stepAll()
        }
        try trace.validate()
        let drops = trace.events.enumerated().filter { if case .drop = $0.element.kind { true } else { false } }
        try #require(drops.count == 1)
        guard case .drop(let subscription, "a") = drops[0].element.kind else { Issue.record("not a drop of a"); return }
        #expect(trace.signals[trace.subscriptions[subscription].signal].name == "input")
        let cause = try #require(drops[0].element.cause)
        guard case .completed(let completed, _) = trace.events[cause].kind else { Issue.record("caused by \(trace.events[cause])"); return }
        #expect(trace.signals[trace.subscriptions[completed].signal].name == "ticks")
    }

    @Test("takeLast: each value pushed out by a newer one is dropped by it; the last ones are sent at completion")
    func takeLastPushedOut() throws {
        let run = try run([(1, "a"), (2, "b"), (3, "c")], completeAt: 4) { input, _, _ in input.takeLast(2) }
        #expect(run.received == ["b@4.0", "c@4.0"])
        #expect(run.drops == [#"a@3.0 <- next "c""#])
    }

    @Test("takeLast(0) drops every value at once; an error drops the values kept")
    func takeLastNoneAndError() throws {
        let none = try run([(1, "a"), (2, "b")], completeAt: 3) { input, _, _ in input.takeLast(0) }
        #expect(none.received.isEmpty)
        #expect(none.drops == [#"a@1.0 <- next "a""#, #"b@2.0 <- next "b""#])
        let failed = try run([(1, "a"), (2, "b"), (2.5, nil)]) { input, _, _ in input.takeLast(5) }
        #expect(failed.received.isEmpty)
        #expect(failed.drops == ["a@2.5 <- error", "b@2.5 <- error"])
    }

    @Test("delay: an error drops the values still on their way; the ones already sent are not")
    func delayError() throws {
        let run = try run([(1, "a"), (1.8, "b"), (1.9, "c"), (2.2, nil)]) { input, _, _ in input.delay(1) }
        #expect(run.received == ["a@2.0"])
        #expect(run.drops == ["b@2.2 <- error", "c@2.2 <- error"])
    }

    @Test("an operator on a channel terminal reports its drops: a subscription to a terminal is one to the subject it reads")
    func terminalDrops() throws {
        let scheduler = TestScheduler()
        let trace = Trace.record(clock: scheduler) {
            let channel = Channel<String>()
            let kept = channel.leadingTerminal.filter { $0 != "x" }.named("kept")
            scheduler.perform { kept.subscribe(label: "K") }
            channel.followingTerminal.sendNext("x")
            channel.followingTerminal.sendNext("y")
        }
        try trace.validate()
        let drops = trace.events.compactMap { event -> String? in
            if case .drop(_, let value) = event.kind { return value }
            return nil
        }
        #expect(drops == ["x"])
    }

    @Test("aggregate folds its values into its result: nothing is reported dropped")
    func aggregateFolds() throws {
        let run = try run([(1, "a"), (2, "b")], completeAt: 3) { input, _, _ in
            input.aggregate(start: "") { $0 + $1 }
        }
        #expect(run.received == ["ab@3.0"])
        #expect(run.drops.isEmpty)
    }

    @Test("combineLatest: a value replaced before it was in a pair sent is dropped by its replacement; one paired is not")
    func combineLatestReplaced() throws {
        let run = try run([(1, "a"), (2, "b"), (4, "c"), (5, "d")], ticks: [3], completeAt: 6, ticksCompleteAt: 7) {
            input, ticks, _ in input.combineLatest(with: ticks).map { $0 + $1 }
        }
        // "a" never met a tick; "b" went out with the tick at 3, "c" and "d" with it after.
        #expect(run.received == ["bt@3.0", "ct@4.0", "dt@5.0"])
        #expect(run.drops == [#"a@2.0 <- next "b""#])
    }

    @Test("combineLatest: at the end, the latest value of a side never paired (the other sent nothing) is dropped")
    func combineLatestNeverPaired() throws {
        let run = try run([(1, "a"), (2, "b")], completeAt: 3, ticksCompleteAt: 4) { input, ticks, _ in
            input.combineLatest(with: ticks).map { $0 + $1 }
        }
        #expect(run.received.isEmpty)
        #expect(run.drops == [#"a@2.0 <- next "b""#, "b@4.0 <- completed"])
    }

    @Test("zip: the values still waiting for a partner when it completes are dropped, on their own side")
    func zipLeftOver() throws {
        let run = try run([(1, "a"), (2, "b"), (3, "c")], ticks: [1.5], completeAt: 5, ticksCompleteAt: 4) {
            input, ticks, _ in input.zip(with: ticks).map { $0 + $1 }
        }
        // "a" pairs with the tick; the ticks complete at 4 with none waiting: "b" and "c" never will.
        #expect(run.received == ["at@1.5"])
        #expect(run.drops == ["b@4.0 <- completed", "c@4.0 <- completed"])
    }

    @Test("zip: an error drops the values waiting on both sides")
    func zipError() throws {
        let run = try run([(1, "a"), (2, nil)], ticks: [0.5, 0.7, 0.9]) { input, ticks, _ in
            input.zip(with: ticks).map { $0 + $1 }
        }
        #expect(run.received == ["at@1.0"])
        #expect(run.drops == ["t@2.0 <- error", "t@2.0 <- error"])
    }

    @Test("concat: a signal queued behind a running one is subscribed, when its turn comes, as part of the delivery that brought it")
    func concatQueuedCause() throws {
        let scheduler = TestScheduler()
        let trace = Trace.record(clock: scheduler) {
            let first = Subject<String>().named("first")
            let second = Signal<String>.return("x").named("second")
            let signals = Subject<Signal<String>>().named("signals")
            let all = signals.concat().named("all")
            scheduler.perform { all.subscribe(label: "A") }
            scheduler.schedule(after: 1) { signals.sendNext(first) }
            scheduler.schedule(after: 2) { signals.sendNext(second) }
            scheduler.schedule(after: 3) { first.sendCompleted() }
            scheduler.stepAll()
        }
        try trace.validate()
        let subscribed = try #require(trace.events.firstIndex { event in
            guard case .subscribe(let subscription) = event.kind else { return false }
            return trace.signals[trace.subscriptions[subscription].signal].name == "second"
        })
        #expect(trace.events[subscribed].time == 3)
        let cause = try #require(trace.events[subscribed].cause)
        guard case .next(let subscription, _, _) = trace.events[cause].kind else {
            Issue.record("caused by \(trace.events[cause].kind)")
            return
        }
        #expect(trace.signals[trace.subscriptions[subscription].signal].name == "signals")
        #expect(trace.events[cause].time == 2)
    }
}
