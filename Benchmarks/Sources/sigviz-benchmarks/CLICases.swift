import Foundation

// The cli case: the release-built sigviz command, end to end, as a subprocess.

let cliRowIDs = ["cli-report", "cli-render", "cli-list"]

/// The sigviz command built with this benchmark: the package declares a dependency on the
/// `sigviz` product, so `swift build -c release --package-path Benchmarks` (and `swift run -c
/// release ...`) builds it next to this executable, in Benchmarks/.build/release/sigviz.
/// `SIGVIZ_BENCHMARK_BINARY` names another one.
func sigvizBinary() -> URL {
    if let path = ProcessInfo.processInfo.environment["SIGVIZ_BENCHMARK_BINARY"] {
        return URL(fileURLWithPath: path)
    }
    let own = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    return own.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("sigviz")
}

/// The scenario timed by `sigviz render`.
let cliRenderScenario = "subject-vs-replay"

/// Times `sigviz report -o DIR` of the whole built-in catalog, `sigviz render SCENARIO -o FILE` and
/// `sigviz list` (the cost of starting the command), each run in turn in every round after a
/// warm-up round, and returns the median wall time of each.
func cliRows(repetitions: Int) -> (rows: [Row], notes: [String]) {
    let binary = sigvizBinary()
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
        fatalError("""
            no sigviz command at \(binary.path): build it with `swift build -c release --package-path Benchmarks` \
            (the benchmark package builds the sigviz product next to sigviz-benchmarks), or set SIGVIZ_BENCHMARK_BINARY
            """)
    }
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("sigviz-benchmarks-cli-\(getpid())")
    try! FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }

    var round = 0
    let report = {
        // A new directory each time: the whole site is written, none of it replaced in place.
        let directory = scratch.appendingPathComponent("report-\(round)")
        let seconds = wallTime(binary, ["report", "-o", directory.path])
        let pages = (try? FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("scenarios").path))?.count ?? 0
        precondition(pages > 0 && FileManager.default.fileExists(atPath: directory.appendingPathComponent("index.html").path),
                     "sigviz report wrote no site")
        try? FileManager.default.removeItem(at: directory)
        return (seconds, pages)
    }
    let render = {
        let file = scratch.appendingPathComponent("render-\(round).svg")
        let seconds = wallTime(binary, ["render", cliRenderScenario, "-o", file.path])
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        precondition(size > 0, "sigviz render wrote no SVG")
        try? FileManager.default.removeItem(at: file)
        return seconds
    }
    let list = { wallTime(binary, ["list"]) }

    let pages = report().1
    _ = render()
    _ = list()
    var times: [String: [Double]] = [:]
    for _ in 0..<repetitions {
        round += 1
        times["report", default: []].append(report().0)
        times["render", default: []].append(render())
        times["list", default: []].append(list())
    }
    let reportTime = median(times["report"]!), renderTime = median(times["render"]!), listTime = median(times["list"]!)
    let rows = [
        Row(id: "cli-report", name: "cli: `sigviz report -o DIR`, the whole built-in catalog (\(pages) scenario pages)",
            unit: "wall time", value: reportTime, display: duration(reportTime), target: "< 1 s on 2 cores",
            met: reportTime < 1, samples: ["sigviz": times["report"]!]),
        Row(id: "cli-render", name: "cli: `sigviz render \(cliRenderScenario) -o FILE`",
            unit: "wall time", value: renderTime, display: duration(renderTime), target: "< 50 ms",
            met: renderTime < 0.05, samples: ["sigviz": times["render"]!]),
        Row(id: "cli-list", name: "cli: `sigviz list`, the cost of starting the command",
            unit: "wall time", value: listTime, display: duration(listTime), target: "reported", met: nil,
            samples: ["sigviz": times["list"]!]),
    ]
    let notes = [
        "CLI: the release-built `sigviz` next to the benchmark executable (Benchmarks/.build/release/sigviz, built by "
            + "`swift build -c release --package-path Benchmarks`), run as a subprocess (`posix_spawn`, `waitpid`) with its output to /dev/null; "
            + "wall time from launch to exit, median of the repetitions after a warm-up round; report writes a new "
            + "directory each time under the temporary directory.",
    ]
    return (rows, notes)
}

/// The wall time of one run of `binary` with `arguments`, from launch to exit; traps if it fails.
func wallTime(_ binary: URL, _ arguments: [String]) -> Double {
    run(binary, arguments)
}

/// One run of `binary` with `arguments`, its output to /dev/null: the wall time from launch to exit;
/// traps if it fails. (Its `ru_maxrss` is not the child's own peak: a child that `posix_spawn`
/// starts carries this process's; ``peakMemoryAndTime(_:_:)`` measures that.)
///
/// `posix_spawn` and `waitpid`, not Foundation's `Process`: on Linux `Process.waitUntilExit()`
/// polls its run loop every 50 ms, which would round every run up to a multiple of 50 ms.
func run(_ binary: URL, _ arguments: [String]) -> Double {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([binary.path] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let start = ContinuousClock.now
    let spawned = posix_spawn(&pid, binary.path, &actions, nil, argv, environ)
    guard spawned == 0 else { fatalError("cannot run \(binary.path): \(String(cString: strerror(spawned)))") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
        guard errno == EINTR else { fatalError("waitpid failed: \(String(cString: strerror(errno)))") }
    }
    let elapsed = ContinuousClock.now - start
    // Exited (the low 7 bits are 0) with status 0.
    precondition(status & 0x7f == 0 && (status >> 8) & 0xff == 0,
                 "sigviz \(arguments.joined(separator: " ")) failed (wait status \(status))")
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// `412 ms`, `1.23 s`.
func duration(_ seconds: Double) -> String {
    seconds < 1 ? format(seconds * 1000) + " ms" : format(seconds) + " s"
}
