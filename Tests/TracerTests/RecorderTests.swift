import Dispatch
import Foundation
import Reactive
import Synchronization
import Testing
import Tracer

/// A value that chooses its own label.
struct Response: TraceLabelConvertible, Sendable {
    let status: Int
    var traceLabel: String { "HTTP \(status)" }
}

/// An error without a description of its own.
enum Failure: Error, Sendable {
    case timeout
}

@Suite struct RecorderTests {
    // MARK: Tables and events

    @Test("a published source gives exactly the hand-written signals, subscriptions and events")
    func publishScenario() {
        let trace = Scenario.publish()
        #expect(trace.title == "publish")
        #expect(trace.signals.withoutSites == [
            TraceSignal(id: 0, kind: .cold, name: "source"),
            // Given no name, the subject is named for a reader, with RAC's description beside.
            TraceSignal(
                id: 1, kind: .subject, name: "publish of source", description: "[source] -multicast: [source] -publish",
                operation: .publish, receiver: 0),
            TraceSignal(id: 2, kind: .connection, name: "connection", source: 0, subject: 1),
        ])
        #expect(trace.subscriptions.withoutSites == [
            TraceSubscription(id: 0, signal: 1, subscriber: .label("Subscriber 1"), parent: nil),
            TraceSubscription(id: 1, signal: 0, subscriber: .signal(1), parent: nil),
            TraceSubscription(id: 2, signal: 1, subscriber: .label("Subscriber 2"), parent: nil),
        ])
        let expected: [TraceEvent] = [
            event(0, .signal(0)),
            event(0, .signal(1)),
            event(0, .signal(2)),
            event(0, .subscribe(0)),
            event(0.5, .connect(signal: 2, first: true)),
            event(0.5, .subscribe(1), cause: 4),
            event(0.5, .didSubscribe(1), cause: 4),
            event(1.5, next(1, "a")),
            event(1.5, .send(signal: 1, value: "a"), cause: 7),
            event(1.5, next(0, "a"), cause: 8),
            event(2, .subscribe(2)),
            event(2.5, next(1, "b")),
            event(2.5, .send(signal: 1, value: "b"), cause: 11),
            event(2.5, next(0, "b"), cause: 12),
            event(2.5, next(2, "b"), cause: 12),
            event(2.5, completed(1)),
            event(2.5, .sendCompleted(signal: 1), cause: 15),
            event(2.5, .dispose(1), cause: 16),
            event(2.5, completed(0), cause: 16),
            event(2.5, .dispose(0), cause: 18),
            event(2.5, completed(2), cause: 16),
            event(2.5, .dispose(2), cause: 20),
        ]
        #expect(trace.events.count == expected.count)
        for (index, pair) in zip(trace.events, expected).enumerated() {
            #expect(pair.0 == pair.1, "events[\(index)]")
        }
        #expect(trace.events == expected)
        #expect(throws: Never.self) { try trace.validate() }
    }

    @Test("replayLazily: parents, subscribers that are signals or subscriptions, replayed history and causes")
    func replayLazilyScenario() {
        let trace = Scenario.replayLazily()
        #expect(trace.title == nil)
        #expect(trace.signals.withoutSites == [
            TraceSignal(id: 0, kind: .cold, name: "source"),
            TraceSignal(
                id: 1, kind: .replaySubject(capacity: nil), name: "multicast of source", description: "[source] -multicast: ",
                operation: .replayLazily, receiver: 0),
            TraceSignal(id: 2, kind: .connection, name: "connection", source: 0, subject: 1),
            TraceSignal(
                id: 3, kind: .operator, name: "replayLazily of source", description: "[source] -replayLazily",
                operation: .replayLazily, receiver: 0),
        ])
        #expect(trace.subscriptions.withoutSites == [
            TraceSubscription(id: 0, signal: 3, subscriber: .label("S1"), parent: nil),
            // The connection's subject subscribing to the source, during S1's didSubscribe.
            TraceSubscription(id: 1, signal: 0, subscriber: .signal(1), parent: 0),
            // The defer subscribing S1's subscriber to the replay subject.
            TraceSubscription(id: 2, signal: 1, subscriber: .subscription(0), parent: 0),
            TraceSubscription(id: 3, signal: 3, subscriber: .label("S2"), parent: nil),
            TraceSubscription(id: 4, signal: 1, subscriber: .subscription(3), parent: 3),
        ])
        let expected: [TraceEvent] = [
            event(0, .signal(0)),
            event(0, .signal(1)),
            event(0, .signal(2)),
            event(0, .signal(3)),
            event(0, .subscribe(0)),
            event(0, .didSubscribe(0)),
            event(0, .connect(signal: 2, first: true), cause: 5),
            event(0, .subscribe(1), cause: 6),
            event(0, .didSubscribe(1), cause: 6),
            event(0, next(1, "1"), cause: 8),
            event(0, .send(signal: 1, value: "1"), cause: 9),
            event(0, .subscribe(2), cause: 5),
            event(0, next(2, "1", replayed: true), cause: 5),
            // Delivered through the defer's subscription, it is replayed history too.
            event(0, next(0, "1", replayed: true), cause: 12),
            event(0.5, .subscribe(3)),
            event(0.5, .didSubscribe(3)),
            event(0.5, .connect(signal: 2, first: false), cause: 15),
            event(0.5, .subscribe(4), cause: 15),
            event(0.5, next(4, "1", replayed: true), cause: 15),
            event(0.5, next(3, "1", replayed: true), cause: 18),
            event(1, next(1, "2")),
            event(1, .send(signal: 1, value: "2"), cause: 20),
            event(1, next(2, "2"), cause: 21),
            event(1, next(0, "2"), cause: 22),
            event(1, next(4, "2"), cause: 21),
            event(1, next(3, "2"), cause: 24),
            event(1, completed(1)),
            event(1, .sendCompleted(signal: 1), cause: 26),
            event(1, .dispose(1), cause: 27),
            event(1, completed(2), cause: 27),
            event(1, completed(0), cause: 29),
            event(1, .dispose(0), cause: 30),
            event(1, .dispose(2), cause: 30),
            event(1, completed(4), cause: 27),
            event(1, completed(3), cause: 33),
            event(1, .dispose(3), cause: 34),
            event(1, .dispose(4), cause: 34),
        ]
        #expect(trace.events.count == expected.count)
        for (index, pair) in zip(trace.events, expected).enumerated() {
            #expect(pair.0 == pair.1, "events[\(index)]")
        }
        #expect(throws: Never.self) { try trace.validate() }
    }

    @Test("a replay subject's late subscriber gets its history marked replayed, and an error is labelled by its description")
    func replaySubjectScenario() {
        let trace = Scenario.replayGroups()
        #expect(trace.signals.withoutSites == [TraceSignal(id: 0, kind: .replaySubject(capacity: nil), name: "replay")])
        #expect(trace.subscriptions.withoutSites == [
            TraceSubscription(id: 0, signal: 0, subscriber: .label("Subscriber 1")),
            TraceSubscription(id: 1, signal: 0, subscriber: .label("Subscriber 2")),
        ])
        #expect(trace.events == [
            event(0, .signal(0)),
            event(0, .subscribe(0)),
            event(1, .send(signal: 0, value: "a")),
            event(1, next(0, "a"), cause: 2),
            event(1, .send(signal: 0, value: "b")),
            event(1, next(0, "b"), cause: 4),
            event(2, .subscribe(1)),
            event(2, next(1, "a", replayed: true)),
            event(2, next(1, "b", replayed: true)),
            event(3, .send(signal: 0, value: "c")),
            event(3, next(0, "c"), cause: 9),
            event(3, next(1, "c"), cause: 9),
            event(4, .sendError(signal: 0, message: "boom")),
            event(4, .error(subscription: 0, message: "boom", replayed: false), cause: 12),
            event(4, .dispose(0), cause: 13),
            event(4, .error(subscription: 1, message: "boom", replayed: false), cause: 12),
            event(4, .dispose(1), cause: 15),
        ])
    }

    @Test("ids are deterministic: recording the same scenario twice gives equal traces")
    func deterministic() {
        #expect(Scenario.publish() == Scenario.publish())
        #expect(Scenario.replayLazily() == Scenario.replayLazily())
        #expect(Scenario.replayGroups() == Scenario.replayGroups())
    }

    @Test("signals created outside the recorder do not appear, even when used inside it")
    func outsideSignals() {
        let scheduler = TestScheduler()
        let outside = Subject<String>().named("outside")
        let outsideReplay = ReplaySubject<String>().named("outside replay")
        var keep: Subject<String>?  // deallocating it would dispose, and record, its subscription
        let trace = Trace.record(clock: scheduler) {
            let inside = Subject<String>().named("inside")
            keep = inside
            scheduler.perform {
                outside.subscribe(label: "O")
                outsideReplay.sendNext("old")
                outsideReplay.subscribe(label: "R")
                inside.subscribe(label: "I")
                outside.sendNext("x")
                inside.sendNext("y")
            }
        }
        withExtendedLifetime((outside, outsideReplay, keep)) {}
        #expect(trace.signals.withoutSites == [TraceSignal(id: 0, kind: .subject, name: "inside")])
        #expect(trace.subscriptions.withoutSites == [TraceSubscription(id: 0, signal: 0, subscriber: .label("I"))])
        #expect(trace.events == [
            event(0, .signal(0)),
            event(0, .subscribe(0)),
            event(0, .send(signal: 0, value: "y")),
            event(0, next(0, "y"), cause: 2),
        ])
    }

    @Test("a name given with named(_:) shows in the signals table, even when given after the signal was used")
    func renames() {
        let scheduler = TestScheduler()
        var keep: [Subject<Int>] = []  // deallocating them would dispose, and record, their subscriptions
        let trace = Trace.record(clock: scheduler) {
            let first = Subject<Int>().named("first name")
            let second = Subject<Int>()
            keep = [first, second]
            scheduler.perform { first.subscribe(label: "S") }
            scheduler.schedule(after: 1) {
                first.sendNext(1)
                first.named("renamed later")
                second.named("second")
            }
            scheduler.stepAll()
        }
        #expect(trace.signals.withoutSites == [
            TraceSignal(id: 0, kind: .subject, name: "renamed later"),
            TraceSignal(id: 1, kind: .subject, name: "second"),
        ])
        #expect(trace.events.count == 5)
        withExtendedLifetime(keep) {}
    }

    // MARK: Labels

    @Test("values are labelled: strings as they are, numbers, optionals unwrapped, nil, TraceLabelConvertible, errors by description, signals by name")
    func valueLabels() {
        let scheduler = TestScheduler()
        let trace = Trace.record(clock: scheduler) {
            let strings = Subject<String>()
            let ints = Subject<Int>()
            let doubles = Subject<Double>()
            let optionals = Subject<Int?>()
            let nested = Subject<String??>()
            let responses = Subject<Response>()
            let optionalResponses = Subject<Response?>()
            let failures = Subject<Int>()
            let enumFailures = Subject<Int>()
            let signals = Subject<Signal<Int>>()
            let inner = Signal<Int>.never().named("inner signal")
            scheduler.perform {
                strings.sendNext("hello \"world\"")
                strings.sendNext("")
                ints.sendNext(42)
                ints.sendNext(-7)
                doubles.sendNext(1.5)
                optionals.sendNext(5)
                optionals.sendNext(nil)
                nested.sendNext(.some(.some("deep")))
                nested.sendNext(.some(nil))
                nested.sendNext(nil)
                responses.sendNext(Response(status: 200))
                optionalResponses.sendNext(Response(status: 404))
                optionalResponses.sendNext(nil)
                failures.sendError(TestError("disk full"))
                enumFailures.sendError(Failure.timeout)
                signals.sendNext(inner)
            }
        }
        let labels = trace.events.compactMap { event -> String? in
            switch event.kind {
            case .send(_, let value): value
            case .sendError(_, let message): "error: " + message
            default: nil
            }
        }
        #expect(labels == [
            "hello \"world\"", "", "42", "-7", "1.5", "5", "nil", "deep", "nil", "nil",
            "HTTP 200", "HTTP 404", "nil", "error: disk full", "error: timeout", "inner signal",
        ])
    }

    @Test("labels kept inside a record and in the recorder's text read back exactly, sent and delivered",
          arguments: [
            [0, 7, -1, 99_999_999, 100_000_000, -9_999_999, -10_000_000, Int.max, Int.min].map { "\($0)" },
            ["", "a", "12345678", "123456789", "é", "éééé", "ééééé", "🎉🎉", "🎉🎉🎉", "a\u{0}b", String(repeating: "x", count: 300)],
          ])
    func packedLabels(texts: [String]) {
        let scheduler = TestScheduler()
        let numbers = texts.compactMap { Int($0) }
        let trace = Trace.record(clock: scheduler) {
            let ints = Subject<Int>()
            let strings = Subject<String>()
            scheduler.perform {
                ints.subscribe(label: "I")
                strings.subscribe(label: "S")
                // Both as numbers (packed without a string when short) and as strings.
                for number in numbers { ints.sendNext(number) }
                for text in texts { strings.sendNext(text) }
            }
            return (ints, strings)
        }
        let expected = texts.map { text in
            text.count > traceLabelLimit ? String(text.prefix(traceLabelLimit - 1)) + "…" : text
        }
        let sent = trace.events.compactMap { if case .send(_, let value) = $0.kind { value } else { nil } }
        let delivered = trace.events.compactMap { if case .next(_, let value, _) = $0.kind { value } else { nil } }
        #expect(sent == numbers.map(String.init) + expected)
        #expect(delivered == numbers.map(String.init) + expected)
    }

    @Test("deliveries are labelled like sends, and so are errors delivered to subscribers")
    func deliveryLabels() {
        let scheduler = TestScheduler()
        let trace = Trace.record(clock: scheduler) {
            let signal = Signal<Int?>.create { subscriber in
                subscriber.sendNext(3)
                subscriber.sendNext(nil)
                subscriber.sendError(TestError("no network"))
                return nil
            }
            scheduler.perform { signal.subscribe(label: "S") }
        }
        #expect(trace.events.map(\.kind) == [
            .signal(0), .subscribe(0), .didSubscribe(0),
            .next(subscription: 0, value: "3", replayed: false),
            .next(subscription: 0, value: "nil", replayed: false),
            .error(subscription: 0, message: "no network", replayed: false),
            .dispose(0),
        ])
    }

    /// The labels of the values sent to a subject, in order.
    private func sentLabels(_ values: [String], subscriberLabel: String = "S") -> (labels: [String], subscriber: String?) {
        let scheduler = TestScheduler()
        var keep: Subject<String>?  // deallocating it would dispose, and record, its subscription
        let trace = Trace.record(clock: scheduler) {
            let subject = Subject<String>()
            keep = subject
            scheduler.perform {
                subject.subscribe(label: subscriberLabel)
                for value in values { subject.sendNext(value) }
            }
        }
        withExtendedLifetime(keep) {}
        let labels = trace.events.compactMap { event -> String? in
            if case .next(_, let value, _) = event.kind { value } else { nil }
        }
        return (labels, trace.subscriptions.first?.label)
    }

    @Test("a label longer than traceLabelLimit characters is cut to traceLabelLimit characters ending in …")
    func longLabels() {
        #expect(traceLabelLimit == 256)
        let longASCII = String(repeating: "x", count: 300)
        let exactASCII = String(repeating: "y", count: 256)
        let justOver = String(repeating: "z", count: 257)
        let (labels, _) = sentLabels([longASCII, exactASCII, justOver])
        #expect(labels == [
            String(repeating: "x", count: 255) + "…",
            exactASCII,
            String(repeating: "z", count: 255) + "…",
        ])
        #expect(labels.map(\.count) == [256, 256, 256])
    }

    @Test("the limit counts characters and bytes: 256 accented letters are kept, 300 cut; emoji of 18 bytes are cut at 1 KB")
    func longUnicodeLabels() {
        let accents = String(repeating: "é", count: 256)
        let family = String(repeating: "👩‍👩‍👧", count: 56)  // 18 bytes each: 1,008 bytes
        let longAccents = String(repeating: "é", count: 300)
        let longFamily = String(repeating: "👩‍👩‍👧", count: 256)  // 4,608 bytes
        let (labels, _) = sentLabels([accents, family, longAccents, longFamily])
        #expect(labels.count == 4)
        guard labels.count == 4 else { return }
        let kept = [
            labels[0].utf8.elementsEqual(accents.utf8),
            labels[1].utf8.elementsEqual(family.utf8),
            labels[2].utf8.elementsEqual((String(repeating: "é", count: 255) + "…").utf8),
        ]
        #expect(kept[0], "256 é are within the limit, but \(labels[0].count) characters were kept")
        #expect(kept[1], "56 emoji are within the limit, but \(labels[1].count) characters were kept")
        #expect(kept[2], "\(labels[2].count) characters")
        // 1,021 bytes of whole scalars (56 emoji and the first two scalars of the 57th), then "…".
        #expect(labels[3].utf8.count <= 4 * traceLabelLimit)
        #expect(labels[3].hasSuffix("…"))
        #expect(longFamily.unicodeScalars.starts(with: labels[3].unicodeScalars.dropLast()))
        #expect(labels[3].utf8.count > 4 * traceLabelLimit - 24, "as much as fits is kept")
    }

    @Test("a subscriber's label longer than the limit is cut the same way")
    func longSubscriberLabel() {
        let (_, subscriber) = sentLabels([], subscriberLabel: String(repeating: "s", count: 1000))
        #expect(subscriber == String(repeating: "s", count: 255) + "…")
    }

    @Test("any Unicode is kept exactly as text: emoji, right-to-left, NUL, markup, combining marks, bidi overrides")
    func unicodeLabels() {
        let values = [
            "👩‍👩‍👧‍👦 🇫🇷", "שלום עולם", "مرحبا", "a\u{0}b", "</text><script>alert('x')</script>",
            "e\u{301}", "\u{E9}", "\u{202E}evil\u{202C}", "line1\nline2\r\n", "\u{FEFF}\u{200B}", "&amp; <b>",
        ]
        let (labels, _) = sentLabels(values, subscriberLabel: "<tspan>\u{0}👀")
        #expect(labels.count == values.count)
        for (label, value) in zip(labels, values) {
            let same = label.unicodeScalars.elementsEqual(value.unicodeScalars)
            #expect(same, "\(label.debugDescription) should be \(value.debugDescription)")
        }
        let (_, subscriber) = sentLabels([], subscriberLabel: "<tspan>\u{0}👀")
        #expect(subscriber?.unicodeScalars.elementsEqual("<tspan>\u{0}👀".unicodeScalars) == true)
    }

    // MARK: Threads

    @Test("8 threads each sending 10 000 values into a subject: one next per delivery, in order, and the trace validates")
    func concurrentSends() throws {
        let threads = 8, perThread = 10_000
        let recorder = TraceRecorder()
        let received = Atomic(0)
        let subject = Instrumentation.withInstrument(recorder) {
            let subject = Subject<Int>().named("subject")
            subject.subscribe(label: "A", next: { _ in received.add(1, ordering: .relaxed) })
            subject.subscribe(label: "B", next: { _ in received.add(1, ordering: .relaxed) })
            return subject
        }
        onThreads(threads) { thread in
            for index in 0..<perThread { subject.sendNext(thread * 1_000_000 + index) }
        }
        let trace = recorder.trace(title: "threads")
        withExtendedLifetime(subject) {}

        let sends = threads * perThread
        #expect(received.load(ordering: .relaxed) == 2 * sends)
        #expect(trace.signals.withoutSites == [TraceSignal(id: 0, kind: .subject, name: "subject")])
        #expect(trace.subscriptions.withoutSites == [
            TraceSubscription(id: 0, signal: 0, subscriber: .label("A")),
            TraceSubscription(id: 1, signal: 0, subscriber: .label("B")),
        ])
        #expect(trace.events.count == 3 + 3 * sends)
        try trace.validate()

        var nexts = [0, 0]
        var failures = 0
        var lastIndex = [[Int]](repeating: [Int](repeating: -1, count: threads), count: 2)
        var previousTime = -Double.infinity
        for (position, event) in trace.events.enumerated() {
            if event.time < previousTime { failures += 1 }
            previousTime = event.time
            if let cause = event.cause, cause >= position { failures += 1 }
            guard position >= 3 else { continue }
            // A subject delivers each send to A then B before the next send: the
            // events come in threes, send then its two deliveries.
            let send = 3 + (position - 3) / 3 * 3
            guard case .send(0, let value) = trace.events[send].kind, let number = Int(value) else {
                failures += 1
                continue
            }
            switch (position - 3) % 3 {
            case 0:
                if event.cause != nil { failures += 1 }
            default:
                let subscription = (position - 3) % 3 - 1
                guard event.kind == .next(subscription: subscription, value: value, replayed: false),
                      event.cause == send else {
                    failures += 1
                    continue
                }
                nexts[subscription] += 1
                let (thread, index) = (number / 1_000_000, number % 1_000_000)
                // Each thread's values reach each subscriber in the order it sent them.
                if lastIndex[subscription][thread] + 1 != index { failures += 1 }
                lastIndex[subscription][thread] = index
            }
        }
        #expect(failures == 0)
        #expect(nexts == [sends, sends])
        #expect(lastIndex == [[Int]](repeating: [Int](repeating: perThread - 1, count: threads), count: 2))
    }

    @Test("recording on several threads at once, each with its own recorder, keeps the traces apart")
    func separateRecorders() {
        // An NSLock, not a Mutex: ThreadSanitizer on Linux does not see Synchronization's Mutex.
        nonisolated(unsafe) var traces: [Int: Trace] = [:]
        let lock = NSLock()
        onThreads(4) { thread in
            let scheduler = TestScheduler()
            var keep: Subject<Int>?  // deallocating it would dispose, and record, its subscription
            let trace = Trace.record(clock: scheduler) {
                let subject = Subject<Int>().named("s\(thread)")
                keep = subject
                scheduler.perform {
                    subject.subscribe(label: "L\(thread)")
                    for value in 0..<100 { subject.sendNext(value) }
                }
            }
            withExtendedLifetime(keep) {}
            lock.withLock { traces[thread] = trace }
        }
        let all = lock.withLock { traces }
        for thread in 0..<4 {
            let trace = all[thread]
            #expect(trace?.signals.withoutSites == [TraceSignal(id: 0, kind: .subject, name: "s\(thread)")])
            #expect(trace?.subscriptions.withoutSites == [TraceSubscription(id: 0, signal: 0, subscriber: .label("L\(thread)"))])
            #expect(trace?.events.count == 2 + 200)
        }
    }
}

@Suite("Call sites")
struct CallSiteTests {
    @Test("a labelled subscription recorded from Swift keeps where it was made; an unlabelled one has none")
    func recorded() throws {
        let scheduler = TestScheduler()
        let line = #line + 3
        let trace = Trace.record(title: "sites", clock: scheduler) {
            let subject = Subject<Int>()
            subject.subscribe(label: "S")
            subject.subscribe()
            return subject
        }
        #expect(trace.subscriptions.map(\.site) == ["TracerTests/RecorderTests.swift:\(line)", nil])
        let json = trace.json()
        #expect(String(decoding: json, as: UTF8.self).contains("\"site\": \"TracerTests/RecorderTests.swift:\(line)\""))
        #expect(try Trace(json: json) == trace)
    }

    @Test("a signal named from Swift in a recording keeps where it was named; an unnamed one has none")
    func namedSignals() throws {
        let scheduler = TestScheduler()
        let line = #line + 2
        let trace = Trace.record(title: "sites", clock: scheduler) {
            let subject = Subject<Int>().named("notes")
            return (subject, subject.map { $0 + 1 })
        }
        #expect(trace.signals.map(\.site) == ["TracerTests/RecorderTests.swift:\(line)", nil])
        let json = trace.json()
        #expect(String(decoding: json, as: UTF8.self).contains("\"site\": \"TracerTests/RecorderTests.swift:\(line)\""))
        #expect(try Trace(json: json) == trace)
        #expect(try JSONDecoder().decode(Trace.self, from: Data(json)) == trace)
    }
}

@Suite("Recording on a wall clock")
struct WallClockTests {
    /// Runs `work` on a thread of a global queue, never the main thread, with no scheduler current.
    private static func offMain<T: Sendable>(_ work: @escaping @Sendable () -> T) -> T {
        let box = Mutex<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            box.withLock { $0 = work() }
            done.signal()
        }
        done.wait()
        return box.withLock { $0! }
    }

    @Test("with a clock, the body runs as the clock's work: a cold signal subscribed off the main thread is recorded")
    func clockIsCurrent() {
        let trace = Self.offMain {
            let scheduler = TestScheduler()
            return Trace.record(title: "two subscribers", clock: scheduler) {
                let request = Signal<String>.create { subscriber in
                    scheduler.schedule(after: 1) { subscriber.sendNext("data"); subscriber.sendCompleted() }
                    return nil
                }
                request.subscribe(label: "a")
                request.subscribe(label: "b")
                scheduler.stepAll()
                return request
            }
        }
        // Without the clock current, both subscriptions would run later on a background queue: none recorded.
        #expect(trace.events.count { if case .didSubscribe = $0.kind { true } else { false } } == 2)
        #expect(trace.events.count { if case .next = $0.kind { true } else { false } } == 2)
    }

    @Test("without a clock and with no scheduler current, the recording is refused with what to do, not taken empty")
    func refusedWithoutScheduler() {
        let refused = Self.offMain { () -> String? in
            do {
                _ = try Trace.record(title: "nothing current") { Signal<String>.return("x").subscribe(label: "a") }
                return nil
            } catch {
                return "\(error)"
            }
        }
        #expect(refused == RecordingWithoutScheduler().description)
        #expect(refused?.contains("Trace.record(title:clock:_:)") == true)
    }

    @Test("without a clock, times count from the start of the recording, not from boot")
    func timesStartAtZero() throws {
        // Inside a scheduler's work, as the wall-clock recording asks off the main thread.
        let trace = try Scheduler.immediate.perform {
            try Trace.record(title: "wall clock") {
                let subject = Subject<Int>()
                subject.subscribe(label: "S")
                subject.sendNext(1)
                return subject
            }
        }
        let first = try #require(trace.events.first)
        let last = try #require(trace.events.last)
        #expect(first.time >= 0)
        #expect(last.time < 5, "a short recording ends seconds after it started, not \(last.time) s after boot")
        #expect(throws: Never.self) { try trace.validate() }
    }
}
