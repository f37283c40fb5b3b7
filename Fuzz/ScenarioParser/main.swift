// libFuzzer target: the scenario file parser (docs/scenario-format.md).
//
// Every input must either parse or be refused with a ScenarioFileError whose line and column lie in
// the file; nothing may trap. Inputs that are not UTF-8 are refused by sigviz before parsing (with
// their byte offset), so they are parsed here after repair, to reach the parser anyway.
//
// With SIGVIZ_FUZZ_RUN=1 in the environment, small files that parse (at most 300 bytes and 8
// statements, so that nothing can blow up exponentially) are also run on the runtime and recorded:
// the parser promises that "a file that parses runs".
import Foundation
import Scenarios

private let runParsed = ProcessInfo.processInfo.environment["SIGVIZ_FUZZ_RUN"] == "1"
/// The most events a fuzzed scenario may make before its run is stopped.
private let fuzzEventLimit = 100_000

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenarioParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let text = String(validating: bytes, as: UTF8.self) ?? String(decoding: bytes, as: UTF8.self)
    // Lines as the parser splits them: at "\n" or "\r\n", on the UTF-8 bytes
    // (Swift makes "\r\n" one Character, so splitting Characters at "\n" misses it).
    let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        .map { Substring($0.last == UInt8(ascii: "\r") ? $0.dropLast() : $0) }
    let file: ScenarioFile
    do {
        file = try ScenarioFile(parsing: text, file: "fuzz.sigviz")
    } catch {
        // The position names a real line, and a column on it or just after its end.
        precondition(error.line >= 1 && error.line <= lines.count, "line \(error.line) of \(lines.count): \(error.message)")
        let length = lines[error.line - 1].count
        precondition(error.column >= 1 && error.column <= max(length + 1, 10_001),
                     "column \(error.column) on a line of \(length): \(error.message)")
        precondition(!error.message.isEmpty)
        _ = error.description
        return 0
    }
    for expectation in file.expectations {
        _ = expectation.timeline(frame: file.frame)
    }
    if runParsed, size <= 300, lines.filter({ !$0.allSatisfy(\.isWhitespace) }).count <= 8 {
        // Bounded as sigviz bounds it: a run past its limit stops and throws.
        guard let trace = try? file.scenario(named: "fuzz").trace(maximumEvents: fuzzEventLimit) else { return 0 }
        do {
            try trace.validate()
        } catch {
            preconditionFailure("a parsed scenario recorded an invalid trace: \(error)")
        }
        _ = try? file.check(named: "fuzz", maximumEvents: fuzzEventLimit)
    }
    return 0
}
