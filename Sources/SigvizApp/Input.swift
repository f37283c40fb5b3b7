import Foundation
import Scenarios
import Tracer

/// Turns a command-line argument naming a built-in scenario, a scenario file
/// or a trace file into a trace.
package enum Input {
    /// How a command's help names the input it takes: what ``trace(_:)`` reads.
    package static let oneHelp = "A built-in scenario (see `sigviz list`), a scenario file (.sigviz) or a trace file (.json)."
    /// How a command's help names the inputs it takes, in a sentence of its own.
    package static let severalHelp = "built-in scenarios (see `sigviz list`), scenario files (.sigviz) or trace files (.json)"

    /// The trace of `argument`: a built-in scenario's name, a scenario file
    /// (`.sigviz`), or a trace JSON file.
    package static func trace(_ argument: String, limits: RunLimits) throws -> Trace {
        try traceAndFile(argument, limits: limits).trace
    }

    /// The trace of `argument`, as ``trace(_:)`` makes it, and the scenario file it ran: the file
    /// given, or a built-in scenario's bundled file (`nil` for a trace file).
    package static func traceAndFile(_ argument: String, limits: RunLimits) throws -> (trace: Trace, file: ScenarioFile?) {
        if let (file, name) = try InputSource(argument).scenario() {
            return (try limits.trace(of: file.scenario(named: name), input: argument), file)
        }
        try validate(argument)
        do {
            if let file = try mappedTraceFile(argument, limits: limits) {
                return (try Trace(json: file.bytes, maximumEvents: limits.maximumEvents, read: { file.release(before: $0) }), nil)
            }
            return (try Trace(json: try read(argument), maximumEvents: limits.maximumEvents), nil)
        } catch let error as TraceFormatError {
            throw CommandFailure("\(visiblyEscaped(argument)):\(error.line):\(error.column): \(error.message)")
        }
    }

    /// The trace file at `path` mapped into memory, when it is a regular file larger than
    /// ``RunLimits/maximumFileSize`` (`nil` for a smaller one, a pipe or a device, which ``read(_:)`` reads), refusing one larger than ``RunLimits/maximumTraceFileSize``
    /// (256 MB per million events of `--max-events`) by its size, without reading it.
    package static func mappedTraceFile(_ path: String, limits: RunLimits) throws -> MappedFile? {
        let file: MappedFile?
        do {
            file = try MappedFile(path, largerThan: RunLimits.maximumFileSize)
        } catch {
            throw CommandFailure("cannot read \(path): \(FileProblem.reading(path, error))")
        }
        guard let file else { return nil }
        let limit = limits.maximumTraceFileSize
        guard file.bytes.count <= limit else {
            throw CommandFailure(
                "cannot read \(path): it is \((file.bytes.count + (1 << 20) - 1) >> 20) MB; sigviz reads trace files up to \(limit >> 20) MB at --max-events "
                    + "\(limits.maximumEvents) (\(RunLimits.traceFileBytesPerMillionEvents >> 20) MB per million events, and at least \(RunLimits.maximumFileSize >> 20) MB); "
                    + "a larger --max-events reads larger files")
        }
        return file
    }

    /// Refuses `argument` as a usage error when it is neither a built-in scenario's name nor a
    /// file's (a file's name ends in `.sigviz` or `.json`, or has a folder in it): an unknown
    /// scenario, with the built-in one it most likely means (``Catalog/closestName(to:)``), or
    /// otherwise where to find the names.
    ///
    /// Commands call it from `validate()` for each input, so that the message comes with the
    /// subcommand's usage, and sigviz exits with status 64 (``CommandFailure/Code/usage``).
    package static func validate(_ argument: String) throws {
        guard Catalog.scenario(named: argument) == nil,
              !argument.hasSuffix(".sigviz"), !argument.hasSuffix(".json"), !argument.contains("/") else { return }
        let unknown = "unknown scenario '\(visiblyEscaped(argument))'"
        if let name = Catalog.closestName(to: argument) {
            throw CommandFailure.usage("\(unknown); did you mean '\(name)'?")
        }
        throw CommandFailure.usage(
            "\(unknown); `sigviz list` shows the built-in scenarios, or give a scenario file (.sigviz) or a trace file (.json).")
    }

    /// The parsed scenario file at `path`.
    package static func scenarioFile(_ path: String) throws -> ScenarioFile {
        // The bytes are let go before parsing: a file may be 64 MB.
        let text = try { () throws -> String in
            let data = try read(path)
            guard let text = String(data: data, encoding: .utf8) else {
                let (line, column, offset) = invalidUTF8(in: data)
                throw CommandFailure(
                    "\(path):\(line):\(column): the file is not valid UTF-8: byte 0x\(String(data[data.startIndex + offset], radix: 16, uppercase: true)) "
                        + "at offset \(offset) does not start a valid sequence; save the file as UTF-8")
            }
            return text
        }()
        do {
            return try ScenarioFile(parsing: text, file: path)
        } catch {
            throw CommandFailure(error.description)
        }
    }

    /// A scenario file's name without its folder and extension: `Examples/scenarios/cold.sigviz` is `cold`.
    package static func scenarioName(_ path: String) -> String {
        URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    }

    /// The bytes of the file at `path` (a scenario file; a trace file that is a pipe or a device),
    /// refusing files over 64 MB (``RunLimits/maximumFileSize``):
    /// by their size when it is known, and otherwise (a pipe, a device) after reading one byte
    /// more than that, never more. A failure to read is said in plain words (``FileProblem``).
    package static func read(_ path: String) throws -> Data {
        let limit = RunLimits.maximumFileSize
        let tooBig = "sigviz reads files up to \(limit >> 20) MB"
        if let size = try? URL(fileURLWithPath: path).resourceValues(forKeys: [.fileSizeKey]).fileSize, size > limit {
            throw CommandFailure("cannot read \(path): it is \(size >> 20) MB; \(tooBig)")
        }
        let data: Data
        do {
            data = try FileContents.read(path, upTo: limit + 1)
        } catch {
            throw CommandFailure("cannot read \(path): \(FileProblem.reading(path, error))")
        }
        // A file that grew after its size was read, or a stream, is refused the same way.
        guard data.count <= limit else { throw CommandFailure("cannot read \(path): it is more than \(limit >> 20) MB; \(tooBig)") }
        return data
    }

    /// Where the first byte that is not valid UTF-8 is: its line, its column and its offset in the file.
    ///
    /// Lines end at "\n" (a "\r" before it belongs to the line break, as for the parser). The column
    /// is the number of characters before the byte on its line, plus 1, counted like the parser's
    /// columns (after a leading byte-order mark on the first line), so that it is where the byte
    /// is, in the same units as every other error.
    package static func invalidUTF8(in data: Data) -> (line: Int, column: Int, offset: Int) {
        let bytes = [UInt8](data)
        let offset = bytes.withUnsafeBufferPointer(firstInvalidUTF8) ?? bytes.count
        let before = bytes[..<offset]
        let line = before.count(where: { $0 == 0x0A }) + 1
        var lineStart = (before.lastIndex(of: 0x0A) ?? -1) + 1
        if lineStart == 0, before.starts(with: [0xEF, 0xBB, 0xBF]) { lineStart = 3 }
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
        return (line, column, offset)
    }
}
