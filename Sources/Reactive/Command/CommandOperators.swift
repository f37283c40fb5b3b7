// The operators RACCommand.m uses that this module does not have yet, each the
// minimal internal equivalent of RAC 2.5's, named as RAC names its result so
// that traces show them as RAC would: -not, -and and +if:then:else:
// (RACSignal+Operations.m). Its -first is the public first() (First.swift).
// Their names here are plain words that no public operator is likely to take.

extension Signal where Value == Bool {
    /// Sends the opposite of each value (RAC's `-not`).
    func negated() -> Signal<Bool> {
        map(named: "[\(name)] -not", operation: .not) { !$0 }
    }

    /// Sends `trueSignal`'s events while the receiver's latest value is true and
    /// `falseSignal`'s while it is false (RAC's `+if:then:else:`): each value is
    /// mapped to one of them, and the result switches to the latest.
    static func choosing<Result: Sendable>(
        _ condition: Signal<Bool>, then trueSignal: Signal<Result>, else falseSignal: Signal<Result>
    ) -> Signal<Result> {
        condition.map { $0 ? trueSignal : falseSignal }
            .switchToLatest()
            .described(
                as: "+if: \(condition.name) then: \(trueSignal.name) else: \(falseSignal.name)",
                operation: .if(condition: condition.operandID, then: trueSignal.operandID, else: falseSignal.operandID))
    }
}

extension Signal where Value == [Bool] {
    /// Sends whether every element of each array is true (RAC's `-and`, which
    /// reduces the tuples of `+combineLatest:`).
    func allTrue() -> Signal<Bool> {
        map(named: "[\(name)] -and", operation: .and) { $0.allSatisfy { $0 } }
    }
}
