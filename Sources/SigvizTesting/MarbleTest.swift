import Reactive
import Testing
import Tracer

/// A marble test on virtual time: input signals written as marbles, a recorded run, and what each
/// labelled subscriber received compared with the marble it should have.
///
/// Make the inputs inside ``run(title:_:)`` (a signal made outside the recording is not recorded),
/// subscribe with labels there, and compare afterwards:
///
/// ```swift
/// @Test func theLateSubscriberIsReplayedTheAnswer() throws {
///     let test = MarbleTest()
///     let run = try test.run {
///         let request = try test.cold("--a|", values: ["a": "user"]).replayLazily()
///         request.subscribe(label: "first")
///         test.scheduler.schedule(after: 3) { request.subscribe(label: "second") }
///         return request
///     }
///     run.expect("first", toReceive: "--a|", values: ["a": "user"])
///     run.expect("second", toReceive: "---(a|)", values: ["a": "user"])   // frames count from the run's start
/// }
/// ```
///
/// Times are frames of ``frame`` seconds, counted from the start of the run. The body runs as the
/// scheduler's work, so what it subscribes is subscribed at once, on whatever thread the test runs.
public struct MarbleTest: Sendable {
    /// The virtual-time scheduler the inputs send on and the run records with.
    public let scheduler: TestScheduler
    /// Seconds per frame of every marble.
    public let frame: Double
    /// The frames a run lasts at most: work due later (an `interval` nothing takes from, say) is
    /// not run, so a run always ends (RxJS's `maxFrames`).
    public let maximumFrames: Int

    /// Makes a test on a new ``TestScheduler``, at `frame` seconds per marble frame, whose run
    /// lasts at most `maximumFrames` frames.
    public init(frame: Double = 1, maximumFrames: Int = 1_000) {
        precondition(frame > 0 && frame.isFinite, "a frame is a positive number of seconds, got \(frame)")
        precondition(maximumFrames > 0, "a run lasts at least one frame, got \(maximumFrames)")
        scheduler = TestScheduler()
        self.frame = frame
        self.maximumFrames = maximumFrames
    }

    /// A cold signal that sends `marble`'s events on every subscription, timed from that
    /// subscription: `"--a|"` sends `a` two frames after each subscription and completes a frame
    /// later. `#` sends a ``MarbleInputError``. Each subscription is a run of its `didSubscribe`, as a
    /// request's would be.
    /// - Throws: ``MarbleSyntaxError`` for a marble that does not parse (or has `^` or `!`).
    /// - Parameters:
    ///   - name: Its name in the trace, what ``MarbleRun/expectSubscriptions(to:toBe:sourceLocation:)`` finds it by.
    ///   - fileID: The file of the call: with `line`, the input's place in a recording, where a
    ///     finding's suggestion names it and ``explain(title:frame:maximumFrames:_:)`` makes its change.
    ///   - line: The line of the call.
    public func cold(
        _ marble: String, values: [Character: String] = [:], named name: String = "cold", fileID: String = #fileID, line: Int = #line
    ) throws(MarbleSyntaxError) -> Signal<String> {
        let timeline = try Marble(parsing: marble, values: values).timeline(frame: frame)
        let scheduler = scheduler
        return Signal<String>.create { subscriber in
            let scheduled = CompoundDisposable()
            for timed in timeline {
                scheduled.add(scheduler.schedule(after: timed.time) { subscriber.send(Self.event(timed.event)) })
            }
            // The subscriber is kept until the subscription ends, as a request in flight keeps its
            // callback: a marble that never ends (`"-"`) stays subscribed. (A subscriber nothing keeps
            // is released, and its subscription disposed, as RAC's RACSubscriber does in -dealloc.)
            scheduled.add(BlockDisposable { withExtendedLifetime(subscriber) {} })
            return scheduled
        }.named(name, fileID: fileID, line: line)
    }

    /// A hot signal, a subject, that sends `marble`'s events at their times from the start of the
    /// run, whoever is subscribed: `"^-a--b"` sends `a` at frame 2 and `b` at frame 5. As in RxJS,
    /// `^` marks frame 0, where the run starts; what comes before it happened before the run, and
    /// is not sent. Without `^`, the marble's first character is frame 0.
    /// - Throws: ``MarbleSyntaxError`` for a marble that does not parse, or a `^` written twice.
    /// - Parameters:
    ///   - name: Its name in the trace, what ``MarbleRun/expectSubscriptions(to:toBe:sourceLocation:)`` finds it by.
    ///   - fileID: The file of the call, as for ``cold(_:values:named:fileID:line:)``.
    ///   - line: The line of the call.
    public func hot(
        _ marble: String, values: [Character: String] = [:], named name: String = "hot", fileID: String = #fileID, line: Int = #line
    ) throws(MarbleSyntaxError) -> Subject<String> {
        var text = Substring(marble), start = 0.0
        if let caret = marble.firstIndex(of: "^") {
            text = marble[marble.index(after: caret)...]
            start = frame  // the frame of `^` is 0; the character after it is frame 1
            if let second = text.firstIndex(of: "^") {
                throw MarbleSyntaxError(offset: marble.distance(from: marble.startIndex, to: second), message: "a second '^'")
            }
        }
        let timeline: [MarbleEvent.Timed]
        do {
            timeline = try Marble(parsing: String(text), values: values).timeline(frame: frame)
        } catch {
            // At its place in the marble as written, `^` and what comes before it included.
            throw MarbleSyntaxError(offset: error.offset + marble.distance(from: marble.startIndex, to: text.startIndex), message: error.message)
        }
        let subject = Subject<String>().named(name, fileID: fileID, line: line)
        for timed in timeline {
            scheduler.schedule(after: start + timed.time) { subject.send(Self.event(timed.event)) }
        }
        return subject
    }

    /// Runs `body`, recording, and then the scheduler's work up to ``maximumFrames`` frames, and
    /// returns the run to compare. What `body` returns is kept alive until the trace is taken. One
    /// run per test: a second would start where the first one's clock stopped.
    /// - Throws: What `body` throws.
    public func run<Kept>(title: String = "marble test", _ body: () throws -> Kept) rethrows -> MarbleRun {
        try run(title: title, rewriting: nil, body)
    }

    /// ``run(title:_:)``, with `rewrites` made at the calls of `body` they name.
    func run<Kept>(title: String, rewriting rewrites: CodeRewrites?, _ body: () throws -> Kept) rethrows -> MarbleRun {
        let scheduler = scheduler
        let end = Double(maximumFrames) * frame
        let trace = try Trace.record(title: title, clock: scheduler, rewriting: rewrites) {
            let kept = try body()
            while let due = scheduler.nextDueTime, due <= end { scheduler.step() }
            return kept
        }
        return MarbleRun(trace: trace, frame: frame)
    }

    /// The label of the subscription ``expect(_:toReceive:values:sourceLocation:)`` makes.
    public static let subscriberLabel = "subscriber"

    /// Subscribes to the signal `body` makes, at frame 0 (as RxJS's `expectObservable` does), runs
    /// to the end, and expects it to have sent `expected`, as ``MarbleRun/expect(_:toReceive:values:sourceLocation:)``
    /// does for a label: an issue with the marble diff, and the timeline attached, when it did not.
    ///
    /// ```swift
    /// try test.expect({ try test.cold("-a-b|").map { $0.uppercased() } }, toReceive: "-A-B|")
    /// ```
    /// - Returns: The run, to look further (its subscriber is labelled ``subscriberLabel``).
    /// - Throws: What `body` throws.
    @discardableResult
    public func expect<Value>(
        _ body: () throws -> Signal<Value>, toReceive expected: String, values: [Character: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) rethrows -> MarbleRun {
        let run = try run {
            let signal = try body()
            // The caller's line is the subscription's call site: a finding about it names the test, not the kit.
            signal.subscribe(label: Self.subscriberLabel, fileID: sourceLocation.fileID, line: sourceLocation.line)
            return signal
        }
        run.expect(Self.subscriberLabel, toReceive: expected, values: values, sourceLocation: sourceLocation)
        return run
    }

    private static func event(_ event: MarbleEvent) -> Event<String> {
        switch event {
        case .next(let value): .next(value)
        case .completed: .completed
        case .error: .error(MarbleInputError())
        }
    }
}

/// The error a marble's `#` sends: its message is "error", as the marble syntax shows it.
public struct MarbleInputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Makes it.
    public init() {}
    /// "error".
    public var description: String { "error" }
}
