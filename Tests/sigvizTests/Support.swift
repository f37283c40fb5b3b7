import Foundation
import SigvizApp
@testable import sigviz

/// What a run of the sigviz executable printed, and how it exited.
struct Run {
    let status: Int32
    let output: String
    let errors: String
    let data: Data
}

/// The sigviz executable built beside the test bundle.
let sigvizExecutable: URL = {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<3 {
        let candidate = directory.appendingPathComponent("sigviz")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        directory.deleteLastPathComponent()
    }
    return Bundle.main.bundleURL.appendingPathComponent("sigviz")
}()

/// Runs `sigviz arguments...` in this process (``inProcessSigviz(_:)``).
func sigviz(_ arguments: String...) throws -> Run {
    try sigviz(arguments)
}

/// Runs `sigviz arguments`: in this process, or, when `directory` is given (a run whose relative
/// paths are read from a folder of its own), as a process started in `directory`.
func sigviz(_ arguments: [String], in directory: URL? = nil) throws -> Run {
    guard let directory else { return inProcessSigviz(arguments) }
    return try spawnedSigviz(arguments, in: directory)
}

/// Runs `sigviz arguments` in this process, as the executable's entry point would
/// (``SigViz/run(_:on:)``), keeping what it writes on standard output and standard error.
func inProcessSigviz(_ arguments: [String]) -> Run {
    let output = Captured(), messages = Captured()
    let console = Console(output: { output.append(Data($0)) }, messages: { messages.append(Data($0.utf8)) })
    let status: Int32 = switch SigViz.run(arguments, on: console) {
    case .status(let status): status
    case .brokenPipe: 128 + SIGPIPE
    }
    let data = output.data
    return Run(status: status, output: String(decoding: data, as: UTF8.self),
               errors: String(decoding: messages.data, as: UTF8.self), data: data)
}

/// Bytes written from any thread, kept in order.
private final class Captured: @unchecked Sendable {
    // @unchecked: `bytes` is only touched with `lock` held.
    private let lock = NSLock()
    private var bytes = Data()

    func append(_ data: Data) { lock.withLock { bytes.append(data) } }
    var data: Data { lock.withLock { bytes } }
}

/// Runs the sigviz executable with `arguments`, in `directory` when given, and waits for it:
/// for what only a process shows (its working folder, its exit by a signal, its own descriptors).
func spawnedSigviz(_ arguments: [String], in directory: URL? = nil) throws -> Run {
    let process = Process()
    process.executableURL = sigvizExecutable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let output = Pipe(), errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // Read both pipes before waiting, so a large output cannot block the child.
    nonisolated(unsafe) var errorData = Data()
    let reading = DispatchGroup()
    DispatchQueue.global().async(group: reading) { errorData = errors.fileHandleForReading.readDataToEndOfFile() }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    reading.wait()
    return Run(
        status: process.terminationStatus,
        output: String(decoding: data, as: UTF8.self),
        errors: String(decoding: errorData, as: UTF8.self),
        data: data)
}

/// A new empty directory for one test.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("sigviz-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
