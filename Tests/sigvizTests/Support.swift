import Foundation

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

/// Runs `sigviz arguments...` and waits for it.
func sigviz(_ arguments: String...) throws -> Run {
    try sigviz(arguments)
}

func sigviz(_ arguments: [String], in directory: URL? = nil) throws -> Run {
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
