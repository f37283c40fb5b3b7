import Foundation
import Scenarios
import Testing

/// A scenario file at 0.1 s a frame whose events are all 0.2 s apart, so that the largest frame
/// that fits them (what `trace --format marbles` drew before) is 0.2 s.
private let tenths = """
    frame 0.1
    cold c: +0.2 next "one", +0.4 next "two", +0.6 completed
    subject s
    subscribe "A" to c
    at 0.2 subscribe "B" to c
    at 0.4 send s "x"
    at 0.4 send s "y"
    subscribe "C" to s
    """

/// `expect` lines made from marble text: one per lane, `LABEL → NAME`, with its `events` marble
/// and the legend's values, as a user pastes them.
private func expectLines(fromMarbles text: String) -> [String] {
    var values: [String] = [], lines: [String] = [], lane: [String] = []
    for line in text.split(separator: "\n").map(String.init) {
        if line.hasPrefix("#   ") {
            values.append(String(line.dropFirst(4)))
        } else if line.contains(" → ") {
            lane = line.components(separatedBy: " → ")
        } else if line.hasPrefix("  events:") {
            let marble = line.dropFirst("  events:".count).trimmingCharacters(in: .whitespaces)
            lines.append("expect \"\(lane[0])\" to \(lane[1]) \"\(marble)\"" + (values.isEmpty ? "" : " values " + values.joined(separator: ", ")))
        }
    }
    return lines
}

@Suite("trace --format marbles of a scenario file draws at the file's frame")
struct MarbleFrameTests {
    @Test("its marbles, pasted into expect lines, pass check; drawn at another frame (--frame), they fail",
          arguments: [([], true), (["--frame", "0.2"], false)] as [([String], Bool)])
    func pastedBack(frame: [String], passes: Bool) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("tenths.sigviz")
        try Data(tenths.utf8).write(to: file)
        let trace = try sigviz(["trace", file.path, "--format", "marbles"] + frame)
        #expect(trace.status == 0)
        #expect(trace.errors.isEmpty)
        #expect(trace.output.hasPrefix("# tenths: marbles, one frame = \(passes ? "0.1" : "0.2") s (RxJS marble syntax)\n"), "\(trace.output)")
        let expectations = expectLines(fromMarbles: trace.output)
        #expect(expectations.count == 3)
        try Data((tenths + "\n" + expectations.joined(separator: "\n") + "\n").utf8).write(to: file)
        let check = try sigviz("check", file.path)
        #expect(check.status == (passes ? 0 : 1), "\(check.output)")
        #expect(check.output.hasSuffix(passes ? "3 expectations passed, 0 failed\n" : "0 expectations passed, 3 failed\n"), "\(check.output)")
    }

    @Test("a file with expect lines but no frame line is drawn at 1 s, the frame they are read at; events between frames are noted")
    func defaultFrame() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("quarters.sigviz")
        let text = "cold c: +0.25 next \"one\", +1 next \"two\", +2 completed\nsubscribe \"A\" to c\n"
        try Data((text + "expect \"A\" to c \"-b|\" values b = \"two\"\n").utf8).write(to: file)
        let run = try sigviz("trace", file.path, "--format", "marbles")
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("# quarters: marbles, one frame = 1 s"), "\(run.output)")
        #expect(run.output.contains("  events:       ab|\n"), "\(run.output)")
        #expect(run.errors == "note: at one frame = 1 s, events between frames are drawn at the nearest frame (the first at 0.25 s); --frame chooses another\n")
        let exact = try sigviz("trace", file.path, "--format", "marbles", "--frame", "0.25")
        #expect(exact.errors.isEmpty)
        #expect(exact.output.contains("  events:       -a--b---|\n"), "\(exact.output)")
        // Without expect lines nor a frame line, the frame is the largest that fits, as for a trace.
        try Data(text.utf8).write(to: file)
        let free = try sigviz("trace", file.path, "--format", "marbles")
        #expect(free.output.hasPrefix("# quarters: marbles, one frame = 0.25 s"), "\(free.output)")
        #expect(free.errors.isEmpty)
    }

    @Test("a file's frame too coarse for its events is a usage error naming the file and the way out")
    func coarse() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("coarse.sigviz")
        try Data("frame 1\ncold c: +0 next \"a\", +0.4 next \"b\", +1 next \"c\"\nsubscribe \"A\" to c\n".utf8).write(to: file)
        let run = try sigviz("trace", file.path, "--format", "marbles")
        #expect(run.status == 64)
        #expect(run.output.isEmpty)
        #expect(run.errors == "Error: --format marbles at the frame of \(file.path): a frame of 1 s is too coarse for A → c: its events at frame 1 "
            + "overlap the group before them; choose a smaller frame (--frame chooses another)\n")
        #expect(try sigviz("trace", file.path, "--format", "marbles", "--frame", "0.2").status == 0)
    }

    @Test("a built-in scenario's marbles are those of its file, by name or by path")
    func builtIns() throws {
        let examples = ScenarioFileCommandTests.examples
        let names = try FileManager.default.contentsOfDirectory(atPath: examples.path).filter { $0.hasSuffix(".sigviz") }.sorted()
        #expect(names.count == Catalog.scenarios.count)
        for name in names {
            let byName = try sigviz("trace", String(name.dropLast(".sigviz".count)), "--format", "marbles")
            let byPath = try sigviz("trace", examples.appendingPathComponent(name).path, "--format", "marbles")
            #expect(byName.status == 0 && byPath.status == 0, "\(name)")
            #expect(byName.output == byPath.output, "\(name)")
            #expect(byPath.errors.isEmpty, "\(name): \(byPath.errors)")
        }
    }
}
