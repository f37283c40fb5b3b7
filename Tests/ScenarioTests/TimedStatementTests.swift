import Scenarios
import Testing
import Tracer

// What each time form of a statement means (issue 26, item 11): `at 0` runs at time 0 after every
// line of the file has been read and set up, as every `at` does; a statement without `at` runs
// while the file is set up, in the file's order.
@Suite("The meaning of a statement's time")
struct TimedStatementTests {
    /// What the subscriber labelled "L" received.
    private func received(_ text: String) throws -> [String] {
        let trace = try ScenarioFile(parsing: text, file: "t.sigviz").scenario(named: "t").trace()
        let subscription = try #require(trace.subscriptions.first { $0.label == "L" })
        return trace.events.compactMap { event in
            guard case .next(subscription.id, let value, _) = event.kind else { return nil }
            return "\(value)@\(event.time)"
        }
    }

    @Test("`at 0 send` before the subscriber's line reaches it: at 0 runs after the whole file is set up")
    func atZeroRunsAfterSetUp() throws {
        #expect(try received("subject s\nat 0 send s \"x\"\nsubscribe \"L\" to s\n") == ["x@0.0"])
    }

    @Test("a send without `at` before the subscriber's line does not reach it: it runs in the file's order")
    func withoutAtRunsInOrder() throws {
        #expect(try received("subject s\nsend s \"x\"\nsubscribe \"L\" to s\nsend s \"y\"\n") == ["y@0.0"])
    }

    @Test("`at` times run in time order, same-time statements in the file's order")
    func atOrder() throws {
        #expect(try received("subject s\nsubscribe \"L\" to s\nat 2 send s \"late\"\nat 1 send s \"b\"\nat 1 send s \"c\"\n")
                == ["b@1.0", "c@1.0", "late@2.0"])
    }
}
