import Testing
@testable import Reactive

// -takeUntilBlock: and -skipUntilBlock: (RACStream.m), with RACStreamExamples' examples on
// virtual time: the `until` forms the `while` forms are built on.

/// RACStreamExamples' values for the predicate tests.
private let predicateValues = [0, 1, 2, 3, 0, 2, 4]

@Suite struct UntilBlockTests {
    @Test("take(until:) takes until the predicate is true (RACStreamExamples: should take until a predicate is true)")
    func takeUntil() {
        let scheduler = TestScheduler()
        let events = run(values(predicateValues, scheduler).take(until: { $0 >= 3 }), scheduler)
        #expect(events == [.next(0, at: 1), .next(1, at: 2), .next(2, at: 3), .completed(at: 4)])
    }

    @Test("skip(until:) skips until the predicate is true, then forwards everything (RACStreamExamples: should skip until a predicate is true)")
    func skipUntil() {
        let scheduler = TestScheduler()
        let events = run(values(predicateValues, scheduler).skip(until: { $0 >= 3 }), scheduler)
        #expect(events == [.next(3, at: 4), .next(0, at: 5), .next(2, at: 6), .next(4, at: 7), .completed(at: 8)])
    }

    @Test("take(while:) is take(until:) with the predicate negated, and skip(while:) skip(until:), each one signal named as RAC renames it")
    func whileFormsAreUntilForms() {
        /// The run of `make` applied to the values, on a scheduler of its own.
        func events(_ make: (Signal<Int>) -> Signal<Int>) -> [Recorded<Int>] {
            let scheduler = TestScheduler()
            return run(make(values(predicateValues, scheduler)), scheduler)
        }
        #expect(events { $0.take(while: { $0 < 3 }) } == events { $0.take(until: { $0 >= 3 }) })
        #expect(events { $0.skip(while: { $0 < 3 }) } == events { $0.skip(until: { $0 >= 3 }) })
        let source = values(predicateValues, TestScheduler())
        #expect(source.take(until: { $0 >= 3 }).name == "[\(source.name)] -takeUntilBlock:")
        #expect(source.skip(until: { $0 >= 3 }).name == "[\(source.name)] -skipUntilBlock:")
        #expect(source.take(while: { $0 < 3 }).name == "[\(source.name)] -takeWhileBlock:")
        #expect(source.skip(while: { $0 < 3 }).name == "[\(source.name)] -skipWhileBlock:")
    }
}
