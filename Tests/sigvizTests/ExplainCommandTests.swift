import Foundation
import Reactive
import Scenarios
import Testing
import Tracer

// `sigviz explain` (issue 16): findings in a terminal and as JSON, placed in the file, with
// --fail-on for CI.

@Suite("sigviz explain")
struct ExplainCommandTests {
    private func file(_ text: String, in directory: URL, named name: String = "late.sigviz") throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    private static let late = """
        subject prices
        subscribe "Early" to prices
        at 1 send prices "100"
        at 3 subscribe "Late" to prices
        """

    @Test("a scenario without findings says so, and exits with status 0")
    func noFindings() throws {
        let run = try sigviz("explain", "fetchdata-replaylazily")
        #expect(run.status == 0)
        #expect(run.output == "fetchdata-replaylazily: no findings\n")
    }

    @Test("a finding in a scenario file is placed at its line and column, with its kind in words")
    func placed() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try file(Self.late, in: directory)
        let run = try sigviz("explain", path)
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("\(path):1:1: missed values: Late → prices subscribed to the subject prices at 3 s"))
    }

    @Test("--fail-on exits with status 1 for a kind found, 0 for a kind not found")
    func failOn() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try file(Self.late, in: directory)
        #expect(try sigviz("explain", path, "--fail-on", "missedValues").status == 1)
        #expect(try sigviz("explain", path, "--fail-on", "repeatedSideEffect").status == 0)
        #expect(try sigviz("explain", path, "--fail-on", "repeatedSideEffect, missedValues").status == 1)
    }

    @Test("--fail-on over several inputs exits with status 1 when any of them has the kind, in any position")
    func failOnAnyInput() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let late = try file(Self.late, in: directory)
        let clean = try file("cold c: +1 next \"a\", +2 completed\nsubscribe \"A\" to c\n", in: directory, named: "clean.sigviz")
        #expect(try sigviz("explain", clean, late, "--fail-on", "missedValues").status == 1)
        #expect(try sigviz("explain", late, clean, "--fail-on", "missedValues").status == 1)
        #expect(try sigviz("explain", clean, clean, "--fail-on", "missedValues").status == 0)
    }

    @Test("--fail-on with a kind that does not exist is a usage error naming the kinds")
    func failOnUnknown() throws {
        let run = try sigviz("explain", "fetchdata", "--fail-on", "slowness")
        #expect(run.status == 64)
        #expect(run.errors.contains("--fail-on: 'slowness' is not a kind of finding; the kinds are terminatedPipeline, repeatedSideEffect, "))
    }

    @Test("a trace recorded from Swift places each finding where its code subscribed, and suggests Swift where it named the signal")
    func swiftRecording() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scheduler = TestScheduler()
        let line = #line + 8
        let trace = Trace.record(title: "two bindings", clock: scheduler) {
            let request = Signal<String>.create { subscriber in
                scheduler.schedule(after: 1) { subscriber.sendNext("user"); subscriber.sendCompleted() }
                return nil
            }.named("request")
            let name = request.map { "name of \($0)" }
            let avatar = request.map { "avatar of \($0)" }
            name.subscribe(label: "name label")
            avatar.subscribe(label: "avatar")
            scheduler.stepAll()
            return request
        }
        let path = directory.appendingPathComponent("bindings.json").path
        try trace.json().write(to: URL(fileURLWithPath: path))
        let text = try sigviz("explain", path)
        #expect(text.output.hasPrefix("\(path) (sigvizTests/ExplainCommandTests.swift:\(line)): repeated side effect: "), "\(text.output)")
        // Its suggestion is Swift, placed where the code named the signal to change.
        #expect(text.output.contains("put `.replayLazily()` after request (sigvizTests/ExplainCommandTests.swift:\(line - 3))"),
                "\(text.output)")
        #expect(text.output.contains("  not proven: a trace file has nothing to run again; MarbleTest.explain (SigvizTesting) runs the code again with the change\n"))
        let run = try sigviz("explain", path, "--format", "json")
        let object = try #require(try JSONSerialization.jsonObject(with: run.data) as? [String: Any])
        let findings = try #require((object["inputs"] as? [[String: Any]])?.first?["findings"] as? [[String: Any]])
        #expect(findings.first?["site"] as? String == "sigvizTests/ExplainCommandTests.swift:\(line)")
    }

    @Test("a Swift recording's change the testing kit cannot make (catching inside a flattenMap) is not pointed to the kit")
    func swiftChangeTheKitCannotMake() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        struct Failed: Error {}
        let scheduler = TestScheduler()
        let trace = Trace.record(title: "feed", clock: scheduler) {
            let pulls = Subject<Int>().named("pulls")
            pulls.flattenMap { pull in pull == 1 ? Signal<Int>.error(Failed()) : Signal<Int>.return(pull) }.subscribe(label: "feed")
            pulls.sendNext(1)
            pulls.sendNext(2)
            return pulls
        }
        let path = directory.appendingPathComponent("feed.json").path
        try trace.json().write(to: URL(fileURLWithPath: path))
        let text = try sigviz("explain", path)
        #expect(text.output.contains("`.catchTo(.empty())`"), "\(text.output)")
        #expect(text.output.contains("  not proven: a trace file has nothing to run again\n"), "\(text.output)")
        #expect(!text.output.contains("MarbleTest"))
    }

    @Test("a trace file gives its findings, with no place and no proof")
    func traceFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenario = try file(Self.late, in: directory)
        let trace = directory.appendingPathComponent("late.json").path
        #expect(try sigviz("trace", scenario, "-o", trace).status == 0)
        let run = try sigviz("explain", trace, "--format", "json")
        #expect(run.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: run.data) as? [String: Any])
        let inputs = try #require(object["inputs"] as? [[String: Any]])
        let findings = try #require(inputs.first?["findings"] as? [[String: Any]])
        #expect(findings.map { $0["kind"] as? String } == ["missedValues"])
        #expect(findings.first?["line"] is NSNull)
        #expect(findings.first?["fix"] is NSNull)
        let text = try sigviz("explain", trace)
        #expect(text.output.contains("\n  not proven: a trace file has nothing to run again\n"))
    }

    @Test("the JSON is the same bytes on every run, one entry per input, and parses")
    func jsonDeterministic() throws {
        let first = try sigviz("explain", "fetchdata", "subject-vs-replay", "--format", "json")
        let second = try sigviz("explain", "fetchdata", "subject-vs-replay", "--format", "json")
        #expect(first.status == 0)
        #expect(first.data == second.data)
        let object = try #require(try JSONSerialization.jsonObject(with: first.data) as? [String: Any])
        let inputs = try #require(object["inputs"] as? [[String: Any]])
        #expect(inputs.map { $0["input"] as? String } == ["fetchdata", "subject-vs-replay"])
    }

    @Test("done when: explain fetchdata names fetchData's six runs with the bindings that caused them and proves replayLazily makes one, every binding unchanged")
    func fetchdata() throws {
        let run = try sigviz("explain", "fetchdata")
        #expect(run.status == 0)
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first?.hasPrefix("fetchdata:12:1: repeated side effect: fetchData's didSubscribe ran 6 times, once per subscription: "
            + "someLabel → someLabelText → catchTo of title → title → fetchData at 0 s; originTextView → ") == true)
        for binding in ["someLabel", "originTextView", "renderedTextView", "alert"] {
            #expect(lines.first?.contains("\(binding) → ") == true, "\(binding)")
        }
        #expect(lines.contains("  proven: the change, run again on the same virtual times:"))
        #expect(lines.contains("    after line 12, add: let sharedFetchData = fetchData | replayLazily"))
        #expect(lines.contains("  fetchData's didSubscribe: 6 runs before, 1 after"))
        #expect(lines.contains("  every subscriber receives the same events at the same times "
            + "(someLabel, originTextView, renderedTextView, alert)"))
        #expect(try sigviz("explain", "fetchdata-replaylazily", "--fail-on", "repeatedSideEffect").status == 0)
    }

    @Test("a trace file keeps which operator a named signal is: a takeUntil's trigger read back from JSON misses nothing")
    func traceKeepsOperation() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenario = try file("""
            subject closed
            cold updates: +1 next "u1", +2 next "u2", +3 completed
            send closed "previous screen closed"
            let lifetime = updates | takeUntil closed
            at 1 subscribe "View" to lifetime
            """, in: directory, named: "lifetime.sigviz")
        let trace = directory.appendingPathComponent("lifetime.json").path
        #expect(try sigviz("trace", scenario, "-o", trace).status == 0)
        #expect(try String(contentsOfFile: trace, encoding: .utf8).contains("\"operation\": {\"name\": \"takeUntil\", \"trigger\": 0}, \"receiver\": 1"))
        #expect(try sigviz("explain", scenario).output == "\(scenario): no findings\n")
        #expect(try sigviz("explain", trace).output == "\(trace): no findings\n")
    }
}

@Suite("explain --format json is bounded")
struct ExplainJSONBoundTests {
    @Test("a fix lists at most 100 subscribers, the unchanged ones by label, and says how many it left out")
    func subscribersCapped() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("many.sigviz")
        let subscribes = (1...300).map { "subscribe \"S\($0)\" to c" }.joined(separator: "\n")
        try "cold c: +1 next \"x\", +1 completed\n\(subscribes)\n".write(to: file, atomically: true, encoding: .utf8)
        let run = try sigviz("explain", file.path, "--format", "json")
        #expect(run.status == 0, "\(run.errors)")
        let json = try #require(try JSONSerialization.jsonObject(with: run.data) as? [String: Any])
        let inputs = try #require(json["inputs"] as? [[String: Any]])
        let findings = try #require(inputs.first?["findings"] as? [[String: Any]])
        let fix = try #require(findings.first { $0["kind"] as? String == "repeatedSideEffect" }?["fix"] as? [String: Any])
        let subscribers = try #require(fix["subscribers"] as? [[String: Any]])
        #expect(subscribers.count == 100)
        #expect(fix["subscribersLeftOut"] as? Int == 200)
        // Unchanged: by label, without their events.
        #expect(subscribers.allSatisfy { $0["unchanged"] as? Bool == true && $0["before"] == nil && $0["after"] == nil })
    }
}
