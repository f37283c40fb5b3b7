@testable import Reactive
import TestSupport
import Testing

@Suite("-not, -and and -or (RACSignalSpec)")
struct BooleanOperatorTests {
    @Test("-not inverts every BOOL sent (RACSignalSpec: should invert every BOOL sent)")
    func not() {
        let scheduler = TestScheduler()
        let subject = ReplaySubject<Bool>()
        subject.sendNext(false)
        subject.sendNext(true)
        subject.sendCompleted()
        #expect(run(subject.not(), scheduler) == [.next(true, at: 0), .next(false, at: 0), .completed(at: 0)])
        #expect(subject.not().name == "[\(subject.name)] -not")
    }

    @Test("-and is YES only for a tuple of all YES values (RACSignalSpec: should return YES if all YES values are sent)")
    func and() {
        let scheduler = TestScheduler()
        let subject = ReplaySubject<[Bool]>()
        subject.sendNext([true, false, true])
        subject.sendNext([false, false, false])
        subject.sendNext([true, true, true])
        subject.sendCompleted()
        #expect(run(subject.and(), scheduler) == [.next(false, at: 0), .next(false, at: 0), .next(true, at: 0), .completed(at: 0)])
        #expect(subject.and().name == "[\(subject.name)] -and")
    }

    @Test("-or is YES for a tuple with any YES value (RACSignalSpec: should return YES for any YES values sent)")
    func or() {
        let scheduler = TestScheduler()
        let subject = ReplaySubject<[Bool]>()
        subject.sendNext([true, false, true])
        subject.sendNext([false, false, false])
        subject.sendCompleted()
        #expect(run(subject.or(), scheduler) == [.next(true, at: 0), .next(false, at: 0), .completed(at: 0)])
        #expect(subject.or().name == "[\(subject.name)] -or")
    }

    @Test("each reports its operation, on its receiver, so a trace names it as RAC does")
    func operations() {
        let recorded = RecordedInstrumentation()
        let scheduler = TestScheduler()
        let (not, and, or) = Instrumentation.withInstrument(recorded, clock: scheduler) {
            let source = Subject<Bool>()
            let pairs = Subject<[Bool]>()
            return (source.not().signalID, pairs.and().signalID, pairs.or().signalID)
        }
        // The last operation reported for each signal.
        var operations: [Int: SignalOperation.Name] = [:]
        for event in recorded.events {
            switch event.kind {
            case .signalOperation(let signal, let operation, _), .signalCreated(let signal, _, _, let operation?, _):
                operations[signal] = operation.name
            default: break
            }
        }
        #expect(operations[not] == .not)
        #expect(operations[and] == .and)
        #expect(operations[or] == .or)
    }
}
