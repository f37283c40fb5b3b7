import Reactive
import Synchronization
import Testing
import TestSupport

// Issue 30: a run that proves a suggested fix for Swift code makes the change at the call where
// it goes (CodeRewrite): where the code named the signal or a labelled subscriber subscribed, and only there.

/// How many times a cold signal ran.
private final class Runs: Sendable {
    let count = Atomic(0)
}

@Suite("Rewrites at calls in the code, for runs that prove a fix")
struct CodeRewriteTests {
    /// A cold signal counting its runs, named `name` at the caller's line, and two subscriptions to it.
    private static func subscribeTwice(_ runs: Runs, line: Int = #line) -> Signal<Int> {
        let signal = Signal<Int>.create { subscriber in
            runs.count.add(1, ordering: .relaxed)
            subscriber.sendNext(1)
            return nil
        }.named("fetchUser", fileID: "ReactiveTests/CodeRewriteTests.swift", line: line)
        signal.subscribe(label: "a")
        signal.subscribe(label: "b")
        return signal
    }

    @Test("replayLazily at the named call shares one run among the subscribers; the same name elsewhere is left")
    func sharedAtTheCall() {
        for (rewriteLine, expectedRuns, made) in [(40, 1, 1), (41, 2, 0)] {
            let runs = Runs()
            let rewrites = CodeRewrites([
                CodeRewrite(.naming("fetchUser"), fileID: "ReactiveTests/CodeRewriteTests.swift", line: rewriteLine, change: .replayLazily)
            ])
            let scheduler = TestScheduler()
            Instrumentation.withInstrument(RecordedInstrumentation(), clock: scheduler, rewriting: rewrites) {
                scheduler.perform { _ = Self.subscribeTwice(runs, line: 40) }
            }
            #expect(runs.count.load(ordering: .relaxed) == expectedRuns, "rewrite at line \(rewriteLine)")
            #expect(rewrites.madeCount == made)
        }
    }

    @Test("a subject named at the call becomes a replay subject of the capacity, so that a late subscriber gets the last value")
    func replaySubjectInPlace() {
        let rewrites = CodeRewrites([
            CodeRewrite(.naming("query"), fileID: "ReactiveTests/CodeRewriteTests.swift", line: 7, change: .replaySubject(capacity: 1))
        ])
        let received = Mutex<[String]>([])
        let instrument = RecordedInstrumentation()
        let scheduler = TestScheduler()
        Instrumentation.withInstrument(instrument, clock: scheduler, rewriting: rewrites) { scheduler.perform {
            let query = Subject<String>().named("query", fileID: "ReactiveTests/CodeRewriteTests.swift", line: 7)
            #expect(query is ReplaySubject<String>)
            query.sendNext("a")
            query.sendNext("b")
            query.subscribe(label: "late", next: { value in received.withLock { $0.append(value) } })
        } }
        #expect(received.withLock { $0 } == ["b"])
        #expect(rewrites.madeCount == 1)
        // The replay subject carries the name; the subject the code made is left unnamed.
        let named = instrument.kinds.compactMap { kind -> Int? in
            if case .signalNamed(let signal, "query") = kind { return signal }
            return nil
        }
        #expect(named == [1])
    }

    @Test("an unlimited replay subject named at the call becomes one of the capacity")
    func replaySubjectGetsCapacity() {
        let rewrites = CodeRewrites([
            CodeRewrite(.naming("currentUser"), fileID: "ReactiveTests/CodeRewriteTests.swift", line: 8, change: .replaySubject(capacity: 1))
        ])
        let replayed = Mutex<[String]>([])
        let scheduler = TestScheduler()
        Instrumentation.withInstrument(RecordedInstrumentation(), clock: scheduler, rewriting: rewrites) { scheduler.perform {
            let users = ReplaySubject<String>().named("currentUser", fileID: "ReactiveTests/CodeRewriteTests.swift", line: 8)
            for user in ["ann", "bo", "cy"] { users.sendNext(user) }
            users.subscribe(label: "late", next: { value in replayed.withLock { $0.append(value) } })
        } }
        #expect(replayed.withLock { $0 } == ["cy"])
        #expect(rewrites.madeCount == 1)
    }

    @Test("sharing is made only for a cold signal create made: for a subject nothing is made, not even a connection")
    func sharingOnlyForCold() {
        let rewrites = CodeRewrites([
            CodeRewrite(.naming("notes"), fileID: "ReactiveTests/CodeRewriteTests.swift", line: 5, change: .replayLazily)
        ])
        let instrument = RecordedInstrumentation()
        Instrumentation.withInstrument(instrument, clock: nil, rewriting: rewrites) {
            let notes = Subject<Int>().named("notes", fileID: "ReactiveTests/CodeRewriteTests.swift", line: 5)
            #expect(type(of: notes) == Subject<Int>.self)
        }
        #expect(rewrites.madeCount == 0)
        #expect(instrument.kinds.count { if case .signalCreated = $0 { true } else { false } } == 1)
    }

    @Test("a change that does not fit the signal named there is not made: a behavior subject stays one")
    func unfitChangeIsNotMade() {
        let rewrites = CodeRewrites([
            CodeRewrite(.naming("state"), fileID: "ReactiveTests/CodeRewriteTests.swift", line: 9, change: .replaySubject(capacity: 1))
        ])
        Instrumentation.withInstrument(RecordedInstrumentation(), clock: nil, rewriting: rewrites) {
            let state = BehaviorSubject(0).named("state", fileID: "ReactiveTests/CodeRewriteTests.swift", line: 9)
            #expect(type(of: state) == BehaviorSubject<Int>.self)
        }
        #expect(rewrites.madeCount == 0)
    }

    @Test("a labelled subscription at the call subscribes delivered on main; another label at the same line is left")
    func deliveredOnMain() {
        let scheduler = TestScheduler()
        let main = scheduler.named("main"), background = scheduler.named("background")
        let rewrites = CodeRewrites([
            CodeRewrite(.subscribing(label: "Table"), fileID: "ReactiveTests/CodeRewriteTests.swift", line: 12, change: .deliverOnMain)
        ], main: main)
        let on = Mutex<[String: String]>([:])
        Instrumentation.withInstrument(RecordedInstrumentation(), clock: scheduler, rewriting: rewrites) { scheduler.perform {
            let tweets = Signal<Int>.return(1).subscribe(on: background)
            for label in ["Table", "Log"] {
                tweets.subscribe(
                    label: label, next: { _ in on.withLock { $0[label] = Scheduler.current?.name } },
                    fileID: "ReactiveTests/CodeRewriteTests.swift", line: 12)
            }
            scheduler.stepAll()
        } }
        #expect(on.withLock { $0 } == ["Table": "main", "Log": "background"])
        #expect(rewrites.madeCount == 1)
    }

    @Test("a labelled subscription with an owner at the call ends when the owner does; without an owner nothing is made")
    func endedWithOwner() {
        let scheduler = TestScheduler()
        let rewrites = CodeRewrites([
            CodeRewrite(.subscribing(label: "Screen"), fileID: "ReactiveTests/CodeRewriteTests.swift", line: 20, change: .takeUntilOwner)
        ])
        let received = Mutex<[String]>([])
        Instrumentation.withInstrument(RecordedInstrumentation(), clock: scheduler, rewriting: rewrites) { scheduler.perform {
            let notes = Subject<String>(), screenGone = ReplaySubject<Void>()
            notes.subscribe(
                label: "Screen", owner: screenGone, next: { value in received.withLock { $0.append("Screen \(value)") } },
                fileID: "ReactiveTests/CodeRewriteTests.swift", line: 20)
            notes.subscribe(
                label: "Screen", next: { value in received.withLock { $0.append("unowned \(value)") } },
                fileID: "ReactiveTests/CodeRewriteTests.swift", line: 20)
            notes.sendNext("before")
            screenGone.sendCompleted()
            notes.sendNext("after")
        } }
        #expect(received.withLock { $0 } == ["Screen before", "unowned before", "unowned after"])
        #expect(rewrites.madeCount == 1)
    }

    @Test("outside the installation nothing is rewritten, even a signal it observes")
    func onlyWhileInstalled() {
        let rewrites = CodeRewrites([
            CodeRewrite(.naming("late"), fileID: "ReactiveTests/CodeRewriteTests.swift", line: 3, change: .replayLazily)
        ])
        let signal = Instrumentation.withInstrument(RecordedInstrumentation(), clock: nil, rewriting: rewrites) { Signal<Int>.never() }
        let named = signal.named("late", fileID: "ReactiveTests/CodeRewriteTests.swift", line: 3)
        #expect(named === signal)
        #expect(rewrites.madeCount == 0)
    }
}
