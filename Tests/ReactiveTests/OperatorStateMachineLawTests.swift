import Testing
@testable import Reactive

/// The law every stateful operator's state machine keeps, checked on every sequence of inputs up to
/// a length (not a sample: all of them), each value a distinct number:
/// - nothing is sent, dropped or released that was not received;
/// - a value is dropped at most once, and only if it was never sent; it is released only after it
///   was sent (a value let go of unsent is a drop, which a trace shows, never a silent release);
/// - once the operator has ended (sent completion or an error), it sends and drops nothing more;
/// - when it ends, every value it received was sent or dropped: none is lost silently.
///
/// With ``OperatorStorage`` reporting every drop, once, in the context of the input that made it,
/// this is the law "every discarded value is reported, once" for each operator made this way; the
/// truth oracle checks the same law from traces of generated scenario files.
@Suite struct OperatorStateMachineLawTests {
    /// One input the sequences are made of.
    private struct Symbol<Machine: OperatorStateMachine> {
        let name: String
        /// The input, given a fresh value number (used when `receives`).
        let input: (Int) -> Machine.Input
        var receives = false
        /// Whether it ends the operator's source (a completion or an error): after it, only inputs
        /// that may still come (a flush already scheduled) are tried.
        var ends = false
        /// Whether it may come after the source ended.
        var mayFollowEnd = false
    }

    /// What became of each value so far.
    private struct Ledger {
        var received: Set<Int> = []
        var sent: Set<Int> = []
        var dropped: Set<Int> = []
        var released: Set<Int> = []
        var ended = false
    }

    /// Every violation of the law by `make()` over all sequences of `alphabet` up to `length`.
    private func violations<Machine: OperatorStateMachine>(
        _ make: () -> Machine, _ alphabet: [Symbol<Machine>], length: Int,
        values: @escaping (Machine.Output) -> [Int], number: @escaping (Machine.Received) -> Int
    ) -> (violations: [String], sequences: Int) {
        var found: [String] = []
        var sequences = 0
        func explore(_ machine: Machine, _ ledger: Ledger, _ path: [String], sourceEnded: Bool, next: Int) {
            sequences += 1
            if found.count > 5 { return }
            guard path.count < length else { return }
            for symbol in alphabet where !sourceEnded || symbol.mayFollowEnd {
                var machine = machine
                var ledger = ledger
                let value = next
                if symbol.receives { ledger.received.insert(value) }
                let actions = machine.handle(symbol.input(value))
                let steps = path + [symbol.receives ? "\(symbol.name)(\(value))" : symbol.name]
                func fail(_ why: String) { found.append("\(steps.joined(separator: ", ")): \(why)") }
                for action in actions {
                    switch action {
                    case .sendNext(let output):
                        if ledger.ended { fail("sends after its end") }
                        for sent in values(output) {
                            if !ledger.received.contains(sent) { fail("sends \(sent), never received") }
                            if ledger.dropped.contains(sent) { fail("sends \(sent), dropped before") }
                            ledger.sent.insert(sent)
                        }
                    case .drop(let received):
                        let dropped = number(received)
                        if ledger.ended { fail("drops \(dropped) after its end") }
                        if !ledger.received.contains(dropped) { fail("drops \(dropped), never received") }
                        if ledger.sent.contains(dropped) { fail("drops \(dropped), which it sent") }
                        if !ledger.dropped.insert(dropped).inserted { fail("drops \(dropped) twice") }
                    case .release(let received):
                        let released = number(received)
                        if !ledger.sent.contains(released) { fail("releases \(released) unsent: a drop no trace would show") }
                        if !ledger.released.insert(released).inserted { fail("releases \(released) twice") }
                    case .sendCompleted, .sendError:
                        if ledger.ended { fail("ends twice") }
                        ledger.ended = true
                        let lost = ledger.received.subtracting(ledger.sent).subtracting(ledger.dropped)
                        if !lost.isEmpty { fail("ends with \(lost.sorted()) neither sent nor dropped") }
                    case .schedule, .scheduleAnother, .cancelScheduled: break
                    }
                }
                explore(machine, ledger, steps, sourceEnded: sourceEnded || symbol.ends || ledger.ended, next: next + 1)
            }
        }
        explore(make(), Ledger(), [], sourceEnded: false, next: 0)
        return (found, sequences)
    }

    private struct Failure: Error {}

    @Test("a machine's actions keep their order, the two held in place and the ones after them, and + keeps both sides'")
    func actionsInOrder() {
        typealias Actions = OperatorActions<TakeLastStateMachine<Int>>
        func numbers(_ actions: Actions) -> [Int] {
            actions.map { action in if case .sendNext(let number) = action { number } else { -1 } }
        }
        #expect(numbers([]) == [])
        #expect(numbers([.sendNext(1)]) == [1])
        #expect(numbers([.sendNext(1), .sendNext(2)]) == [1, 2])
        #expect(numbers(Actions((1...5).map { .sendNext($0) })) == [1, 2, 3, 4, 5])
        #expect(numbers([.sendNext(1)] + Actions((2...4).map { .sendNext($0) }) + [.sendCompleted]) == [1, 2, 3, 4, -1])
    }

    @Test("throttle's machine, with and without a test, over every sequence of 9 inputs")
    func throttle() {
        typealias Machine = ThrottleStateMachine<Int>
        let alphabet: [Symbol<Machine>] = [
            Symbol(name: "held", input: { .value($0, throttled: true) }, receives: true),
            Symbol(name: "passed", input: { .value($0, throttled: false) }, receives: true),
            Symbol(name: "flush", input: { _ in .flush }, mayFollowEnd: true),
            Symbol(name: "completed", input: { _ in .completed }, ends: true),
            Symbol(name: "failed", input: { _ in .failed(Failure()) }, ends: true),
        ]
        let result = violations({ Machine(interval: 1) }, alphabet, length: 9, values: { [$0] }, number: { $0 })
        #expect(result.violations == [])
        #expect(result.sequences > 10_000)
    }

    @Test("bufferWithTime's machine over every sequence of 7 inputs")
    func bufferWithTime() {
        typealias Machine = BufferWithTimeStateMachine<Int>
        let alphabet: [Symbol<Machine>] = [
            Symbol(name: "value", input: { .value($0) }, receives: true),
            Symbol(name: "flush", input: { _ in .flush }, mayFollowEnd: true),
            Symbol(name: "completed", input: { _ in .completed }, ends: true),
            Symbol(name: "failed", input: { _ in .failed(Failure()) }, ends: true),
        ]
        let result = violations({ Machine(interval: 1) }, alphabet, length: 7, values: { $0 }, number: { $0 })
        #expect(result.violations == [])
    }

    @Test("sample's machine over every sequence of 8 inputs")
    func sample() {
        typealias Machine = SampleStateMachine<Int>
        let alphabet: [Symbol<Machine>] = [
            Symbol(name: "value", input: { .value($0) }, receives: true),
            Symbol(name: "tick", input: { _ in .tick }),
            Symbol(name: "completed", input: { _ in .completed }, ends: true),
            Symbol(name: "failed", input: { _ in .failed(Failure()) }, ends: true),
        ]
        let result = violations({ Machine() }, alphabet, length: 8, values: { [$0] }, number: { $0 })
        #expect(result.violations == [])
    }

    @Test("takeLast's machine, keeping 0, 1, 2 and 3 values, over every sequence of 8 inputs", arguments: [0, 1, 2, 3])
    func takeLast(count: Int) {
        typealias Machine = TakeLastStateMachine<Int>
        let alphabet: [Symbol<Machine>] = [
            Symbol(name: "value", input: { .value($0) }, receives: true),
            Symbol(name: "completed", input: { _ in .completed }, ends: true),
            Symbol(name: "failed", input: { _ in .failed(Failure()) }, ends: true),
        ]
        let result = violations({ Machine(count: count) }, alphabet, length: 8, values: { [$0] }, number: { $0 })
        #expect(result.violations == [])
    }

    @Test("delay's machine over every sequence of 7 inputs, its timers firing in any order")
    func delay() {
        typealias Machine = DelayStateMachine<Int>
        var alphabet: [Symbol<Machine>] = [
            Symbol(name: "value", input: { .value($0) }, receives: true),
            Symbol(name: "completed", input: { _ in .completed }),
            Symbol(name: "completionDue", input: { _ in .completionDue }),
            Symbol(name: "failed", input: { _ in .failed(Failure()) }, ends: true),
        ]
        // The machine numbers its values from 0: the timer of each of the first four.
        for number in 0..<4 {
            alphabet.append(Symbol(name: "due\(number)", input: { _ in .due(number) }, mayFollowEnd: true))
        }
        let result = violations({ Machine(interval: 1) }, alphabet, length: 7, values: { [$0] }, number: { $0 })
        #expect(result.violations == [])
    }

    /// The inputs of a two-signal operator: each side's value, completion and error.
    private func operands<Machine: OperatorStateMachine>(
        _: Machine.Type
    ) -> [Symbol<Machine>] where Machine.Input == OperandEvent<Int, Int> {
        [
            Symbol(name: "left", input: { .left(.next($0)) }, receives: true),
            Symbol(name: "right", input: { .right(.next($0)) }, receives: true),
            Symbol(name: "leftCompleted", input: { _ in .left(.completed) }),
            Symbol(name: "rightCompleted", input: { _ in .right(.completed) }),
            Symbol(name: "leftFailed", input: { _ in .left(.error(Failure())) }, ends: true),
            Symbol(name: "rightFailed", input: { _ in .right(.error(Failure())) }, ends: true),
        ]
    }

    private func number(_ value: OperandValue<Int, Int>) -> Int {
        switch value {
        case .left(let number), .right(let number): number
        }
    }

    @Test("combineLatest's machine over every sequence of 6 inputs of either side")
    func combineLatest() {
        typealias Machine = CombineLatestStateMachine<Int, Int>
        let result = violations(
            { Machine() }, operands(Machine.self), length: 6, values: { [$0.left, $0.right] }, number: number)
        #expect(result.violations == [])
    }

    @Test("zip's machine over every sequence of 6 inputs of either side")
    func zip() {
        typealias Machine = ZipStateMachine<Int, Int>
        let result = violations(
            { Machine() }, operands(Machine.self), length: 6, values: { [$0.left, $0.right] }, number: number)
        #expect(result.violations == [])
    }
}
