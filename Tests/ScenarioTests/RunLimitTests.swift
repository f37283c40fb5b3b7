import Dispatch
import Foundation
import Scenarios
import Testing
import Tracer

/// A subject subscribed to a map of itself: every value it sends comes back to it, without end.
private let selfFeeding = """
    subject s
    let loop = s | map "{}"
    subscribe s to loop
    subscribe "A" to s
    at 1 send s "x"
    """

/// Outcomes by index, set from several threads.
private final class LockedOutcomes: @unchecked Sendable {
    // @unchecked: `outcomes` is only touched with `lock` held.
    private let lock = NSLock()
    private var outcomes: [Int: String] = [:]

    func set(_ index: Int, _ outcome: String) { lock.withLock { outcomes[index] = outcome } }
    var all: [Int: String] { lock.withLock { outcomes } }
}

@Suite("A scenario run's limit on events")
struct RunLimitTests {
    private func scenario(_ text: String) throws -> Scenario {
        try ScenarioFile(parsing: text, file: "limit.sigviz").scenario(named: "limit")
    }

    @Test("a scenario whose events feed themselves stops at its limit and throws")
    func runawayThrows() throws {
        let scenario = try scenario(selfFeeding)
        #expect(throws: RunLimitExceeded.events(EventLimitExceeded(maximumEvents: 500))) { try scenario.trace(maximumEvents: 500) }
        let error = try #require(throws: RunLimitExceeded.self) { try scenario.trace(maximumEvents: 500) }
        #expect(error.description == "the scenario made more than 500 events, the limit")
    }

    @Test("a scenario within its limit runs to the trace it has without one", arguments: ["fetchdata", "channel", "groupby"])
    func withinTheLimit(name: String) throws {
        let scenario = try #require(Catalog.scenario(named: name))
        let unlimited = scenario.trace()
        // The limit counts every report of the runtime, a renaming too, so a little more than the events.
        #expect(try scenario.trace(maximumEvents: 2 * unlimited.events.count) == unlimited)
        #expect(throws: RunLimitExceeded.self) { try scenario.trace(maximumEvents: unlimited.events.count - 1) }
    }

    @Test("the clean-up after the trace counts against the limit: a channel whose completion feeds a subject cycle ends",
          arguments: ["a", "b"])
    func channelCleanUpIsBounded(terminal: String) throws {
        // Completing the channel after the trace makes `then` subscribe to `v`, whose value then
        // goes round s and loop forever: the clean-up used to run without end.
        let scenario = try scenario("""
            channel a b
            subject s
            let loop = s | map "{}"
            subscribe s to loop
            let v = return "v"
            let t = \(terminal) | then v
            subscribe s to t
            subscribe "A" to t
            """)
        let trace = try scenario.trace(maximumEvents: 10_000)
        #expect(throws: Never.self) { try trace.validate() }
        #expect(!trace.events.contains { if case .send = $0.kind { true } else { false } }, "nothing was sent while recording")
    }

    @Test("two runs with different limits at once: each is held to its own")
    func separateLimits() throws {
        let scenario = try scenario(selfFeeding)
        let fetchData = try #require(Catalog.scenario(named: "fetchdata"))
        // An NSLock, not a Mutex: ThreadSanitizer on Linux does not see Synchronization's Mutex.
        let outcomes = LockedOutcomes()
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            let outcome: String
            switch index % 2 {
            case 0:
                outcome = (try? scenario.trace(maximumEvents: 200 + index)) == nil ? "stopped" : "ran"
            default:
                outcome = (try? fetchData.trace(maximumEvents: 1_000_000)) == fetchData.trace() ? "ran" : "differs"
            }
            outcomes.set(index, outcome)
        }
        #expect(outcomes.all == [0: "stopped", 1: "ran", 2: "stopped", 3: "ran"])
    }
}

@Suite("Expectations are matched by the name subscribed to")
struct ExpectationMatchingTests {
    @Test("one label on several signals: each expectation checks the subscription to its own name, whatever the order they were made in")
    func sameLabelDifferentNames() throws {
        let file = try ScenarioFile(parsing: """
            frame 1
            cold c: +1 next "1", +1 completed
            subject s
            let m = c | map "m{}"
            at 2 subscribe "A" to m
            subscribe "A" to c
            at 1 subscribe "A" to s
            at 3 send s "x"
            expect "A" to m "---(a|)" values a = "m1"
            expect "A" to c "-(a|)" values a = "1"
            expect "A" to s "---x"
            expect "B" to s "-"
            """, file: "names.sigviz")
        let (trace, results) = file.check(named: "names")
        #expect(results.map(\.passed) == [true, true, true, false])
        let ids = results.map(\.subscription)
        #expect(Set(ids.compactMap { $0 }).count == 3)
        // m is a map of c, named m by its let; RAC's description of it is kept beside.
        for (result, name) in zip(results.prefix(3), ["m", "c", "s"]) {
            let id = try #require(result.subscription)
            #expect(trace.subscriptions[id].label == "A")
            #expect(trace.signals[trace.subscriptions[id].signal].name == name)
        }
        #expect(results[3].problem == "no subscriber \"B\" subscribed to s")
    }

    @Test("groups subscribed with each are matched by their key and the name of the grouped signal")
    func groups() throws {
        let file = try ScenarioFile(parsing: """
            frame 1
            cold c: +1 next "1", +2 next "2", +3 next "3", +4 completed
            let g = c | groupBy "1" = "odd", "3" = "odd", "2" = "even"
            subscribe "G" to g each
            expect "odd" to g "-a-b|" values a = "1", b = "3"
            expect "even" to g "--a-|" values a = "2"
            """, file: "groups.sigviz")
        let (_, results) = file.check(named: "groups")
        #expect(results.map(\.passed) == [true, true], "\(results)")
    }

    @Test("a command executed after the run went past its limit refuses the run instead of trapping in first()")
    func commandPastTheLimit() throws {
        // Truth oracle, seed 22018: the subject feeding itself exhausts the budget at once, and the
        // command's execute then asked its enabled signal for a first value that never came.
        let file = try ScenarioFile(parsing: """
            cold request: +0.5 completed
            command save: request concurrent
            behavior b "c"
            subscribe b to b
            execute save "go"
            """, file: "loop.sigviz")
        #expect(throws: RunLimitExceeded.events(EventLimitExceeded(maximumEvents: 300))) {
            try file.scenario(named: "loop").trace(maximumEvents: 300)
        }
    }

    @Test("with a limit, check throws instead of running on")
    func checkWithALimit() throws {
        let file = try ScenarioFile(parsing: selfFeeding + "\nexpect \"A\" to s \"-x\"", file: "loop.sigviz")
        #expect(throws: RunLimitExceeded.events(EventLimitExceeded(maximumEvents: 300))) { try file.check(named: "loop", maximumEvents: 300) }
    }
}
