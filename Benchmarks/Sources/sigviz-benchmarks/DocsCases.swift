import Foundation

// The docs case: `sigviz docs -j 2` and `sigviz docs --check -j 2` of generated scenario folders, as subprocesses.

let docsRowIDs = [
    "cli-docs-100", "cli-docs-check-100", "cli-docs-1000", "cli-docs-check-1000",
    "cli-docs-rss-100", "cli-docs-rss-1000", "cli-docs-time-growth", "cli-docs-check-time-growth", "cli-docs-rss-growth",
]


/// Times `sigviz docs DIR -o OUT -j 2` (into a new, empty OUT: every file written) and then
/// `sigviz docs DIR -o OUT --check -j 2` (OUT up to date) on folders of 100 and 1,000 generated
/// scenario files (``writeScenarioCorpus(count:seed:into:)``), each run in turn in every round after
/// a warm-up round, and returns the median wall time and peak resident size of each, and their growth
/// from 100 to 1,000 files.
/// `--quick` (`scale` 100) uses 10 and 100 files.
func docsRows(scale: Int, repetitions: Int) -> (rows: [Row], notes: [String]) {
    let docsFolderSizes = scale == 1 ? [100, 1_000] : [10, 100]
    let binary = sigvizBinary()
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
        fatalError("no sigviz command at \(binary.path): build it with `swift build -c release --package-path Benchmarks`")
    }
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("sigviz-benchmarks-docs-\(getpid())")
    try! FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }

    var time: [String: [Double]] = [:], resident: [String: [Double]] = [:]
    for count in docsFolderSizes {
        let scenarios = scratch.appendingPathComponent("scenarios-\(count)")
        try! writeScenarioCorpus(count: count, seed: 17, into: scenarios)
        for round in 0...repetitions {
            // A new folder each time: every file is written, none compared with one already there.
            let output = scratch.appendingPathComponent("docs-\(count)-\(round)")
            // Through GNU time (``peakMemoryAndTime``): the `ru_maxrss` of a child that `posix_spawn`
            // starts begins at this process's own peak, which the scale rows put at a gigabyte.
            let write = peakMemoryAndTime(binary, ["docs", scenarios.path, "-o", output.path, "-j", "2"])
            let files = (try? FileManager.default.contentsOfDirectory(atPath: output.path))?.count ?? 0
            precondition(files == 2 * count + 1, "sigviz docs wrote \(files) files for \(count) scenarios")
            let check = peakMemoryAndTime(binary, ["docs", scenarios.path, "-o", output.path, "--check", "-j", "2"])
            try? FileManager.default.removeItem(at: output)
            guard round > 0 else { continue }  // the warm-up round
            time["docs-\(count)", default: []].append(write.seconds)
            time["check-\(count)", default: []].append(check.seconds)
            resident["docs-\(count)", default: []].append(write.bytes)
            resident["check-\(count)", default: []].append(check.bytes)
        }
    }

    var rows: [Row] = []
    for (count, id) in zip(docsFolderSizes, ["100", "1000"]) {
        let write = median(time["docs-\(count)"]!), check = median(time["check-\(count)"]!)
        let limited = count >= 1_000
        rows.append(Row(
            id: "cli-docs-\(id)", name: "cli: `sigviz docs DIR -o OUT -j 2`, \(count.grouped) generated scenario files, OUT empty",
            unit: "wall time", value: write, display: duration(write), target: limited ? "< 5 s on 2 cores" : "reported",
            met: limited ? write < 5 : nil, samples: ["sigviz": time["docs-\(count)"]!]))
        rows.append(Row(
            id: "cli-docs-check-\(id)", name: "cli: `sigviz docs DIR -o OUT --check -j 2`, \(count.grouped) generated scenario files, OUT up to date",
            unit: "wall time", value: check, display: duration(check), target: limited ? "< 5 s on 2 cores" : "reported",
            met: limited ? check < 5 : nil, samples: ["sigviz": time["check-\(count)"]!]))
    }
    func peak(_ count: Int) -> Double {
        max(median(resident["docs-\(count)"]!), median(resident["check-\(count)"]!))
    }
    for (count, id) in zip(docsFolderSizes, ["100", "1000"]) {
        rows.append(Row(
            id: "cli-docs-rss-\(id)", name: "cli: peak resident size of `sigviz docs` and `docs --check`, \(count.grouped) files (the larger)",
            unit: "bytes", value: peak(count), display: byteCount(peak(count)), target: "reported", met: nil,
            samples: ["docs": resident["docs-\(count)"]!, "check": resident["check-\(count)"]!]))
    }
    let (small, large) = (docsFolderSizes[0], docsFolderSizes[1])
    let files = Double(large) / Double(small)
    let writeGrowth = median(time["docs-\(large)"]!) / median(time["docs-\(small)"]!)
    let checkGrowth = median(time["check-\(large)"]!) / median(time["check-\(small)"]!)
    let memoryGrowth = peak(large) / peak(small)
    rows += [
        Row(id: "cli-docs-time-growth", name: "cli: `sigviz docs -j 2` time, \(large.grouped) files over \(small.grouped) (every file written, then flushed to the disk at once)",
            unit: "ratio", value: writeGrowth, display: format(writeGrowth) + "x", target: "≤ \(format(files))x (linear)",
            met: writeGrowth <= files),
        Row(id: "cli-docs-check-time-growth", name: "cli: `sigviz docs --check -j 2` time, \(large.grouped) files over \(small.grouped)",
            unit: "ratio", value: checkGrowth, display: format(checkGrowth) + "x", target: "≤ \(format(files))x (linear)",
            met: checkGrowth <= files),
        Row(id: "cli-docs-rss-growth", name: "cli: `sigviz docs` peak resident size, \(large.grouped) files over \(small.grouped)",
            unit: "ratio", value: memoryGrowth, display: format(memoryGrowth) + "x", target: "≤ 1.5x (flat in the files)",
            met: memoryGrowth <= 1.5),
    ]
    let notes = [
        "docs: folders of 100 and 1,000 scenario files generated from the built-in catalog's 25 files, varied by a seeded "
            + "generator (Benchmarks/Sources/sigviz-benchmarks/ScenarioCorpus.swift: names, labels, times, values, extra "
            + "subscribers; every expectation passes); `docs` writes into a new, empty folder, `--check` then checks it; "
            + "wall time and peak resident size (GNU time's `%M`, as the scale rows) of the subprocess, medians after a warm-up round.",
    ]
    return (rows, notes)
}
