@testable import Scenarios
import Synchronization
import Testing

/// Whether some work ran.
private final class Ran: Sendable {
    private let flag = Atomic(false)
    func mark() { flag.store(true, ordering: .relaxed) }
    var value: Bool { flag.load(ordering: .relaxed) }
}

@Suite("A scenario's thread")
struct LargeStackExecutorTests {
    @Test("a thread that cannot be made is reported, having run nothing")
    func threadRefused() {
        let ran = Ran()
        let started = LargeStackExecutor.startThread(stackSize: 1 << 60) { ran.mark() }
        #expect(!started)
        #expect(!ran.value)
    }

    @Test("when no thread can be made for a scenario's work, it runs on the caller's thread rather than never (a run waited for ever)")
    func noThreadRunsHere() {
        let ran = Ran()
        let executor = LargeStackExecutor(stackSizes: [1 << 60, 1 << 59])
        // Enqueued from here and, with no thread to run it, run here before Task returns.
        Task(executorPreference: executor) { ran.mark() }
        #expect(ran.value)
    }

    @Test("the stacks tried are the scenario's large stack first, then smaller ones")
    func stacksTried() {
        #expect(LargeStackExecutor.shared.stackSizes.first == Scenario.stackSize)
        #expect(LargeStackExecutor.shared.stackSizes == LargeStackExecutor.shared.stackSizes.sorted(by: >))
    }
}
