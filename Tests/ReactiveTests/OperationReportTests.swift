import Synchronization
import Testing
import TestSupport
@testable import Reactive

// Every operator reports what it made as a typed operation, with its receiver and the signals it
// takes (issue 25, item 2): what the trace keeps, so nothing downstream reads RAC's descriptions.

/// Keeps the last operation reported for each signal.
private typealias Operations = RecordedInstrumentation

private extension RecordedInstrumentation {
    /// The last operation reported for `signal`, and its receiver.
    subscript(signal: Int) -> (operation: SignalOperation, receiver: Int?)? {
        var found: (operation: SignalOperation, receiver: Int?)?
        for kind in kinds {
            switch kind {
            case .signalOperation(signal, let operation, let receiver), .signalCreated(signal, _, _, let operation?, let receiver):
                found = (operation, receiver)
            default: break
            }
        }
        return found
    }
}

/// What an operator is expected to report, given the ids of `a` and `b`.
fileprivate struct Expected: Sendable, CustomTestStringConvertible {
    let name: String
    let make: @Sendable (Signal<Int>, Signal<Int>, TestScheduler) -> Int
    let operation: @Sendable (_ a: Int, _ b: Int) -> SignalOperation
    let receiver: @Sendable (_ a: Int, _ b: Int) -> Int?
    var testDescription: String { name }

    init(
        _ name: String, _ make: @escaping @Sendable (Signal<Int>, Signal<Int>, TestScheduler) -> Int,
        _ operation: @escaping @Sendable (Int, Int) -> SignalOperation, receiver: @escaping @Sendable (Int, Int) -> Int? = { a, _ in a }
    ) {
        (self.name, self.make, self.operation, self.receiver) = (name, make, operation, receiver)
    }
}

fileprivate let expectations: [Expected] = [
    Expected("map", { a, _, _ in a.map { $0 }.signalID }, { _, _ in .map }),
    Expected("filter", { a, _, _ in a.filter { $0 > 0 }.signalID }, { _, _ in .filter }),
    Expected("take", { a, _, _ in a.take(2).signalID }, { _, _ in .take(count: 2) }),
    Expected("skip", { a, _, _ in a.skip(1).signalID }, { _, _ in .skip(count: 1) }),
    Expected("takeUntil", { a, b, _ in a.take(until: b).signalID }, { _, b in .takeUntil(trigger: b) }),
    Expected("takeUntilBlock", { a, _, _ in a.take(until: { $0 > 1 }).signalID }, { _, _ in .takeUntilBlock }),
    Expected("skipUntilBlock", { a, _, _ in a.skip(until: { $0 > 1 }).signalID }, { _, _ in .skipUntilBlock }),
    Expected("takeWhile", { a, _, _ in a.take(while: { $0 > 1 }).signalID }, { _, _ in .takeWhile }),
    Expected("skipWhile", { a, _, _ in a.skip(while: { $0 > 1 }).signalID }, { _, _ in .skipWhile }),
    Expected("takeUntilReplacement", { a, b, _ in a.take(untilReplacement: b).signalID }, { _, b in .takeUntilReplacement(replacement: b) }),
    Expected("sample", { a, b, _ in a.sample(b).signalID }, { _, b in .sample(sampler: b) }),
    Expected("catchTo", { a, b, _ in a.catchTo(b).signalID }, { _, b in .catchTo(replacement: b) }),
    Expected("retry", { a, _, _ in a.retry().signalID }, { _, _ in .retry(count: nil) }),
    Expected("retry 3", { a, _, _ in a.retry(3).signalID }, { _, _ in .retry(count: 3) }),
    Expected("repeat", { a, _, _ in a.repeat().signalID }, { _, _ in .repeat }),
    Expected("flatten 2", { a, b, _ in a.map { _ in b }.flatten(maxConcurrent: 2).signalID }, { _, _ in .flatten(limit: 2) },
             receiver: { a, _ in a + 2 }),
    Expected("concat", { a, b, _ in a.concat(b).signalID }, { a, b in .concat(signals: [a, b]) }),
    Expected("merge", { a, b, _ in a.merge(b).signalID }, { a, b in .merge(signals: [a, b]) }),
    Expected("+merge", { a, b, _ in Signal.merge([a, b]).signalID }, { a, b in .merge(signals: [a, b]) }, receiver: { _, _ in nil }),
    Expected("+combineLatest", { a, b, _ in Signal.combineLatest([a, b]).signalID }, { a, b in .combineLatest(signals: [a, b]) },
             receiver: { _, _ in nil }),
    Expected("+zip", { a, b, _ in Signal.zip([a, b]).signalID }, { a, b in .zip(signals: [a, b]) }, receiver: { _, _ in nil }),
    Expected("startWith", { a, _, _ in a.startWith(0).signalID }, { _, _ in .startWith(value: "0") }),
    Expected("then", { a, b, _ in a.then { b }.signalID }, { _, _ in .then }),
    Expected("initially", { a, _, _ in a.initially {}.signalID }, { _, _ in .initially }),
    Expected("finally", { a, _, _ in a.finally {}.signalID }, { _, _ in .finally }),
    Expected("aggregate", { a, _, _ in a.aggregate(start: 0, reduce: +).signalID }, { _, _ in .aggregate }),
    Expected("any", { a, _, _ in a.any { $0 > 0 }.signalID }, { _, _ in .any(passingTest: true) }),
    Expected("all", { a, _, _ in a.all { $0 > 0 }.signalID }, { _, _ in .all }),
    Expected("delay", { a, _, s in a.delay(0.5).signalID }, { _, _ in .delay(seconds: 0.5) }),
    Expected("throttle", { a, _, s in a.throttle(0.25).signalID }, { _, _ in .throttle(seconds: 0.25, passingTest: false) }),
    Expected("deliverOn", { a, _, s in a.deliver(on: s).signalID }, { _, _ in .deliverOn(scheduler: "TestScheduler") }),
    Expected("replayLazily", { a, _, _ in a.replayLazily().signalID }, { _, _ in .replayLazily }),
    Expected("publish's subject", { a, _, _ in a.publish().signal.signalID }, { _, _ in .publish }),
    Expected("replayLast", { a, _, _ in a.replayLast().signalID }, { _, _ in .replayLast }),
    Expected("defer", { _, b, _ in Signal.defer { b }.signalID }, { _, _ in .defer }, receiver: { _, _ in nil }),
    Expected("return", { _, _, _ in Signal<Int>.return(7).signalID }, { _, _ in .return(value: "7") }, receiver: { _, _ in nil }),
]

@Suite("Operators report what they made")
struct OperationReportTests {
    @Test("each operator reports its typed operation, on its receiver (none for RAC's class methods)", arguments: expectations)
    fileprivate func reports(expected: Expected) throws {
        let scheduler = TestScheduler()
        let operations = Operations()
        let (a, b, made) = Instrumentation.withInstrument(operations, clock: scheduler) { () -> (Int, Int, Int) in
            let a = Signal<Int>.create { _ in nil }.named("a")
            let b = Signal<Int>.create { _ in nil }.named("b")
            return (a.signalID, b.signalID, expected.make(a, b, scheduler))
        }
        let reported = try #require(operations[made])
        #expect(reported.operation == expected.operation(a, b))
        #expect(reported.receiver == expected.receiver(a, b))
    }

    @Test("a signal another instrument observes is named by no id: the operation says nil")
    func unobservedOperand() throws {
        let scheduler = TestScheduler()
        let outside = Signal<Int>.create { _ in nil }
        let operations = Operations()
        let made = Instrumentation.withInstrument(operations, clock: scheduler) {
            Signal<Int>.create { _ in nil }.take(until: outside).signalID
        }
        #expect(try #require(operations[made]).operation == .takeUntil(trigger: nil))
    }

    @Test("defer and initially run a block of their user's on every subscription; the others, then's block among them, do not")
    func callersBlocks() {
        let running = SignalOperation.Name.allCases.filter(\.runsCallersBlock)
        #expect(running == [.defer, .initially])
    }
}
