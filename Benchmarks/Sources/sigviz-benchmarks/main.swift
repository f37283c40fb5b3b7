import Foundation

// sigviz-benchmarks: every case of issue 6's table that the runtime and tracer
// can be measured on, against OpenCombine, printed as a Markdown table and,
// for a full run, written to BENCHMARKS.md and Benchmarks/results.json.

let options: Options
do {
    options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
} catch let error as UsageError {
    if let message = error.message {
        FileHandle.standardError.write(Data("sigviz-benchmarks: \(message)\n\(UsageError.usage)\n".utf8))
        exit(64)
    }
    print(UsageError.usage)
    exit(0)
}

if let hidden = options.runWorkload {
    runAlone(hidden, scale: options.scale, repetitions: options.repetitions)
    exit(0)
}

if let (count, directory) = options.writeScenarios {
    try writeScenarioCorpus(count: count, seed: 17, into: URL(fileURLWithPath: directory))
    exit(0)
}

func log(_ message: String) {
    FileHandle.standardError.write(Data("\(message)\n".utf8))
}

let loadAtStart = Machine.loadAverage()
var rows: [Row] = []
var notes: [String] = []
func isSelected(_ id: String) -> Bool {
    options.filter.map { id.contains($0) } ?? true
}

for (id, makeCase) in reactiveCases(scale: options.scale) + tracingCases(scale: options.scale) where isSelected(id) {
    let testCase = makeCase()
    log("running \(testCase.title)")
    let (outcome, samples) = testCase.run(repetitions: options.repetitions, sigvizOnly: options.sigvizOnly)
    rows.append(Row(id: id, testCase, outcome, samples: samples))
    notes += testCase.notes
}
for memoryCase in memoryCases(scale: options.scale) where isSelected(memoryCase.id) {
    log("measuring \(memoryCase.title)")
    let (resident, heap) = memoryCase.measure()
    rows.append(Row(memoryCase, resident: resident, heap: heap))
    notes += memoryCase.notes
}
if renderRowIDs.contains(where: isSelected) {
    log("running render: timelines of \((10_000 / options.scale).grouped) to \((1_000_000 / options.scale).grouped) events")
    let (renderRows, renderNotes) = renderRows(scale: options.scale, repetitions: options.repetitions)
    rows += renderRows
    notes += renderNotes
}
if scaleRowIDs.contains(where: isSelected) { let (scale, scaleNotes) = scaleRows(scale: options.scale, isSelected: isSelected); rows += scale; notes += scaleNotes }
if cliRowIDs.contains(where: isSelected) {
    log("running cli: sigviz report and render, end to end")
    let (cliRows, cliNotes) = cliRows(repetitions: options.repetitions)
    rows += cliRows
    notes += cliNotes
}
if docsRowIDs.contains(where: isSelected) {
    log("running docs: sigviz docs of 100 and 1,000 generated scenario files")
    let (docsRows, docsNotes) = docsRows(scale: options.scale, repetitions: options.repetitions)
    rows += docsRows
    notes += docsNotes
}

// This file is Benchmarks/Sources/sigviz-benchmarks/main.swift: the repository is 4 levels up.
let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let arguments = CommandLine.arguments.dropFirst().map { " \($0)" }.joined()
let report = Report(
    machine: .current(command: "swift run -c release --package-path Benchmarks sigviz-benchmarks" + arguments, root: root,
                      loadAtStart: loadAtStart),
    repetitions: options.repetitions, rows: rows, notes: notes)
print(report.header)
print()
print(report.table)

if !options.writesFiles {
    log("not a full run: no files written")
} else {
    let markdownURL = root.appendingPathComponent("BENCHMARKS.md")
    let previous = try? String(contentsOf: markdownURL, encoding: .utf8)
    try Data(report.markdown(keeping: previous).utf8).write(to: markdownURL)
    try report.json().write(to: root.appendingPathComponent("Benchmarks/results.json"))
    log("wrote \(markdownURL.path) and Benchmarks/results.json")
}
