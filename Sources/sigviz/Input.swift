import ArgumentParser
import Foundation
import Scenarios
import Tracer

/// Turns a command-line argument naming a built-in scenario, a scenario file
/// or a trace file into a trace.
enum Input {
    /// The trace of `argument`: a built-in scenario's name, a scenario file
    /// (`.sigviz`), or a trace JSON file.
    static func trace(_ argument: String) throws -> Trace {
        if let scenario = Catalog.scenario(named: argument) { return Limits.recording(argument) { scenario.trace() } }
        if argument.hasSuffix(".sigviz") {
            let scenario = try scenarioFile(argument).scenario(named: scenarioName(argument))
            return Limits.recording(argument) { scenario.trace() }
        }
        guard argument.hasSuffix(".json") || argument.contains("/") else {
            throw ValidationError(
                "unknown scenario '\(argument)'. The scenarios are: \(Catalog.scenarios.map(\.name).joined(separator: ", ")); "
                    + "or give a scenario file ending in .sigviz or a trace file ending in .json.")
        }
        let data = try read(argument)
        do {
            return try Trace(json: data, maximumEvents: Limits.maximumEvents)
        } catch {
            throw CommandFailure("\(argument):\(error.line):\(error.column): \(error.message)")
        }
    }

    /// The parsed scenario file at `path`.
    static func scenarioFile(_ path: String) throws -> ScenarioFile {
        let data = try read(path)
        guard let text = String(data: data, encoding: .utf8) else {
            let offset = firstInvalidUTF8(in: data)
            let line = data.prefix(offset).filter { $0 == 0x0A }.count + 1
            throw CommandFailure("\(path):\(line): the file is not valid UTF-8 (byte \(offset))")
        }
        do {
            return try ScenarioFile(parsing: text, file: path)
        } catch {
            throw CommandFailure(error.description)
        }
    }

    /// A scenario file's name without its folder and extension: `Examples/scenarios/cold.sigviz` is `cold`.
    static func scenarioName(_ path: String) -> String {
        URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    }

    /// The bytes of the file at `path`, refusing files over 64 MB (``Limits/maximumFileSize``):
    /// by their size when it is known, and otherwise (a pipe, a device) after reading one byte
    /// more than that, never more.
    static func read(_ path: String) throws -> Data {
        let url = URL(fileURLWithPath: path)
        let limit = Limits.maximumFileSize
        let tooBig = "sigviz reads files up to \(limit >> 20) MB"
        let values = try? url.resourceValues(forKeys: [.fileSizeKey, .isRegularFileKey, .isDirectoryKey])
        if let size = values?.fileSize, size > limit {
            throw CommandFailure("cannot read \(path): it is \(size >> 20) MB; \(tooBig)")
        }
        let data: Data
        do {
            if let values, values.isRegularFile == false, values.isDirectory == false {
                data = try readStream(url, upTo: limit + 1)
            } else {
                data = try Data(contentsOf: url)
            }
        } catch {
            throw CommandFailure("cannot read \(path): \(describe(error))")
        }
        // A file that grew after its size was read, or a stream, is refused the same way.
        guard data.count <= limit else { throw CommandFailure("cannot read \(path): it is more than \(limit >> 20) MB; \(tooBig)") }
        return data
    }

    /// At most `count` bytes of a pipe or device.
    private static func readStream(_ url: URL, upTo count: Int) throws -> Data {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var data = Data()
        while data.count < count, let chunk = try handle.read(upToCount: min(1 << 20, count - data.count)), !chunk.isEmpty {
            data.append(chunk)
        }
        return data
    }

    private static func firstInvalidUTF8(in data: Data) -> Int {
        var index = 0
        let bytes = [UInt8](data)
        while index < bytes.count {
            let length: Int
            switch bytes[index] {
            case 0x00..<0x80: length = 1
            case 0xC2..<0xE0: length = 2
            case 0xE0..<0xF0: length = 3
            case 0xF0..<0xF5: length = 4
            default: return index
            }
            guard index + length <= bytes.count, String(bytes: bytes[index..<index + length], encoding: .utf8) != nil else {
                return index
            }
            index += length
        }
        return index
    }
}
