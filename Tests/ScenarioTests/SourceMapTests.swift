import Foundation
import Testing

/// The repository's root, from this file's place in it.
private let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The paths README.md's "Navigating the code" map names: a path at the start of a line is a
/// folder or file of the repository; a name indented under it (`  Name.swift`, `  Folder/`) is in
/// that folder. The text after a path is its description.
func sourceMapPaths(in readme: String) -> [String] {
    guard let start = readme.range(of: "## Navigating the code"),
          let open = readme.range(of: "```text\n", range: start.upperBound..<readme.endIndex),
          let close = readme.range(of: "```", range: open.upperBound..<readme.endIndex) else { return [] }
    var paths: [String] = []
    var folder = ""
    for line in readme[open.upperBound..<close.lowerBound].split(separator: "\n") {
        let indent = line.prefix { $0 == " " }.count
        guard let word = line.split(separator: " ").first.map(String.init), word.contains("/") || word.hasSuffix(".swift") else { continue }
        if indent == 0 {
            // "Examples/<name>/main.swift" names a pattern: its folder is what must exist.
            let path = word.contains("<") ? String(word.prefix { $0 != "<" }) : word
            paths.append(path)
            folder = path.hasSuffix("/") ? path : ""
        } else if indent == 2, !folder.isEmpty {
            paths.append(folder + word)
        }
    }
    return paths
}

@Suite("README's map of the code")
struct SourceMapTests {
    @Test("every path README.md's map names exists, and no folder is named twice")
    func pathsExist() throws {
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let paths = sourceMapPaths(in: readme)
        #expect(paths.count > 40, "the map was not found: \(paths)")
        let missing = paths.filter { !FileManager.default.fileExists(atPath: repositoryRoot.appendingPathComponent($0).path) }
        #expect(missing.isEmpty, "README.md names paths that do not exist: \(missing)")
        let repeated = Dictionary(grouping: paths, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        #expect(repeated.isEmpty, "named twice: \(repeated)")
    }

    @Test("the map's reader finds indented names under their folder, and a pattern's folder")
    func reader() {
        let text = "## Navigating the code\n\n```text\nSources/A/    the a\n  B.swift     b\n  C/          c\n" +
            "               more about c\nExamples/<name>/main.swift  x\n```\n"
        #expect(sourceMapPaths(in: text) == ["Sources/A/", "Sources/A/B.swift", "Sources/A/C/", "Examples/"])
    }
}
