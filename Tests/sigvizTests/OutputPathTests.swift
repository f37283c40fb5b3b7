import Foundation
import Testing
import Tracer
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every regular file under `directory` (hidden ones too), by path relative to it, with its bytes.
private func snapshot(_ directory: URL) throws -> [String: Data] {
    var result: [String: Data] = [:]
    let base = directory.resolvingSymlinksInPath().path
    guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey]) else { return [:] }
    for case let url as URL in enumerator where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
        let path = url.resolvingSymlinksInPath().path
        result[String(path.dropFirst(base.count + 1))] = try Data(contentsOf: url)
    }
    return result
}

/// A valid trace of `count` values sent to one subscriber, as JSON: about 110 bytes an event.
private func bigTrace(title: String, values count: Int, prefix: String) -> Data {
    var events = [TraceEvent(time: 0, kind: .signal(0)), TraceEvent(time: 0, kind: .subscribe(0))]
    for index in 0..<count {
        events.append(TraceEvent(time: Double(index) / 1000, kind: .next(subscription: 0, value: "\(prefix) \(index)", replayed: false)))
    }
    return Trace(title: title, signals: [TraceSignal(id: 0, kind: .subject, name: "subject")],
                 subscriptions: [TraceSubscription(id: 0, signal: 0, subscriber: .label("A"))], events: events).json()
}

@Suite("Output paths")
struct OutputPathTests {
    // MARK: Nothing outside the output directory

    @Test("report writes only DIR/index.html and DIR/scenarios/*.html, whatever the inputs' names and titles say")
    func reportStaysInside() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let inputs = root.appendingPathComponent("inputs")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        let escape = root.appendingPathComponent("escaped").path  // where a title or name used as a path would land
        var arguments: [String] = []
        // Trace files whose titles are paths out of the site, and whose names are "..", "." or empty.
        for (file, title) in [("titled.json", "../../escaped"), ("absolute.json", escape), ("...json", "dots"), ("..json", "dot"),
                              (".json", "empty name"), ("index.json", "index"), ("-rf.json", "dash")] {
            var trace = coldTrace
            trace.title = title
            try trace.json().write(to: inputs.appendingPathComponent(file))
            arguments.append(inputs.appendingPathComponent(file).path)
        }
        // Scenario files whose titles and signal names are paths.
        let scenario = """
            title "\(escape)/scenario"
            cold source: +1 next "../../escaped", +2 completed
            let named = source | named "../../../escaped/named"
            subscribe "/\(escape)" to named
            """
        for file in ["paths.sigviz", "..sigviz", String(repeating: "long-", count: 40) + ".sigviz"] {
            try Data(scenario.utf8).write(to: inputs.appendingPathComponent(file))
            arguments.append(inputs.appendingPathComponent(file).path)
        }
        let before = try snapshot(root)
        let site = root.appendingPathComponent("out/site")
        let run = try sigviz(["report"] + arguments + ["-o", site.path, "--title", "../../escaped"])
        #expect(run.status == 0, "\(run.errors)")

        let after = try snapshot(root)
        let outside = after.filter { !$0.key.hasPrefix("out/site/") }
        #expect(outside == before, "files outside the site changed: \(Set(outside.keys).symmetricDifference(before.keys))")
        let written = after.keys.filter { $0.hasPrefix("out/site/") }.map { String($0.dropFirst("out/site/".count)) }
        #expect(written.count == arguments.count + 1, "\(written.sorted())")
        for path in written {
            #expect(path == "index.html" || (path.hasPrefix("scenarios/") && path.hasSuffix(".html")
                        && !path.dropFirst("scenarios/".count).contains("/")), "an unexpected file: \(path)")
            #expect(!path.split(separator: "/").contains { $0 == ".." || $0 == "." || $0.isEmpty || $0.hasPrefix(".") }, "\(path)")
        }
        #expect(!FileManager.default.fileExists(atPath: escape))
    }

    @Test("docs writes only NAME.svg, NAME-graph.svg and scenarios.md into DOCS-DIR, whatever the titles say")
    func docsStaysInside() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let scenarios = root.appendingPathComponent("scenarios")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        let escape = root.appendingPathComponent("escaped").path
        for (file, title) in [("a.sigviz", "../../escaped"), ("-rf.sigviz", escape), ("..sigviz", "hidden"), (".hidden.sigviz", "hidden"),
                              ("sp ace.sigviz", "/etc/passwd"), ("ünïcode.sigviz", "\(escape)/x")] {
            try Data("title \"\(title)\"\ncold s: +1 next \"a\", +2 completed\nsubscribe \"../\(escape)\" to s\n".utf8)
                .write(to: scenarios.appendingPathComponent(file))
        }
        let before = try snapshot(root)
        let docs = root.appendingPathComponent("out/docs")
        let run = try sigviz("docs", scenarios.path, "-o", docs.path)
        #expect(run.status == 0, "\(run.errors)")
        let after = try snapshot(root)
        #expect(after.filter { !$0.key.hasPrefix("out/docs/") } == before)
        let written = Set(after.keys.filter { $0.hasPrefix("out/docs/") }.map { String($0.dropFirst("out/docs/".count)) })
        #expect(written == ["a.svg", "a-graph.svg", "-rf.svg", "-rf-graph.svg", "sp ace.svg", "sp ace-graph.svg",
                            "ünïcode.svg", "ünïcode-graph.svg", "scenarios.md"], "\(written.sorted())")
        #expect(!FileManager.default.fileExists(atPath: escape))
    }

    // MARK: Inputs are never overwritten

    @Test("report refuses to write over an input: one named like the index, or hard-linked where its page goes")
    func reportKeepsInputs() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let bytes = coldTrace.json()
        // A trace file called index.html in the output directory.
        let index = root.appendingPathComponent("index.html")
        try bytes.write(to: index)
        var run = try sigviz("report", index.path, "-o", root.path)
        #expect(run.status == 1 && run.errors.contains("it is one of the input files"), "\(run.errors)")
        #expect(try Data(contentsOf: index) == bytes)
        // A scenario file hard-linked where its own page would go.
        let site = root.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site.appendingPathComponent("scenarios"), withIntermediateDirectories: true)
        let input = root.appendingPathComponent("linked.sigviz")
        let text = Data("cold s: +1 next \"a\"\nsubscribe \"A\" to s\n".utf8)
        try text.write(to: input)
        try FileManager.default.linkItem(at: input, to: site.appendingPathComponent("scenarios/linked.html"))
        run = try sigviz("report", input.path, "-o", site.path)
        #expect(run.status == 1 && run.errors.contains("it is one of the input files"), "\(run.errors)")
        #expect(try Data(contentsOf: input) == text)
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("index.html").path), "nothing is written")
    }

    @Test("docs never changes a scenario file: not with DOCS-DIR = SCENARIOS-DIR, not through a symlink or a hard link in DOCS-DIR")
    func docsKeepsInputs() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let scenarios = root.appendingPathComponent("scenarios")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        let cold = scenarios.appendingPathComponent("cold.sigviz")
        let text = Data("title \"Cold\"\ncold s: +1 next \"a\", +2 completed\nsubscribe \"A\" to s\n".utf8)
        try text.write(to: cold)

        // The scenarios directory as its own docs directory: the outputs sit beside the inputs.
        var run = try sigviz("docs", scenarios.path, "-o", scenarios.path)
        #expect(run.status == 0, "\(run.errors)")
        #expect(try Data(contentsOf: cold) == text)

        // A symlink where an output goes, pointing at the input: refused.
        let docs = root.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: docs.appendingPathComponent("cold.svg"), withDestinationURL: cold)
        run = try sigviz("docs", scenarios.path, "-o", docs.path)
        #expect(run.status == 1 && run.errors.contains("cold.svg: it is a symbolic link, and the docs are written only inside"),
                "\(run.errors)")
        #expect(try Data(contentsOf: cold) == text)

        // A hard link where an output goes: the atomic write replaces the link, not the input's bytes.
        try FileManager.default.removeItem(at: docs.appendingPathComponent("cold.svg"))
        try FileManager.default.linkItem(at: cold, to: docs.appendingPathComponent("cold.svg"))
        run = try sigviz("docs", scenarios.path, "-o", docs.path)
        #expect(run.status == 0, "\(run.errors)")
        #expect(try Data(contentsOf: cold) == text)
        #expect(try Data(contentsOf: docs.appendingPathComponent("cold.svg")).starts(with: Data("<?xml".utf8)))
    }

    @Test("render -o naming its own input refuses instead of replacing the scenario file with the SVG")
    func renderKeepsItsInput() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("mine.sigviz")
        let text = Data("cold s: +1 next \"a\"\nsubscribe \"A\" to s\n".utf8)
        try text.write(to: file)
        let run = try sigviz("render", file.path, "-o", file.path)
        #expect(run.status == 1, "\(run.errors)")
        #expect(run.errors == "Error: refusing to write \(file.path) (--output): it is one of the input files, which it would replace\n")
        #expect((try? Data(contentsOf: file)) == text, "the scenario file was replaced")
    }

    @Test("render, graph, compare and trace -o refuse an output that is their input by another name: ./x, ../d/x, a symlink, a hard link",
          arguments: ["render", "graph", "compare", "trace"])
    func outputsKeepTheirInputs(command: String) throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let scenario = Data("cold s: +1 next \"a\"\nsubscribe \"A\" to s\n".utf8)
        try scenario.write(to: root.appendingPathComponent("x.sigviz"))
        let made = try sigviz(["trace", "x.sigviz", "-o", "x.json"], in: root)
        #expect(made.status == 0, "\(made.errors)")
        let trace = try Data(contentsOf: root.appendingPathComponent("x.json"))
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("link.svg").path, withDestinationPath: "x.sigviz")
        try FileManager.default.linkItem(atPath: root.appendingPathComponent("x.json").path, toPath: root.appendingPathComponent("hard.svg").path)
        let folder = root.lastPathComponent
        for input in ["x.sigviz", "x.json"] {
            let inputs = command == "compare" ? ["cold", input] : [input]
            var outputs = ["./" + input, "../\(folder)/\(input)", root.appendingPathComponent(input).path]
            outputs.append(input == "x.sigviz" ? "link.svg" : "hard.svg")
            for output in outputs {
                let run = try sigviz([command] + inputs + ["-o", output], in: root)
                #expect(run.status == 1 && run.errors.contains("refusing to write \(output) (--output): it is one of the input files"),
                        "\(command) \(inputs) -o \(output): \(run.status) \(run.errors)")
                #expect(run.output.isEmpty)
            }
        }
        #expect(try Data(contentsOf: root.appendingPathComponent("x.sigviz")) == scenario)
        #expect(try Data(contentsOf: root.appendingPathComponent("x.json")) == trace)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: root.appendingPathComponent("link.svg").path) == "x.sigviz")
        // Another file in the same folder is written as before, and a built-in scenario's name is not a file.
        let other = try sigviz([command] + (command == "compare" ? ["cold", "x.sigviz"] : ["x.sigviz"]) + ["-o", "out.txt"], in: root)
        #expect(other.status == 0, "\(other.errors)")
        try Data("not a scenario".utf8).write(to: root.appendingPathComponent("cold"))
        let builtIn = try sigviz([command] + (command == "compare" ? ["cold", "publish"] : ["cold"]) + ["-o", "cold"], in: root)
        #expect(builtIn.status == 0, "\(builtIn.errors)")
    }

    // MARK: Atomic writes

    /// A run killed with SIGKILL: whether a file not in `known` (the temporary file of an atomic write) existed when it was killed.
    private struct Kill {
        var duringWrite = false
        var finished = false
        /// Temporary files the killed run left behind.
        var leftovers = 0
    }

    /// Starts `sigviz arguments...` and kills it: after `delay` seconds, or, when `delay` is nil, `extra` seconds
    /// after a new file (the atomic write's temporary file) appears in one of `directories`.
    private func killedRun(_ arguments: [String], delay: Double?, extra: Double, watching directories: [URL], timeout: Double = 120) throws -> Kill {
        func newFiles() -> [String] {
            directories.flatMap { directory in
                ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasPrefix(".") }
            }
        }
        let process = Process()
        process.executableURL = sigvizExecutable
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let start = Date()
        try process.run()
        var outcome = Kill()
        if let delay {
            while process.isRunning, Date().timeIntervalSince(start) < delay { usleep(1_000) }
        } else {
            while process.isRunning, newFiles().isEmpty, Date().timeIntervalSince(start) < timeout { usleep(200) }
            let appeared = Date()
            while process.isRunning, Date().timeIntervalSince(appeared) < extra { usleep(200) }
        }
        if process.isRunning {
            outcome.duringWrite = !newFiles().isEmpty
            kill(process.processIdentifier, SIGKILL)
        } else {
            outcome.finished = true
        }
        process.waitUntilExit()
        outcome.leftovers = newFiles().count
        return outcome
    }

    /// Runs `arguments` to completion once on the old inputs and once on the new ones to learn both
    /// outputs, then `trials` times: restores the old outputs, starts the new run and kills it (half
    /// the time at a random moment, half the time just after its temporary file appears), and checks
    /// every output file is the old one or the new one, whole.
    private func expectAtomic(
        trials: Int, outputs: URL, arguments: [String], prepareOld: () throws -> Void, prepareNew: () throws -> Void,
        watching: [URL], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (old: Int, new: Int, mixed: Int, midWrite: Int, leftovers: Int) {
        try prepareOld()
        var run = try sigviz(arguments)
        #expect(run.status == 0, "\(run.errors)", sourceLocation: sourceLocation)
        let old = try snapshot(outputs)
        try prepareNew()
        let start = Date()
        run = try sigviz(arguments)
        let duration = Date().timeIntervalSince(start)
        #expect(run.status == 0, "\(run.errors)", sourceLocation: sourceLocation)
        let new = try snapshot(outputs)
        #expect(old.keys.sorted() == new.keys.sorted() && old != new, "the two runs must write the same files, differently",
                sourceLocation: sourceLocation)

        var counts = (old: 0, new: 0, mixed: 0, midWrite: 0, leftovers: 0)
        var generator = SystemRandomNumberGenerator()
        for trial in 0..<trials {
            // Restore the old outputs (and drop any temporary file a killed run left).
            try? FileManager.default.removeItem(at: outputs)
            for (path, bytes) in old {
                let url = outputs.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try bytes.write(to: url)
            }
            let kill = trial % 2 == 0
                ? try killedRun(arguments, delay: Double.random(in: 0...(duration * 1.1), using: &generator), extra: 0, watching: watching)
                : try killedRun(arguments, delay: nil, extra: Double.random(in: 0...0.03, using: &generator), watching: watching)
            if kill.duringWrite { counts.midWrite += 1 }
            counts.leftovers += kill.leftovers
            let after = try snapshot(outputs).filter { !($0.key.split(separator: "/").last ?? "").hasPrefix(".") }
            #expect(Set(after.keys) == Set(old.keys), "trial \(trial): files appeared or vanished: \(Set(after.keys).symmetricDifference(old.keys))",
                    sourceLocation: sourceLocation)
            var sawOld = false, sawNew = false
            for (path, bytes) in after {
                if bytes == old[path] { sawOld = true } else if bytes == new[path] { sawNew = true } else {
                    Issue.record("trial \(trial): \(path) is torn: \(bytes.count) bytes, neither the old \(old[path]?.count ?? 0) nor the new \(new[path]?.count ?? 0)",
                                 sourceLocation: sourceLocation)
                }
            }
            if sawOld && sawNew { counts.mixed += 1 } else if sawNew { counts.new += 1 } else { counts.old += 1 }
        }
        return counts
    }

    @Test("trace -o, render -o and report killed with SIGKILL at random moments leave each file old or new, never torn",
          .enabled(if: !underSanitizer, "runs in the plain pass: its timing would be a sanitizer's"))
    func killedRunsAreAtomic() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let input = root.appendingPathComponent("input.json")
        let trials = ProcessInfo.processInfo.environment["SIGVIZ_SOAK"] == nil ? 8 : 40
        let prepareOld = { try bigTrace(title: "old", values: 60_000, prefix: "old").write(to: input) }
        let prepareNew = { try bigTrace(title: "new", values: 60_000, prefix: "new value").write(to: input) }

        // trace -o: a 7 MB JSON file, written while the kill may land.
        let traceOut = root.appendingPathComponent("trace-out")
        try FileManager.default.createDirectory(at: traceOut, withIntermediateDirectories: true)
        let traced = try expectAtomic(
            trials: trials, outputs: traceOut, arguments: ["trace", input.path, "-o", traceOut.appendingPathComponent("out.json").path],
            prepareOld: prepareOld, prepareNew: prepareNew, watching: [traceOut])
        // render -o: a small SVG after a long read.
        let renderOut = root.appendingPathComponent("render-out")
        try FileManager.default.createDirectory(at: renderOut, withIntermediateDirectories: true)
        let rendered = try expectAtomic(
            trials: trials, outputs: renderOut, arguments: ["render", input.path, "-o", renderOut.appendingPathComponent("out.svg").path],
            prepareOld: prepareOld, prepareNew: prepareNew, watching: [renderOut])
        // report: several files; each is old or new (a site killed between two files mixes them).
        let site = root.appendingPathComponent("site")
        let reported = try expectAtomic(
            trials: trials, outputs: site, arguments: ["report", input.path, "cold", "-o", site.path],
            prepareOld: prepareOld, prepareNew: prepareNew, watching: [site, site.appendingPathComponent("scenarios")])
        #expect(traced.midWrite + rendered.midWrite + reported.midWrite > 0,
                "no kill landed while a file was being written: the test proved nothing")
        print("atomic writes, \(trials) kills each: trace -o \(traced), render -o \(rendered), report \(reported)")
    }
}

/// A small valid trace: a cold source, one subscriber, one value.
private let coldTrace: Trace = {
    var events: [TraceEvent] = [TraceEvent(time: 0, kind: .signal(0)), TraceEvent(time: 0.5, kind: .subscribe(0)),
                                TraceEvent(time: 0.5, kind: .didSubscribe(0)),
                                TraceEvent(time: 1.5, kind: .next(subscription: 0, value: "1", replayed: false)),
                                TraceEvent(time: 2.5, kind: .completed(subscription: 0, replayed: false)),
                                TraceEvent(time: 2.5, kind: .dispose(0))]
    events.sort { $0.time < $1.time }
    return Trace(title: "cold", signals: [TraceSignal(id: 0, kind: .cold, name: "source")],
                 subscriptions: [TraceSubscription(id: 0, signal: 0, subscriber: .label("A"))], events: events)
}()

@Suite("Outputs that are not plain files")
struct SpecialOutputTests {
    @Test("-o to a named pipe writes through it, and the pipe stays a pipe (a rename over /dev/null would make it a plain file)")
    func namedPipe() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let fifo = root.appendingPathComponent("out.svg").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // Read and write ends held by the test, so that sigviz's open neither blocks nor finds no reader.
        let descriptor = open(fifo, O_RDWR | O_NONBLOCK)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let run = try sigviz("render", "cold", "-o", fifo)
        #expect(run.status == 0, "\(run.errors)")
        var status = stat()
        #expect(stat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "the pipe was replaced")
        var bytes = [UInt8](repeating: 0, count: 1 << 16)
        let count = read(descriptor, &bytes, bytes.count)
        let text = count > 0 ? String(decoding: bytes[..<count], as: UTF8.self) : ""
        #expect(text.hasPrefix("<svg") || text.hasPrefix("<?xml"), "read \(count) bytes: \(text.prefix(80))")
        #expect(text.hasSuffix("</svg>\n"))
    }

    @Test("-o through a symbolic link to a file replaces the file and keeps the link (/dev/stdout redirected to a file is one)")
    func symbolicLinkToAFile() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let target = root.appendingPathComponent("target.svg")
        try Data("old".utf8).write(to: target)
        let link = root.appendingPathComponent("link.svg")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let run = try sigviz("render", "cold", "-o", link.path)
        #expect(run.status == 0, "\(run.errors)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path, "the link was replaced")
        #expect(String(decoding: try Data(contentsOf: target), as: UTF8.self).hasSuffix("</svg>\n"))
    }
}
