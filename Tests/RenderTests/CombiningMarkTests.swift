import Foundation
import Reactive
import Render
import Scenarios
import Testing
import Tracer

/// "a" followed by `marks` combining acute accents: one character of 1 + 2 × `marks` bytes.
private func heavy(_ marks: Int) -> String {
    "a" + String(repeating: "\u{301}", count: marks)
}

/// Every place a scenario file holds text, with `TEXT` where the text goes.
private let textPositions = [
    "title \"TEXT\"\ncold c: +1 next \"v\"\nsubscribe \"S\" to c",
    "about \"TEXT\"\ncold c: +1 next \"v\"\nsubscribe \"S\" to c",
    "cold c: +1 next \"TEXT\", +2 completed\nsubscribe \"S\" to c",
    "cold c: +1 error \"TEXT\"\nsubscribe \"S\" to c",
    "cold c \"-a|\" values a = \"TEXT\"\nsubscribe \"S\" to c",
    "behavior b \"TEXT\"\nsubscribe \"S\" to b",
    "cold c: +1 next \"v\"\nlet p = c | map \"TEXT{}\"\nsubscribe \"S\" to p",
    "cold c: +1 next \"v\"\nlet p = c | filter \"TEXT\", \"v\"\nsubscribe \"S\" to p",
    "cold c: +1 next \"v\"\nlet p = c | startWith \"TEXT\"\nsubscribe \"S\" to p",
    "let p = error \"x\" | catchTo return \"TEXT\"\nsubscribe \"S\" to p",
    "cold c: +1 next \"v\"\nlet p = c | named \"TEXT\"\nsubscribe \"S\" to p",
    "cold c: +1 next \"v\", +2 completed\nlet g = c | groupBy \"v\" = \"TEXT\"\nsubscribe \"G\" to g each",
    "cold c: +1 next \"v\"\nlet p = c | flattenMap return \"TEXT\"\nsubscribe \"S\" to p",
    "let d = defer return \"TEXT {now}\"\nsubscribe \"S\" to d",
    "cold c: +1 next \"v\"\nsubscribe \"TEXT\" to c",
    "subject s\nsubscribe \"S\" to s\nat 1 send s \"TEXT\"",
    "subject s\nsubscribe \"S\" to s\nat 1 fail s \"TEXT\"",
    "cold c: +1 next \"v\"\nsubscribe \"S\" to c\nexpect \"S\" to c \"-TEXT\" values TEXT = \"v\"",
]

@Suite("Text is bounded by its bytes, not its characters: combining marks in every text position")
struct CombiningMarkTests {
    @Test("a line of one character and 200 KB is refused by its bytes, with a short message", arguments: textPositions)
    func heavyLineRefused(position: String) throws {
        let text = position.replacingOccurrences(of: "TEXT", with: heavy(100_000))
        let error = #expect(throws: ScenarioFileError.self) { try ScenarioFile(parsing: text, file: "heavy.sigviz") }
        #expect(error?.message == "a line may have at most 40000 bytes of UTF-8")
        #expect((error?.description.utf8.count ?? .max) < 2_000, "the message quotes a bounded window of the line")
        #expect((error?.text.utf8.count ?? .max) <= 40_004)
    }

    @Test("text of 30 KB in one character runs, and names, labels and drawings stay bounded", arguments: textPositions)
    func heavyTextBounded(position: String) throws {
        let text = position.replacingOccurrences(of: "TEXT", with: heavy(15_000))
        let file: ScenarioFile
        do {
            file = try ScenarioFile(parsing: text, file: "heavy.sigviz")
        } catch {
            // Refused for what the text is (a marble character, say): the message is still short.
            #expect(error.description.utf8.count < 2_000, "\(error.message)")
            return
        }
        let trace = try file.scenario(named: "heavy").trace(maximumEvents: 10_000)
        for signal in trace.signals { #expect(signal.name.utf8.count <= 4 * signalNameLimit) }
        for subscription in trace.subscriptions { #expect((subscription.label?.utf8.count ?? 0) <= 4 * traceLabelLimit) }
        for event in trace.events {
            switch event.kind {
            case .next(_, let value, _), .send(_, let value): #expect(value.utf8.count <= 4 * traceLabelLimit)
            case .error(_, let message, _), .sendError(_, let message): #expect(message.utf8.count <= 4 * traceLabelLimit)
            default: break
            }
        }
        // The title (30 KB at most, a line) is the only text drawn whole; everything else is cut.
        let title = (trace.title ?? "").utf8.count
        let timeline = TimelineRenderer(theme: .light).render(trace)
        #expect(timeline.utf8.count < 40_000 + 4 * title, "\(timeline.utf8.count) bytes")
        let graph = GraphRenderer(theme: .light).render(trace)
        #expect(graph.utf8.count < 40_000 + 4 * title, "\(graph.utf8.count) bytes")
        let site = ReportBuilder().build([RecordedScenario(name: "heavy", title: trace.title ?? "heavy", about: file.about, source: text, trace: trace)])
        let bytes = site.reduce(0) { $0 + $1.contents.count }
        #expect(bytes < 300_000 + 6 * text.utf8.count, "\(bytes) bytes")
    }

    @Test("a name of one character and 30 KB is quoted cut in the error that names it")
    func heavyNameQuoted() {
        let error = #expect(throws: ScenarioFileError.self) {
            try ScenarioFile(parsing: "subscribe \"S\" to \(heavy(15_000))", file: "name.sigviz")
        }
        #expect((error?.message.utf8.count ?? .max) < 600, "\(error?.message.utf8.count ?? 0) bytes")
        #expect((error?.description.utf8.count ?? .max) < 2_000)
    }
}
