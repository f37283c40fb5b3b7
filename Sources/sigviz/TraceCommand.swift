import ArgumentParser
import Foundation
import Scenarios
import Tracer

/// `sigviz trace`.
struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Run a scenario and write its trace.",
        discussion: """
            Formats:
              json      the sigviz trace format (docs/trace-format.md): every event,
                        with the signal and subscription tables
              perfetto  the Chrome trace event format: open it at ui.perfetto.dev
                        or chrome://tracing
              marbles   one lane per subscriber in RxJS marble syntax (docs/marbles.md)

            The marbles of a scenario file with a `frame` line or expect lines are drawn at \
            its frame (1 s without a `frame` line), the frame its expect lines are read at, \
            so that a lane's events can be pasted into an expect line. Built-in scenarios, \
            trace files and other scenario files are drawn at the largest frame that puts \
            every event on a frame. --frame chooses the frame.

            Examples:
              sigviz trace subject-vs-replay --format marbles
              sigviz trace fetchdata -o fetchdata.json
              sigviz trace replaylazily --format marbles --frame 0.1
              sigviz trace my-scenario.sigviz --format marbles
              sigviz trace Examples/scenarios/cold.sigviz --format perfetto -o cold.json
            """
    )

    /// The output formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, perfetto, marbles
    }

    @Argument(help: ArgumentHelp(Input.oneHelp))
    var scenario: String

    @Option(name: .shortAndLong, help: "The output format.")
    var format: Format = .json

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output (-: standard output).", valueName: "file"),
            transform: SingleOption.counted(SingleOption.output))
    var output: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Seconds per marble frame (marbles only); by default a scenario file's frame when it has a frame or expect line, and otherwise the largest that fits every event.",
                               valueName: "seconds"))
    var frame: Double?

    @OptionGroup var limits: LimitOptions

    func validate() throws {
        try Input.validate(scenario)
        if let frame {
            try PositiveNumber.check(frame, option: "--frame", unit: "seconds per marble frame")
            guard format == .marbles else { throw ValidationError("--frame applies to --format marbles only.") }
        }
        if let output, output.isEmpty { throw ValidationError("--output needs a file name.") }
        try SingleOption.check(SingleOption.output)
    }

    func run() throws {
        limits.install()
        let (trace, file) = try Input.traceAndFile(scenario)
        let data: Data
        switch format {
        case .json:
            // Streamed: the document goes to the file in chunks as it is made, never held whole.
            try write(to: output, inputs: [scenario]) { sink in try trace.writeJSON(to: sink) }
            return
        case .perfetto:
            try write(to: output, inputs: [scenario]) { sink in try trace.writeChromeTraceJSON(to: sink) }
            return
        case .marbles:
            // A scenario file's marbles are at the frame its expect lines are read at, so that they can
            // be pasted into them (ScenarioFile.marbleFrame), a built-in scenario's too; a trace's fit its events.
            let chosen = frame ?? file?.marbleFrame
            do {
                data = Data(try trace.marbles(frame: chosen).utf8)
                if let chosen, let time = trace.firstTimeBetweenFrames(frame: chosen) {
                    let seconds = SecondsFormat(unit: .seconds)
                    StandardError.write(
                        "note: at one frame = \(seconds.format(chosen)), events between frames are drawn at the nearest frame "
                            + "(the first at \(seconds.format(time)))\(frame == nil ? "; --frame chooses another" : "")\n")
                }
            } catch {
                // A usage error (64) like the parser's own, without its usage text, naming what the
                // user gave: --frame or the file's frame when it is the frame that is wrong,
                // --format marbles otherwise.
                let blamed = switch (error.isAboutTheFrame, frame, file) {
                case (true, .some, _): "--frame"
                case (true, nil, .some): "--format marbles at the frame of \(scenario)"
                default: "--format marbles"
                }
                let way = error.isAboutTheFrame && frame == nil && file != nil ? " (--frame chooses another)" : ""
                StandardError.write(BoundedMessage.bounded("Error: \(blamed): \(error.message)\(way)") + "\n")
                throw ExitCode.validationFailure
            }
        }
        try write(data, to: output, inputs: [scenario])
    }
}

/// Writes `data` to `path` atomically (a temporary file renamed over it: ``AtomicFile``), or to standard output (``StandardOutput``)
/// when `path` is nil or `-` (a file named `-` is `./-`);
/// refuses, writing nothing, when `path` is one of the command's `inputs` (see ``InputFiles``), so that
/// `sigviz render x.sigviz -o x.sigviz` does not replace the scenario with its SVG.
///
/// A `path` that is, or leads by symbolic links to, a device or a pipe (`/dev/null`, `/dev/stdout` on a terminal
/// or a pipe, a FIFO) is written through, never replaced: renaming a file over `/dev/null` would turn it into a
/// plain file. A symbolic link to a regular file has that file replaced, the link kept. A failure is
/// `cannot write PATH: REASON (--output)`, the reason in plain words (``FileProblem``).
func write(_ data: Data, to path: String?, inputs: [String]) throws {
    try write(to: path, inputs: inputs) { sink in
        try data.withUnsafeBytes { try sink($0.assumingMemoryBound(to: UInt8.self)) }
    }
}

/// Writes what `produce` hands, in chunks, to the sink it is given, to `path` as
/// ``write(_:to:inputs:)`` writes its data (atomically, or to standard output, or through a device
/// or a pipe; never over an input), each chunk as it comes, so that the output is never held whole
/// in memory. A failure to write says why in the same words; a run that fails part way leaves the
/// file it would have replaced as it was.
func write(to path: String?, inputs: [String], _ produce: (_ sink: (UnsafeBufferPointer<UInt8>) throws -> Void) throws -> Void) throws {
    guard let path, path != "-" else {
        try produce { chunk in try StandardOutput.write(UnsafeRawBufferPointer(chunk)) }
        return
    }
    if InputFiles(inputs).contains(path) {
        throw CommandFailure("refusing to write \(path) (--output): it is one of the input files, which it would replace")
    }
    do {
        if isSpecialFile(path) {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            try produce { chunk in try handle.write(contentsOf: UnsafeRawBufferPointer(chunk)) }
        } else {
            // Through a symbolic link (such as /dev/stdout redirected to a file), the file it leads
            // to is replaced, never the link.
            try AtomicFile.write(to: isSymbolicLink(path) ? URL(fileURLWithPath: path).resolvingSymlinksInPath().path : path, produce)
        }
    } catch {
        throw CommandFailure("cannot write \(path): \(FileProblem.writing(path, error)) (--output)")
    }
}

/// Whether `path` exists and is, after following symbolic links, neither a regular file nor a directory.
private func isSpecialFile(_ path: String) -> Bool {
    var status = stat()
    guard stat(path, &status) == 0 else { return false }
    let type = status.st_mode & S_IFMT
    return type != S_IFREG && type != S_IFDIR
}

/// Whether `path` itself is a symbolic link.
private func isSymbolicLink(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
}

/// A failure to report on standard error, exiting with status 1.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    /// A failure saying `description`, each of its lines with control and bidi characters escaped
    /// (``visiblyEscaped(_:)``): a path or value quoted in it cannot send an escape sequence to the
    /// terminal. The lines themselves are kept: a parse error shows its line and a caret under it.
    init(_ description: String) {
        self.description = description.split(separator: "\n", omittingEmptySubsequences: false)
            .map { visiblyEscaped(String($0)) }.joined(separator: "\n")
    }
}
