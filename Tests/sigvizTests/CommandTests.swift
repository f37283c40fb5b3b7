import Foundation
import Scenarios
import Testing
import Tracer

@Suite("The sigviz command line")
struct CommandTests {
    @Test("sigviz list names every built-in scenario with its experiment and title")
    func list() throws {
        let run = try sigviz("list")
        #expect(run.status == 0)
        let lines = run.output.split(separator: "\n")
        #expect(lines.count == Catalog.scenarios.count)
        #expect(lines.first?.hasPrefix("subject-vs-replay") == true)
        #expect(lines.first?.hasSuffix("experiment 1  Subject vs ReplaySubject") == true)
        #expect(lines.contains { $0.hasSuffix("(no article)  takeUntil: a subscription that ends with its view") },
                "a scenario beyond the articles names no experiment")
        for scenario in Catalog.scenarios {
            #expect(lines.contains { $0.hasPrefix(scenario.name + " ") }, "\(scenario.name)")
        }
    }

    @Test("sigviz list --verbose adds what each scenario shows")
    func listVerbose() throws {
        let run = try sigviz("list", "--verbose")
        #expect(run.status == 0)
        #expect(run.output.contains("history without its timeline"))
    }

    @Test("trace writes the scenario's JSON trace to standard output by default")
    func traceJSONToStandardOutput() throws {
        let run = try sigviz("trace", "publish")
        #expect(run.status == 0)
        let trace = try Trace(json: run.data)
        #expect(trace == Catalog.scenario(named: "publish")!.trace())
        #expect(run.data == trace.json())
    }

    @Test("trace -o writes the file, and two runs give identical bytes")
    func traceToFileIsDeterministic() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for format in ["json", "perfetto", "marbles"] {
            let first = directory.appendingPathComponent("first.\(format)")
            let second = directory.appendingPathComponent("second.\(format)")
            #expect(try sigviz("trace", "fetchdata", "--format", format, "-o", first.path).status == 0)
            #expect(try sigviz("trace", "fetchdata", "--format", format, "--output", second.path).status == 0)
            let bytes = try Data(contentsOf: first)
            #expect(!bytes.isEmpty)
            #expect(bytes == (try Data(contentsOf: second)), "\(format)")
        }
    }

    @Test("--format perfetto writes Chrome trace events")
    func perfetto() throws {
        let run = try sigviz("trace", "cold-to-hot-multicast", "-f", "perfetto")
        #expect(run.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: run.data) as? [String: Any])
        let events = try #require(object["traceEvents"] as? [[String: Any]])
        #expect(events.contains { $0["ph"] as? String == "X" })
        #expect(events.contains { $0["name"] as? String == "connect" })
    }

    @Test("bad flags exit 64 with a message naming the flag", arguments: [
        (["trace", "cold", "--format", "svg"], "--format"),
        (["trace", "cold", "--frame", "0.5"], "--frame"),
        (["trace", "cold", "-f", "marbles", "--frame", "-1"], "--frame"),
        (["trace", "cold", "-f", "marbles", "--frame", "abc"], "--frame"),
        (["trace", "cold", "--bogus"], "--bogus"),
        (["trace"], "<scenario>"),
        (["trace", "cold", "-o", ""], "--output"),
        (["frobnicate"], "frobnicate"),
    ])
    func badFlags(arguments: [String], mentioned: String) throws {
        let run = try sigviz(arguments)
        #expect(run.status == 64)
        #expect(run.output.isEmpty)
        #expect(run.errors.contains(mentioned), "\(run.errors)")
    }

    @Test("a frame too coarse for the marbles exits 64 and names the lane")
    func coarseFrame() throws {
        let run = try sigviz("trace", "replaylazily", "-f", "marbles", "--frame", "2")
        #expect(run.status == 64)
        #expect(run.errors.contains("--frame"))
        #expect(run.errors.contains("too coarse for A → replayed"))
        #expect(run.output.isEmpty)
    }

    @Test("marbles that no frame can draw (too many distinct values) blame --format marbles, and --frame only when given and at fault",
          arguments: [[], ["--frame", "1"]])
    func marblesBlameWhatWasGiven(frame: [String]) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // 200 distinct values: more than marbles have symbols for, whatever the frame.
        var events = [TraceEvent(time: 0, kind: .signal(0)), TraceEvent(time: 0, kind: .subscribe(0))]
        for index in 0..<200 { events.append(TraceEvent(time: Double(index + 1), kind: .next(subscription: 0, value: "v\(index)", replayed: false))) }
        let file = directory.appendingPathComponent("values.json")
        try Trace(title: "values", signals: [TraceSignal(id: 0, kind: .subject, name: "s")],
                  subscriptions: [TraceSubscription(id: 0, signal: 0, subscriber: .label("A"))], events: events).json().write(to: file)
        let run = try sigviz(["trace", file.path, "-f", "marbles"] + frame)
        #expect(run.status == 64)
        #expect(run.errors.hasPrefix("Error: --format marbles: the trace has more than "), "\(run.errors)")
        #expect(run.errors.contains("distinct values, too many to draw as marbles"))
        #expect(!run.errors.contains("--frame"), "\(run.errors)")
        #expect(run.output.isEmpty)
    }

    @Test("an unwritable output exits 1, names the file and leaves nothing behind")
    func unwritableOutput() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("missing/trace.json")
        let run = try sigviz("trace", "cold", "-o", target.path)
        #expect(run.status == 1)
        #expect(run.errors == "Error: cannot write \(target.path): the folder \(target.deletingLastPathComponent().path) does not exist (--output)\n",
                "\(run.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test("--help explains each command with an example")
    func help() throws {
        let root = try sigviz("--help")
        #expect(root.status == 0)
        #expect(root.output.contains("sigviz trace subject-vs-replay --format marbles"))
        let trace = try sigviz("trace", "--help")
        #expect(trace.output.contains("perfetto"))
        #expect(trace.output.contains("Examples:"))
        let list = try sigviz("help", "list")
        #expect(list.output.contains("sigviz list --verbose"))
    }

    @Test("the help of every command that draws or traces an input says it may be a scenario file",
          arguments: ["render", "graph", "compare", "trace", "report"])
    func helpNamesScenarioFiles(command: String) throws {
        let run = try sigviz(command, "--help")
        #expect(run.status == 0)
        // The help is wrapped to the width of a terminal: its words, one space apart.
        let words = run.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("built-in scenario"), "\(run.output)")
        #expect(words.contains("scenario file (.sigviz)") || words.contains("scenario files (.sigviz)"), "\(run.output)")
    }
}

@Suite("Drawing from the command line")
struct DrawingCommandTests {
    @Test("render writes a timeline SVG for a scenario, to a file or standard output")
    func render() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("fetchdata.svg")
        let run = try sigviz("render", "fetchdata", "--theme", "dark", "--scale", "300", "-o", file.path)
        #expect(run.status == 0)
        #expect(run.output.isEmpty)
        let svg = try String(contentsOf: file, encoding: .utf8)
        #expect(svg.contains("didSubscribe runs: fetchData × 6"))
        #expect(svg.contains(".bg{fill:#0d1117}"))
        let piped = try sigviz("render", "fetchdata", "--theme", "dark", "--scale", "300")
        #expect(piped.output == svg)
    }

    @Test("render draws a trace file written by trace, identically to the scenario")
    func renderTraceFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = directory.appendingPathComponent("replay.json")
        #expect(try sigviz("trace", "replay", "-o", trace.path).status == 0)
        let fromFile = try sigviz("render", trace.path)
        let fromScenario = try sigviz("render", "replay")
        #expect(fromFile.status == 0)
        #expect(fromFile.output == fromScenario.output)
    }

    @Test("a malformed trace file exits 1 naming the file, line and column")
    func malformedTraceFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("bad.json")
        try Data("{\n  \"version\": 3,\n".utf8).write(to: file)
        let run = try sigviz("render", file.path)
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.errors.contains("\(file.path):2:14: unknown trace version 3"), "\(run.errors)")
        let missing = try sigviz("graph", directory.appendingPathComponent("nope.json").path)
        #expect(missing.status == 1)
        #expect(missing.errors == "Error: cannot read \(directory.appendingPathComponent("nope.json").path): no such file\n", "\(missing.errors)")
    }

    @Test("compare stacks the headline conversions with their didSubscribe counts")
    func compare() throws {
        let run = try sigviz("compare", "cold", "publish", "replay", "replaylast", "replaylazily")
        #expect(run.status == 0)
        #expect(occurrences(of: "class=\"panel-title\"", in: run.output) == 5)
        #expect(run.output.contains("<title id=\"sigviz-title\">cold: the source, subscribed directly vs publish vs replay vs replayLast vs replayLazily</title>"))
    }

    @Test("graph draws the subscription graph")
    func graph() throws {
        let run = try sigviz("graph", "cold-to-hot-multicast", "--theme", "light")
        #expect(run.status == 0)
        #expect(run.output.contains("class=\"node-connection\""))
    }

    @Test("drawing flags are checked", arguments: [
        (["render", "cold", "--theme", "sepia"], "--theme"),
        (["render", "cold", "--scale", "0"], "--scale"),
        (["render", "cold", "--scale", "nan"], "--scale"),
        (["render", "nope"], "unknown scenario 'nope'"),
        (["compare"], "<inputs>"),
        (["compare", "cold"], "compare needs two or more scenarios or trace files, one per panel, and was given one: "
            + "to draw cold alone, use `sigviz render`.\nUsage: sigviz compare "),
        (["compare", "cold", "--scale", "300", "-o", "x.svg"], "compare needs two or more"),
        (["graph", "cold", "-o", ""], "--output"),
    ])
    func badDrawingFlags(arguments: [String], mentioned: String) throws {
        let run = try sigviz(arguments)
        #expect(run.status == 64)
        #expect(run.output.isEmpty)
        #expect(run.errors.contains(mentioned), "\(run.errors)")
    }
}

/// How many times `needle` occurs in `text`.
func occurrences(of needle: String, in text: String) -> Int {
    text.components(separatedBy: needle).count - 1
}

@Suite("Scenario files on the command line")
struct ScenarioFileCommandTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/scenarios")

    @Test("check warns of a {} left as written, at its line and column, and still passes")
    func checkWarnsOfLiteralTemplate() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("template.sigviz").path
        try "cold request: +1 next \"results for {}\", +1 completed\nsubscribe \"A\" to request\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let run = try sigviz("check", path)
        #expect(run.status == 0)
        #expect(run.output.contains("\(path):2:18: warning: {} left as written: 'request' has {} in its events, which only a "
            + "value fills, and here it is used as it is"), "\(run.output)")
    }

    @Test("check passes on the example files and says how many expectations held")
    func checkPasses() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.examples.path)
            .filter { $0.hasSuffix(".sigviz") }.sorted().map { Self.examples.appendingPathComponent($0).path }
        let run = try sigviz(["check"] + files)
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.hasSuffix("41 expectations passed, 0 failed\n"))
    }

    @Test("check fails with the expected and actual marbles lined up and the first difference marked: where, and what each has there")
    func checkFails() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("broken.sigviz")
        try Data("""
            frame 0.5
            cold c: +1 next "A", +2 completed
            subscribe "S" to c
            expect "S" to c "--A--|"
            """.utf8).write(to: file)
        let run = try sigviz("check", "--quiet", file.path)
        #expect(run.status == 1)
        #expect(run.output == """
            \(file.path):4: FAILED "S" to c: the events differ
                expected: --A--|
                actual:   --A-|
                              ^ first difference at frame 4 (2 s): expected nothing, received completed
            0 expectations passed, 1 failed

            """)
    }

    @Test("check, render --expect, report and docs show a label's control and bidi characters escaped, on one line")
    func failedExpectationLabelsAreEscaped() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("forged.sigviz")
        // The label would clear the screen, forge a line and reverse what follows it.
        try Data(#"""
            frame 0.5
            cold c: +1 next "A", +2 completed
            subscribe "S\u{1B}[2J\nError: forged\u{202E}" to c
            expect "S\u{1B}[2J\nError: forged\u{202E}" to c "--A--|"
            """#.utf8).write(to: file)
        let check = try sigviz("check", "--quiet", file.path)
        #expect(check.status == 1)
        #expect(check.output.contains(#"FAILED "S\u{1B}[2J\nError: forged\u{202E}" to c: the events differ"#), "\(check.output)")
        #expect(!check.output.contains("\u{1B}") && !check.output.contains("\u{202E}") && !check.output.contains("\nError: forged"))
        let render = try sigviz("render", file.path, "--expect", "-o", directory.appendingPathComponent("out.svg").path)
        #expect(render.errors.contains(#""S\u{1B}[2J\nError: forged\u{202E}" to c: the events differ"#), "\(render.errors)")
        #expect(!render.errors.contains("\u{1B}") && !render.errors.contains("\u{202E}") && !render.errors.contains("\nError: forged"))
        for arguments in [["report", file.path, "-o", directory.appendingPathComponent("report").path],
                          ["docs", directory.path, "-o", directory.appendingPathComponent("docs").path]] {
            let run = try sigviz(arguments)
            #expect(run.status == 1)
            #expect(run.errors.contains(#"forged.sigviz:4: FAILED "S\u{1B}[2J\nError: forged\u{202E}" to c: the events differ"#), "\(run.errors)")
            #expect(!run.errors.contains("\u{1B}") && !run.errors.contains("\u{202E}") && !run.errors.contains("\nError: forged"))
        }
    }

    @Test("a malformed scenario file exits 1 with file, line, column, the line and a caret")
    func malformed() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("typo.sigviz")
        try Data("subject s\nat 1 sned s \"x\"\n".utf8).write(to: file)
        for command in ["render", "trace", "graph"] {
            let run = try sigviz(command, file.path)
            #expect(run.status == 1)
            #expect(run.output.isEmpty)
            #expect(run.errors == """
                Error: \(file.path):2:6: expected subscribe, connect, send, complete, fail, dispose or execute, found 'sned'
                    at 1 sned s "x"
                         ^

                """, "\(command)")
        }
    }

    @Test("render, trace and compare take scenario files like built-in names")
    func filesEverywhere() throws {
        let file = Self.examples.appendingPathComponent("replaylazily.sigviz").path
        #expect(try sigviz("render", file).output == (try sigviz("render", "replaylazily").output))
        #expect(try sigviz("trace", file, "-f", "marbles").output == (try sigviz("trace", "replaylazily", "-f", "marbles").output))
        #expect(try sigviz("compare", "cold", file).status == 0)
    }
}

@Suite("render --expect")
struct RenderExpectTests {
    @Test("render --expect draws the expectations and marks a failing one, naming it on standard error, and exits 1")
    func expect() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("broken.sigviz")
        try Data("""
            frame 0.5
            cold c: +1 next "A", +2 completed
            subscribe "S" to c
            subscribe "T" to c
            expect "S" to c "--A-|"
            expect "T" to c "--A--|"
            """.utf8).write(to: file)
        let run = try sigviz("render", file.path, "--expect")
        #expect(run.status == 1)
        #expect(occurrences(of: ">expected</text>", in: run.output) == 3)  // two rows and the legend
        #expect(occurrences(of: "class=\"divergence\"", in: run.output) == 1)
        #expect(run.errors == """
            \(file.path):6: FAILED "T" to c: the events differ
            Error: 1 of 2 expectations failed (drawn under their subscribers' lanes)

            """)
        // Written to a file, the SVG is there, showing the failure.
        let svg = directory.appendingPathComponent("broken.svg")
        #expect(try sigviz("render", file.path, "--expect", "-o", svg.path).status == 1)
        #expect(try Data(contentsOf: svg) == run.data)
        // Without the failing line, it passes.
        try Data(String(decoding: try Data(contentsOf: file), as: UTF8.self).replacingOccurrences(of: "\"--A--|\"", with: "\"--A-|\"").utf8).write(to: file)
        let fixed = try sigviz("render", file.path, "--expect")
        #expect(fixed.status == 0)
        #expect(fixed.errors.isEmpty)
        let plain = try sigviz("render", "cold", "--expect")
        #expect(plain.status == 64)
        #expect(plain.errors.contains("--expect needs a scenario file"))
    }

    @Test("render --expect marks a difference exactly where check reports one, and none where check passes", arguments: [
        // Between frames: check has the events at the nearest frame and passes; so does the drawing.
        ("at 1.4 send s \"a\"\nat 1.4 send s \"b\"\nat 6 complete s", "-(ab)-|", nil),
        // Inside a group: at the character where the marbles part (frame 2), not at the group's frame.
        ("at 1 send s \"a\"\nat 1 send s \"b\"\nat 6 complete s", "-(ba)-|", 2),
        // One group against two: where the first group closes early.
        ("at 1 send s \"a\"\nat 1 send s \"b\"\nat 6 complete s", "-(a)(b)|", 3),
    ] as [(String, String, Int?)])
    func sameRuleAsCheck(events: String, marble: String, frame: Int?) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("rule.sigviz")
        try Data("subject s\nsubscribe \"S\" to s\n\(events)\nexpect \"S\" to s \"\(marble)\"\n".utf8).write(to: file)
        let check = try sigviz("check", file.path)
        let render = try sigviz("render", file.path, "--expect")
        #expect(render.status == check.status)
        guard let frame else {
            #expect(check.status == 0)
            #expect(!render.output.contains("class=\"divergence\""))
            #expect(render.errors.isEmpty)
            return
        }
        #expect(check.status == 1)
        #expect(check.output.contains("^ first difference at frame \(frame) (\(frame) s)"))
        #expect(render.output.contains("the events first differ from the expected ones at t=\(frame) s"))
    }
}

@Suite("Built-in scenarios in the report")
struct BuiltInReportSourceTests {
    @Test("a built-in scenario's page shows its scenario file as the source")
    func source() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try sigviz("report", "cold-to-hot-multicast", "-o", directory.path)
        #expect(run.status == 0)
        let page = try String(contentsOf: directory.appendingPathComponent("scenarios/cold-to-hot-multicast.html"), encoding: .utf8)
        #expect(page.contains("<pre class=\"r-source\"><code>"))
        #expect(page.contains("let connection = coldSignal | multicast subject"))
    }
}
