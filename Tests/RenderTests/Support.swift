import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Checks that `svg` is well-formed XML: with `xmllint --noout` when it is
/// installed (CI installs it), and always with Foundation's XML parser.
func expectValidXML(_ svg: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let parser = XMLParser(data: Data(svg.utf8))
    #expect(parser.parse(), "\(name): \(parser.parserError.map(String.init(describing:)) ?? "")", sourceLocation: sourceLocation)
    guard let xmllint = executable(named: "xmllint") else {
        #expect(ProcessInfo.processInfo.environment["SIGVIZ_REQUIRE_TOOLS"] == nil, "xmllint is required but missing",
                sourceLocation: sourceLocation)
        return
    }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("sigviz-\(UUID().uuidString).svg")
    try Data(svg.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let process = Process()
    process.executableURL = xmllint
    process.arguments = ["--noout", file.path]
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "xmllint rejects \(name): \(message)", sourceLocation: sourceLocation)
}

/// The executable called `name` on the PATH, if any.
func executable(named name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
        let url = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return nil
}

/// How many times `needle` occurs in `text`.
func occurrences(of needle: String, in text: String) -> Int {
    text.components(separatedBy: needle).count - 1
}

/// Compares `svg` with the golden file `name.svg` in __Snapshots__; with
/// SIGVIZ_RECORD=1 in the environment, writes it instead (and fails, so that
/// a recording run is never mistaken for a passing one).
func expectMatchesGolden(_ svg: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
    let file = directory.appendingPathComponent(name + ".svg")
    if ProcessInfo.processInfo.environment["SIGVIZ_RECORD"] == "1" {
        try Data(svg.utf8).write(to: file, options: .atomic)
        Issue.record("recorded \(file.lastPathComponent); run again without SIGVIZ_RECORD to compare", sourceLocation: sourceLocation)
        return
    }
    let golden = try #require(
        try? String(contentsOf: file, encoding: .utf8),
        "no golden file \(file.lastPathComponent); record it with SIGVIZ_RECORD=1 swift test --filter RenderTests",
        sourceLocation: sourceLocation)
    if golden != svg {
        let goldenLines = golden.split(separator: "\n", omittingEmptySubsequences: false)
        let lines = svg.split(separator: "\n", omittingEmptySubsequences: false)
        let first = zip(goldenLines, lines).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(goldenLines.count, lines.count)
        Issue.record("""
            \(name).svg differs from its golden file at line \(first + 1):
              golden: \(first < goldenLines.count ? String(goldenLines[first].prefix(300)) : "<end>")
              actual: \(first < lines.count ? String(lines[first].prefix(300)) : "<end>")
            """, sourceLocation: sourceLocation)
    }
}
