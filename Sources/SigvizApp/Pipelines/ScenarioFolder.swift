import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Render
import Scenarios
import Findings
import Tracer

/// The scenario files and trace files directly in a folder, as `docs` reads them.
package enum ScenarioFolder {
    /// A parsed scenario file, or a trace file (a test's recording, say), read when it is drawn.
    package struct Source: Sendable {
        /// The scenario's name: the file's, without `.sigviz` or `.json`.
        package let name: String
        /// The file's path, as SCENARIOS-DIR given joined with its name: how messages name it.
        package let path: String
        /// The parsed scenario file; `nil` for a trace file.
        package let file: ScenarioFile?
    }

    /// The extensions of the files read: scenario files, and traces (`Trace.json()`, `sigviz trace`).
    static let extensions = [".sigviz", ".json"]

    /// The scenario files and trace files directly in `directory`, sorted by name, every scenario
    /// file parsed: every malformed one is reported, and then the command fails. (A trace file is
    /// read when it is drawn, within the run's limits.)
    package static func parseAll(in directory: String, jobs: Int = 1) throws -> [Source] {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw CommandFailure("cannot read \(directory): no such directory")
        }
        guard isDirectory.boolValue else { throw CommandFailure("cannot read \(directory): it is a file, not a directory") }
        let names: [String]
        do {
            names = try manager.contentsOfDirectory(atPath: directory)
        } catch {
            throw CommandFailure("cannot read \(directory): \(FileProblem.reading(directory, error))")
        }
        // A folder named *.sigviz is passed over; anything else that is not a regular file (a FIFO,
        // which would block the read for ever, a socket, a device) is refused, by name.
        var found: [String] = []
        for name in names where extensions.contains(where: name.hasSuffix) && !name.hasPrefix(".") {
            let path = (directory as NSString).appendingPathComponent(name)
            var status = stat()
            guard stat(path, &status) == 0 else { continue }  // gone, or a broken link: nothing to read
            switch status.st_mode & S_IFMT {
            case S_IFREG: found.append(name)
            case S_IFDIR: continue
            default:
                throw CommandFailure("cannot read \(visiblyEscaped(path)): it is not a regular file (a FIFO, socket or device); "
                    + "docs reads only regular files")
            }
        }
        /// Its name without its extension.
        @Sendable func stem(_ name: String) -> Substring { name.dropLast(extensions.first(where: name.hasSuffix)?.count ?? 0) }
        let files = found.sorted { (stem($0), $0) < (stem($1), $1) }  // cold before cold-on-demand
        guard !files.isEmpty else { throw CommandFailure("no scenario files (*.sigviz) or trace files (*.json) in \(directory)") }

        // Parsed `jobs` at a time, each file by one worker; the results are taken in the files' order.
        let parsed = ConcurrentWork.results(count: files.count, jobs: jobs, stoppingAtFirstFailure: false) { index in
            let path = (directory as NSString).appendingPathComponent(files[index])
            guard files[index].hasSuffix(".sigviz") else { return Source(name: String(stem(files[index])), path: path, file: nil) }
            return Source(name: Input.scenarioName(path), path: path, file: try Input.scenarioFile(path))
        }
        var sources: [Source] = [], problems: [String] = []
        for case let result? in parsed {
            switch result {
            case .success(let source): sources.append(source)
            case .failure(let error): problems.append("\(error)")
            }
        }
        if !problems.isEmpty {
            throw CommandFailure(
                problems.joined(separator: "\nError: ")
                    + "\nnothing was written: \(problems.count) of \(files.count) scenario files could not be read")
        }

        // Two scenarios must not claim the same output, even on a case-insensitive file system.
        var owners: [String: String] = [:]
        for source in sources {
            for file in [source.name + ".svg", source.name + "-graph.svg"] {
                let given = (source.path as NSString).lastPathComponent
                if let owner = owners.updateValue(given, forKey: file.lowercased()) {
                    throw CommandFailure(
                        "\(owner) and \(given) would both write \(file); rename one of them")
                }
            }
        }
        return sources
    }
}
