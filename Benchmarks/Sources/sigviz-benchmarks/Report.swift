import Foundation

/// One line of the results table, with its numbers for `results.json`.
struct Row: Encodable {
    /// The case's short name, as `--filter` matches it.
    let id: String
    let name: String
    /// What the figures count, such as `"deliveries/s"` or `"bytes per event"`.
    let unit: String
    let sigviz: Double
    var peerName: String?
    var peer: Double?
    var ratio: Double?
    var floor: Double?
    let target: String
    /// `nil` when the figure is only reported.
    let met: Bool?
    /// For memory rows: the same figure by the allocator's count.
    var heap: Double?
    /// For throughput rows: the rate of every timed repetition, by side.
    var samples: [String: [Double]]?
    /// How the sigviz column shows the figure, when not as a plain number (`10.4x`, `1.21 MB`, `412 ms`).
    var display: String?

    init(id: String, _ testCase: Case, _ outcome: Outcome, samples: [String: [Double]]) {
        self.id = id
        name = testCase.title
        unit = testCase.unit
        sigviz = outcome.sigviz
        if testCase.peer != nil { peerName = testCase.peerName }
        peer = outcome.peer
        ratio = outcome.ratio
        floor = outcome.floor
        target = testCase.target.text
        met = testCase.target.isMet(outcome)
        self.samples = samples
    }

    /// A figure worked out by a case of its own (render, cli): a size, a time, a ratio of times.
    init(id: String, name: String, unit: String, value: Double, display: String? = nil, target: String, met: Bool?,
         samples: [String: [Double]]? = nil) {
        self.id = id
        self.name = name
        self.unit = unit
        sigviz = value
        self.display = display
        self.target = target
        self.met = met
        self.samples = samples
    }

    init(_ memoryCase: MemoryCase, resident: Double, heap: Double) {
        id = memoryCase.id
        name = memoryCase.title
        unit = memoryCase.unit
        sigviz = resident
        self.heap = heap
        target = memoryCase.target
        met = memoryCase.limit.map { resident <= $0 }
    }
}

/// The machine and the command of a run, written above the table.
struct Machine: Encodable {
    let system: String
    let cpu: String
    let cores: Int
    let swift: String
    let date: String
    /// The commit measured, and whether Sources had uncommitted changes.
    let revision: String
    let command: String
    /// The 1-minute load average when the run started and when it ended: other work on
    /// the machine shows here, and slows the figures down.
    let load: [String]

    static func current(command: String, root: URL, loadAtStart: String) -> Machine {
        var names = utsname()
        uname(&names)
        func field<T>(_ value: T) -> String {
            withUnsafeBytes(of: value) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
        return Machine(
            system: "\(field(names.sysname)) \(field(names.release)) \(field(names.machine))",
            cpu: model,
            cores: ProcessInfo.processInfo.activeProcessorCount,
            swift: run("swift", "--version").split(separator: "\n").first.map(String.init) ?? "unknown",
            date: Date.now.ISO8601Format(),
            revision: revision(of: root),
            command: command,
            load: [loadAtStart, loadAverage()])
    }

    /// The 1-minute load average, from /proc/loadavg.
    static func loadAverage() -> String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "unknown"
        return String(text.split(separator: " ").first ?? "unknown")
    }

    /// The commit checked out at `root`, marked when Sources has uncommitted changes.
    private static func revision(of root: URL) -> String {
        let commit = run("git", "-C", root.path, "rev-parse", "--short", "HEAD")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard !commit.isEmpty else { return "unknown" }
        let changes = run("git", "-C", root.path, "status", "--porcelain", "--", "Sources")
        return changes.isEmpty ? commit : "\(commit) with uncommitted changes in Sources"
    }

    /// The standard output of a command found on the PATH, or "" if it cannot run.
    private static func run(_ arguments: String...) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "" }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self)
    }
}

/// A run's results: the Markdown table, BENCHMARKS.md and results.json.
struct Report: Encodable {
    let machine: Machine
    let repetitions: Int
    let rows: [Row]
    let notes: [String]

    var table: String {
        var lines = [
            "| case | sigviz | OpenCombine (or peer) | ratio | floor | target | met |",
            "| --- | ---: | ---: | ---: | ---: | --- | --- |",
        ]
        for row in rows {
            let isMemory = row.heap != nil
            let sigviz = isMemory
                ? "\(format(row.sigviz)) B (heap \(format(row.heap!)) B)"
                : row.display ?? format(row.sigviz)
            let peer = row.peer.map { "\(format($0))" + (row.peerName == "OpenCombine" ? "" : " (\(row.peerName!))") }
            let floor = row.floor.map { "\(format($0)) (\(format($0 / row.sigviz))x sigviz)" }
            let met = row.met.map { $0 ? "yes" : "**no**" } ?? "reported"
            lines.append("| \(row.name) (\(row.unit)) | \(sigviz) | \(peer ?? "–") | "
                + "\(row.ratio.map { "\(format($0))x" } ?? "–") | \(floor ?? "–") | \(row.target) | \(met) |")
        }
        return lines.joined(separator: "\n")
    }

    /// The machine lines above the table.
    var header: String {
        """
        - machine: `\(machine.system)`, \(machine.cpu), \(machine.cores) cores
        - Swift: \(machine.swift)
        - date: \(machine.date)
        - sigviz: \(machine.revision)
        - command: `\(machine.command)`
        - load average (1 minute) at the start and the end: \(machine.load.joined(separator: ", ")) \
        (above 1, other work shared the cores and slowed the figures down)
        - rates: median of \(repetitions) repetition\(repetitions == 1 ? "" : "s") after a warm-up round; \
        sigviz, its peer and the floor run in turn
        """
    }

    /// BENCHMARKS.md: the intro, this run, and whatever the previous file had below `marker`.
    func markdown(keeping previous: String?) -> String {
        let kept = previous.flatMap { $0.range(of: Report.marker) }.map { previous![$0.upperBound...] }
            ?? "\n\n## Profiles\n\nNone yet.\n"
        return """
            # Benchmarks

            How fast sigviz's runtime and tracer are, against OpenCombine 0.14.0 (and Foundation's
            JSON coders for the trace format), with a no-library floor to read every figure against;
            then how fast the renderer draws large timelines, and how long the `sigviz` command takes
            end to end. The cases and their targets are those of issue 6. Build and run every case, in
            release mode, from the repository root:

            ```sh
            swift build -c release --package-path Benchmarks   # also builds sigviz, for the cli rows
            swift run -c release --package-path Benchmarks sigviz-benchmarks   # about 10 minutes on 2 cores
            ```

            `--repetitions N` sets the timed repetitions (default 7); `--quick` divides every size by 100
            and runs once, a smoke run; `--filter ID` runs the cases whose id contains ID (the ids are in
            `Benchmarks/results.json`). A full run, without those flags, prints the table, rewrites the
            part of this file above the profiles, and writes every repetition's rate to
            `Benchmarks/results.json`. `Benchmarks/profile.sh ID` profiles the sigviz side of a case
            with perf and prints its top functions.

            The row `tracing-no-recorder` compares the runtime with its instrumentation hook and no
            recorder installed against the same runtime built without the hook (the compilation
            condition `SIGVIZ_NO_INSTRUMENTATION`, under which a signal's probe is statically nil and
            every check of it is compiled out). Build that second copy of the benchmarks first, into
            a scratch path of its own; without it the row says so and measures nothing:

            ```sh
            swift build -c release --package-path Benchmarks --scratch-path Benchmarks/.build-nohook \\
                -Xswiftc -DSIGVIZ_NO_INSTRUMENTATION
            ```

            How to read it: each case runs sigviz, its peer and the floor alternately in one process
            (a warm-up round, then the repetitions) and reports the median rate of each. The ratio is
            sigviz / peer; the floor is a plain loop calling closures stored in an array (as many as
            the case has subscribers, once per value), the limit a fan-out can reach, with how many
            times sigviz's rate it is. Every delivery is counted and checked against the expected total.
            sigviz subscribes inside `Scheduler.immediate.perform`, so subscriptions are synchronous.
            The render and cli rows have no peer: render times `TimelineRenderer` on traces of three
            sizes (its linearity rows divide the time of one size by that of the size 10 times smaller),
            and cli runs the release-built `sigviz` (Benchmarks/.build/release/sigviz, which the benchmark
            package builds next to itself) as a subprocess and reports median wall times.

            ## Latest run

            \(header)

            \(table)

            \(notes.map { "- \($0)" }.joined(separator: "\n"))

            \(Report.marker)
            """ + kept
    }

    /// Where the generated part of BENCHMARKS.md ends; what follows is kept across runs.
    static let marker = "<!-- Generated above by sigviz-benchmarks; what follows is kept across runs. -->"

    func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }
}

/// A rate or a size with three significant figures: `12.3 M`, `456 k`, `41.2`.
func format(_ value: Double) -> String {
    let (scaled, suffix): (Double, String) =
        abs(value) >= 1e9 ? (value / 1e9, " G") : abs(value) >= 1e6 ? (value / 1e6, " M")
        : abs(value) >= 1e4 ? (value / 1e3, " k") : (value, "")
    let digits = abs(scaled) >= 100 ? 0 : abs(scaled) >= 10 ? 1 : 2
    return String(format: "%.\(digits)f", scaled) + suffix
}
