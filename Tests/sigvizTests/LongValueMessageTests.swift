import Foundation
import Testing

// A flag's value, an unknown option or an unknown name is the user's text: an error quotes it cut,
// so a 100 KB value makes a short error, not a 100 KB one (issue 26, class 10).

@Suite("Long values in error messages")
struct LongValueMessageTests {
    static let value = String(repeating: "x", count: 100_000)

    @Test("every refusal that quotes a 100,000-character value stays under 2 KB and says how long the value was",
          arguments: [
            ["explain", "cold", "--fail-on", value],
            ["render", "cold", "--theme", value, "-o", "x.svg"],
            ["trace", "cold", "--format", value],
            ["docs", "in", "--shard", value, "-o", "out"],
            ["render", "cold", "--only", value, "-o", "x.svg"],
            ["render", "cold", "--" + value],
            ["trace", value],
            ["report", "cold", value, "-o", "site"],
          ])
    func cut(arguments: [String]) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try sigviz(arguments, in: directory)
        #expect(run.status != 0)
        #expect(run.errors.utf8.count < 2_048, "\(run.errors.prefix(300))")
        // Cut in the middle, saying how long it was (the value, or the option or quoted word holding it).
        #expect(run.errors.contains(#/…\(1000\d\d characters\)…/#), "\(run.errors.prefix(300))")
    }
}
