import Reactive
@testable import SigvizTesting
import Testing
import Tracer

@Suite("The marble-testing kit: inputs from marbles, a recorded run, expectations with a diff")
struct MarbleTestTests {
    @Test("a cold input runs again for each subscription, timed from it; a late subscriber is compared from frame 0")
    func coldPerSubscription() throws {
        let test = MarbleTest()
        let run = try test.run {
            let request = try test.cold("--a|", values: ["a": "user"])
            request.subscribe(label: "first")
            test.scheduler.schedule(after: 1) { request.subscribe(label: "second") }
            return request
        }
        run.expect("first", toReceive: "--a|", values: ["a": "user"])
        run.expect("second", toReceive: "---a|", values: ["a": "user"])
        // Each subscription ran the request's didSubscribe.
        #expect(run.trace.events.count { if case .didSubscribe = $0.kind { true } else { false } } == 2)
    }

    @Test("shared with replayLazily, the late subscriber is replayed the value when it subscribes (the README's example)")
    func replayLazily() throws {
        let test = MarbleTest()
        let run = try test.run {
            let request = try test.cold("--a|", values: ["a": "user"]).replayLazily()
            request.subscribe(label: "first")
            test.scheduler.schedule(after: 3) { request.subscribe(label: "second") }
            return request
        }
        run.expect("first", toReceive: "--a|", values: ["a": "user"])
        run.expect("second", toReceive: "---(a|)", values: ["a": "user"])
        // The request's own didSubscribe (the cold signal's, not replayLazily's) ran once.
        let requestRuns = run.trace.events.count { event in
            guard case .didSubscribe(let subscription) = event.kind else { return false }
            return run.trace.signals[run.trace.subscriptions[subscription].signal].kind == .cold
        }
        #expect(requestRuns == 1)
    }

    @Test("a hot input sends from the run's start whoever listens: ^ is frame 0, what comes before it is not sent")
    func hotFromTheStart() throws {
        let test = MarbleTest(frame: 0.5)
        let run = try test.run {
            let clicks = try test.hot("ab^-c--d|")
            clicks.subscribe(label: "early")
            test.scheduler.schedule(after: 1.5) { clicks.subscribe(label: "late") }
            return clicks
        }
        // As in RxJS, the frame of ^ is 0: c two frames after it.
        run.expect("early", toReceive: "--c--d|")
        run.expect("late", toReceive: "-----d|")
    }

    @Test("expect on a signal subscribes to it at frame 0, at the caller's line, runs, and compares what it sent")
    func expectOnASignal() throws {
        let test = MarbleTest()
        let line = #line + 1
        let run = try test.expect({ try test.cold("-a-b|").map { $0.uppercased() } }, toReceive: "-A-B|")
        #expect(run.trace.labelledSubscriptions.map(\.label) == [MarbleTest.subscriberLabel])
        // Its call site is the test's line, where a finding about it would be placed, not the kit's.
        #expect(run.trace.labelledSubscriptions.map(\.site) == ["SigvizTestingTests/MarbleTestTests.swift:\(line)"])
        let other = MarbleTest()
        withKnownIssue("the signal sent a at frame 1") {
            _ = try? other.expect({ try other.cold("-a|") }, toReceive: "--a|")  // "-a|" parses
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("first difference at frame 1 (1 s): expected nothing, received next \"a\"") }
        }
    }

    @Test("a run ends at its most frames, whatever the code schedules: an interval nothing takes from")
    func boundedRun() {
        let test = MarbleTest(maximumFrames: 5)
        let run = test.run {
            let ticks = Signal<Double>.interval(1, on: test.scheduler).map { "\($0)" }
            ticks.subscribe(label: "clock")
            return ticks
        }
        #expect(run.trace.duration <= 5)
        #expect(run.trace.events.count { if case .next = $0.kind { true } else { false } } >= 1)
    }

    @Test("a # in an input sends an error, expected as #")
    func errors() throws {
        let test = MarbleTest()
        let run = try test.run {
            let failing = try test.cold("-a#")
            failing.subscribe(label: "S")
            return failing
        }
        run.expect("S", toReceive: "-a#")
    }

    @Test("a mismatch is an issue with the marbles aligned and the first difference marked, and the timeline draws the expected row")
    func mismatch() throws {
        let test = MarbleTest()
        let run = try test.run {
            let request = try test.cold("--a|")
            request.subscribe(label: "first")
            return request
        }
        let subscription = try #require(run.subscription(labelled: "first"))
        let mismatch = try #require(run.mismatch(of: subscription, label: "first", with: try Marble(parsing: "-a|")))
        #expect(mismatch.message == """
            "first" did not receive what was expected: the events differ
            expected: -a|
            actual:   --a|
                       ^ first difference at frame 1 (1 s): expected next "a", received nothing
            """)
        #expect(mismatch.timeline.contains("class=\"expected-row\""))
        withKnownIssue("the marbles differ") {
            run.expect("first", toReceive: "-a|")
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("first difference at frame 1") }
        }
        withKnownIssue("no such label") {
            run.expect("nobody", toReceive: "-a|")
        } matching: { issue in
            issue.comments.contains { $0.rawValue == "nothing subscribed with the label \"nobody\"; the labels are \"first\"" }
        }
    }

    @Test("a marble that does not parse is refused where it is wrong, ^ and what comes before it counted")
    func syntax() {
        let test = MarbleTest()
        #expect(throws: MarbleSyntaxError(offset: 4, message: "a second '^'")) {
            _ = try test.run { try test.hot("-a^-^b") }
        }
        #expect(throws: MarbleSyntaxError.self) { _ = try test.run { try test.cold("-(a") } }
        // An error after the ^ is counted from the start of the marble as written.
        let error = #expect(throws: MarbleSyntaxError.self) { _ = try test.run { try test.hot("xy^-a|b") } }
        #expect(error?.offset == 6)
    }
}

@Suite("The marble-testing kit: subscription marbles of the inputs")
struct SubscriptionMarbleTests {
    @Test("takeUntil disposes its source's subscription when the trigger fires: ^ where it subscribed, ! where it was disposed")
    func takeUntil() throws {
        let test = MarbleTest()
        let run = try test.run {
            let ticks = try test.hot("^-a-b-c-d", named: "ticks")
            let close = try test.hot("^----x", named: "close")
            let shown = ticks.take(until: close)
            shown.subscribe(label: "view")
            return [ticks, close, shown] as [Any]
        }
        run.expect("view", toReceive: "--a-b|")
        run.expectSubscriptions(to: "ticks", toBe: ["^----!"])
        #expect(run.subscriptionMismatch(to: "ticks", expected: ["^---!"]) == """
            the subscriptions to "ticks" are not the ones expected
            expected: ^---!
            actual:   ^----!
            """)
        #expect(run.subscriptionMismatch(to: "nothing", expected: []) == "there is no input named \"nothing\" in the run")
    }

    @Test("each subscription to a cold input is listed in order; one still open has no !")
    func coldSubscriptions() throws {
        let test = MarbleTest()
        let run = try test.run {
            let request = try test.cold("--a|", named: "request")
            request.subscribe(label: "first")
            test.scheduler.schedule(after: 2) { request.subscribe(label: "second") }
            let never = try test.cold("-", named: "never")
            never.subscribe(label: "open")
            return [request, never]
        }
        run.expectSubscriptions(to: "request", toBe: ["^--!", "--^--!"])
        run.expectSubscriptions(to: "never", toBe: ["^"])
    }
}
