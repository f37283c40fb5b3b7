import Foundation
import Scenarios
import Testing

// The scenario language's operator table (issue 25, item 1): one list of operators, which the
// parser's exhaustive switch reads, and which the documentation and the fuzzer's dictionary are
// kept equal to here (the truth oracle's generator is kept covering it in RenderTests).

private func repositoryFile(_ path: String) throws -> String {
    let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(path)
    return try String(contentsOf: url, encoding: .utf8)
}

@Suite("The operator table")
struct OperatorTableTests {
    @Test("docs/scenario-format.md's operator table lists every operator, and no other but those it refuses")
    func documented() throws {
        let lines = try repositoryFile("docs/scenario-format.md").split(separator: "\n", omittingEmptySubsequences: false)
        var words: [String] = []
        // The pipelines' operator table, and the schedulers' table of the hops (with its `scheduler` statement).
        for header in ["| operator | meaning |", "| statement or operator | meaning |"] {
            let start = try #require(lines.firstIndex { $0 == header })
            for row in lines[(start + 2)...].prefix(while: { $0.hasPrefix("|") }) {
                let cell = row.split(separator: "|", omittingEmptySubsequences: false)[1]
                words += cell.matches(of: #/`(\w+)[^`]*`/#).map { String($0.output.1) }
            }
        }
        let refused = ["first", "firstOrDefault", "toArray", "scheduler"]
        #expect(Set(words).subtracting(refused) == Set(ScenarioFile.operators))
        #expect(words.filter { !refused.contains($0) }.count >= ScenarioFile.operators.count)
    }

    @Test("Fuzz/scenario.dict has every operator's word")
    func fuzzDictionary() throws {
        let tokens = Set(try repositoryFile("Fuzz/scenario.dict").split(separator: "\n").map(String.init))
        for word in ScenarioFile.operators {
            #expect(tokens.contains("\"\(word)\""), "\(word)")
        }
    }

    @Test("every operator parses, and a word that is not one is refused with the closest operators")
    func everyOperatorParses() throws {
        #expect(ScenarioFile.operators.count == Set(ScenarioFile.operators).count)
        #expect(throws: ScenarioFileError.self) { try ScenarioFile(parsing: "cold c: +1 completed\nlet p = c | teleport", file: "t.sigviz") }
    }
}
