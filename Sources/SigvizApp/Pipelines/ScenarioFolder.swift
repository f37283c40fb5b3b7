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

/// The scenario files directly in a folder, as `docs` reads them.
package enum ScenarioFolder {
    /// A parsed scenario file.
    package struct Source: Sendable {
        /// The scenario's name: the file's, without `.sigviz`.
        package let name: String
        /// The file's path, as SCENARIOS-DIR given joined with its name: how messages name it.
        package let path: String
        package let file: ScenarioFile
    }

    /// The scenario files directly in `directory`, sorted by name, all parsed:
    /// every malformed one is reported, and then the command fails.
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
        for name in names where name.hasSuffix(".sigviz") && !name.hasPrefix(".") {
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
        let files = found.sorted { $0.dropLast(".sigviz".count) < $1.dropLast(".sigviz".count) }  // cold before cold-on-demand
        guard !files.isEmpty else { throw CommandFailure("no scenario files (*.sigviz) in \(directory)") }

        // Parsed `jobs` at a time, each file by one worker; the results are taken in the files' order.
        let parsed = ConcurrentWork.results(count: files.count, jobs: jobs, stoppingAtFirstFailure: false) { index in
            let path = (directory as NSString).appendingPathComponent(files[index])
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
                if let owner = owners.updateValue(source.name + ".sigviz", forKey: file.lowercased()) {
                    throw CommandFailure(
                        "\(owner) and \(source.name).sigviz would both write \(file); rename one of them")
                }
            }
        }
        return sources
    }
}
