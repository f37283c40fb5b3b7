import Testing

@testable import Reactive

/// Programming errors stop the process with a message instead of misbehaving.
@Suite struct PreconditionTests {
    /// What the child process wrote to standard error.
    private func message(of result: ExitTest.Result?) -> String {
        String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    }

    @Test("take(_:) with a negative count stops the process")
    func negativeTake() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int>.never().take(-1)
        }
        #expect(message(of: result).contains("take(_:) needs a count of 0 or more, got -1"))
    }

    @Test("first() on virtual time with no value at once stops the process instead of waiting for ever")
    func firstOnVirtualTime() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let scheduler = TestScheduler()
            let later = Signal<Int>.create { subscriber in
                scheduler.schedule(after: 1) { subscriber.sendNext(1) }
            }.named("later")
            _ = scheduler.perform { later.first() }
        }
        #expect(message(of: result).contains("first() on virtual time: later sent nothing at once"))
    }

    @Test("a replay subject with a negative capacity stops the process")
    func negativeCapacity() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = ReplaySubject<Int>(capacity: -1)
        }
        #expect(message(of: result).contains("a replay subject's capacity cannot be negative, got -1"))
    }

    /// Delays no scheduler can honour. An exit test sends its captured
    /// arguments to the child process encoded, and NaN and infinity have no
    /// encoding, so the child gets the case and makes the number itself.
    enum UnusableDelay: String, Codable, CaseIterable, Sendable {
        case notANumber, infinite, tooLarge

        var seconds: Double {
            switch self {
            case .notANumber: .nan
            case .infinite: .infinity
            case .tooLarge: 1e10
            }
        }
    }

    @Test("a delay that is not finite, or too large to count in nanoseconds, stops the process",
          arguments: UnusableDelay.allCases)
    func unusableDelay(delay: UnusableDelay) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [delay] in
            TestScheduler().schedule(after: delay.seconds) {}
        }
        let expected = delay == .tooLarge ? "delay of 10000000000.0 seconds is too large" : "delay must be finite and not negative"
        #expect(message(of: result).contains(expected))
    }

    @Test("the largest usable delay is accepted")
    func largestDelay() {
        let scheduler = TestScheduler()
        scheduler.schedule(after: 9e9) {}
        scheduler.stepAll()
        #expect(scheduler.now == 9e9)
    }
}
