@testable import Scenarios
import Reactive
import Testing
import Tracer

// What a run leaves alive (a command's machinery, an interval a shared replay never disposes) must
// not keep the run's recorded events: the recording gate lets go of its recorder once the trace is taken.

@Suite("A finished run lets go of its recording")
struct RecordingReleaseTests {
    @Test("after the trace, nothing holds the recorder: not the command's machinery (command-while-executing), not a run stopped at its limit",
          arguments: ["command-while-executing", "takeuntil-lifetime", "fetchdata"])
    func recorderReleased(name: String) throws {
        let scenario = try #require(Catalog.file(named: name)).scenario(named: name)
        weak var released: TraceRecorder?
        do {
            let recorder = TraceRecorder(origin: 0, limit: nil)
            released = recorder
            #expect(scenario.trace(recordingInto: recorder) != nil)
        }
        #expect(released == nil)
    }

    @Test("a run stopped at its limit (a shared interval nobody disposes) lets go of its recorder too")
    func stoppedRunReleased() throws {
        let file = try ScenarioFile(parsing: "let clock = interval 1 | replayLazily\nsubscribe \"A\" to clock\n", file: "forever.sigviz")
        let scenario = file.scenario(named: "forever")
        weak var released: TraceRecorder?
        do {
            let recorder = TraceRecorder(origin: 0, limit: 500)
            released = recorder
            #expect(scenario.trace(recordingInto: recorder, budget: ReportBudget(maximumReports: 500)) == nil)
        }
        #expect(released == nil)
    }
}
