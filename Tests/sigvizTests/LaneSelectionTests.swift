import Foundation
import Testing

@Suite("render --lane-order and --only")
struct LaneSelectionTests {
    @Test("--only draws the lanes of the signal named and its subscribers, and nothing of the others")
    func only() throws {
        let run = try sigviz("render", "subject-vs-replay", "--only", "replaySubject")
        #expect(run.status == 0)
        #expect(run.output.contains(">→ replaySubject</text>"))
        #expect(!run.output.contains(">→ subject</text>"))
    }

    @Test("an --only name that picks no lane exits 64, naming it and the names there are")
    func unknown() throws {
        let run = try sigviz("render", "subject-vs-replay", "--only", "replay")
        #expect(run.status == 64)
        #expect(run.output.isEmpty)
        #expect(run.errors == "Error: --only: no lane is named 'replay'; the names are 'Subscriber 1', 'Subscriber 2', "
            + "'Subscriber 3', 'Subscriber 4', 'replaySubject', 'subject'\n")
    }

    @Test("--lane-order takes signal or subscription, and refuses anything else naming the option")
    func order() throws {
        let grouped = try sigviz("render", "subject-vs-replay")
        let ordered = try sigviz("render", "subject-vs-replay", "--lane-order", "subscription")
        #expect(grouped.status == 0 && ordered.status == 0)
        #expect(grouped.output != ordered.output)
        let bad = try sigviz("render", "subject-vs-replay", "--lane-order", "time")
        #expect(bad.status == 64)
        #expect(bad.errors.contains("--lane-order"))
    }
}
