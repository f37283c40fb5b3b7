import Testing
@testable import Reactive
import TestSupport

// RACStream's -reduceEach: and +zip:reduce:, and RACSignal's -toArray, with RACStreamExamples'
// and RACSignalSpec's examples.

@Suite struct ReduceTests {
    @Test("reduceEach makes each array one value (RACStreamExamples: should reduce tuples)")
    func reduceEach() {
        let scheduler = TestScheduler()
        let source = values([["foo", "bar"], ["buzz", "baz"], ["", "_"]], scheduler)
        let reduced = source.reduceEach { $0.joined() }
        #expect(run(reduced, scheduler) == [.next("foobar", at: 1), .next("buzzbaz", at: 2), .next("_", at: 3), .completed(at: 4)])
        #expect(reduced.name == "[\(source.name)] -reduceEach:")
    }

    @Test("+zip:reduce: reduces the values of each rank (RACStreamExamples: should reduce values)")
    func zipReduce() {
        let scheduler = TestScheduler()
        let a = Signal<Int>.return(1).concat(.return(2)).concat(.return(3))
        let b = Signal<Int>.return(4).concat(.return(5)).concat(.return(6))
        let c = Signal<Int>.return(7).concat(.return(8)).concat(.return(9))
        let zipped = Signal.zip([a, b, c]) { $0.map(String.init).joined() }
        #expect(run(zipped, scheduler) == [.next("147", at: 0), .next("258", at: 0), .next("369", at: 0), .completed(at: 0)])
        #expect(zipped.name == "+zip: (\(a.name), \(b.name), \(c.name)) reduce:")
    }

    @Test("toArray is every value once the signal completes, and nil upon error even if some values were sent (RACSignalSpec: -toArray)")
    func toArray() {
        #expect(Signal<Int>.return(1).concat(.return(2)).toArray() == [1, 2])
        #expect(Signal<Int>.empty().toArray() == [])
        #expect(Signal<Int>.error(TestError("boom")).toArray() == nil)
        #expect(Signal<Int>.return(1).concat(.error(TestError("boom"))).toArray() == nil)
    }

    @Test("reduceEach and +zip:reduce: report their typed operations")
    func operations() {
        let recorded = RecordedInstrumentation()
        let (each, zipped, a, b) = Instrumentation.withInstrument(recorded, clock: TestScheduler()) {
            let a = Subject<Int>(), b = Subject<Int>()
            return (Signal.combineLatest([a, b]).reduceEach { $0.reduce(0, +) }.signalID,
                    Signal.zip([a, b]) { $0.reduce(0, +) }.signalID, a.signalID, b.signalID)
        }
        var operations: [Int: SignalOperation] = [:]
        for kind in recorded.kinds {
            switch kind {
            case .signalOperation(let signal, let operation, _), .signalCreated(let signal, _, _, let operation?, _):
                operations[signal] = operation
            default: break
            }
        }
        #expect(operations[each] == .reduceEach)
        #expect(operations[zipped] == .zipReduce(signals: [a, b]))
    }
}
