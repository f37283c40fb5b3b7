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

/// What `docs` finds in its output folder besides what it writes: the diagrams left over from
/// scenarios that are gone.
enum DocsFolder {
    /// The SVGs drawn by sigviz in `directory` that are not among `produced`: a renamed
    /// scenario's, left for the user to delete (docs never deletes anything).
    static func leftovers(in directory: String, besides produced: [String]) -> [String] {
        let produced = Set(produced)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { name in
            name.hasSuffix(".svg") && !produced.contains(name)
                && isSigvizDiagram((directory as NSString).appendingPathComponent(name))
        }.sorted()
    }

    /// Whether the file at `path` is an SVG that sigviz drew (its renderers label the title `sigviz-title`).
    static func isSigvizDiagram(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = String(decoding: (try? handle.read(upToCount: 1024)) ?? Data(), as: UTF8.self)
        return head.contains("<svg") && head.contains("sigviz-title")
    }
}

extension DocsPipeline {
    /// `--check`: names what is out of date on standard output, and returns what to fail with
    /// when anything is.
    func report(_ changes: [Output], fresh: Int, total: Int, leftovers: [String], on console: Console) throws -> String? {
        var text = ""
        for change in changes {
            text += "\(change.change == .create ? "missing" : "stale"): \(change.display)\n"
        }
        for leftover in leftovers {
            text += "left over: \((output as NSString).appendingPathComponent(leftover)) (no scenario produces it; delete it)\n"
        }
        if changes.isEmpty, leftovers.isEmpty {
            try console.write(text + "\(total) files in \(output) are up to date\n")
            return nil
        }
        try console.write(text)
        var problems: [String] = []
        if !changes.isEmpty {
            problems.append("\(changes.count) of \(total) files are missing or stale")
        }
        if !leftovers.isEmpty {
            problems.append("\(leftovers.count) left over")
        }
        // docs never deletes a file: for the ones left over, the fix is the user's.
        let update = "run `sigviz docs \(scenarios) -o \(output)` to update them"
        let fix = switch (changes.isEmpty, leftovers.isEmpty) {
        case (false, true): update
        case (true, false): "delete the files left over"
        default: update + " and delete the files left over"
        }
        return problems.joined(separator: ", ") + " in \(output); " + fix
    }

    /// Puts the staged files in place, in order (images before the page), then names each file
    /// written: the list goes to standard output once every file is written, so that standard
    /// output closed or full does not stop the writing half way (sigviz then fails, with the files
    /// in place).
    func write(_ changes: [Output], fresh: Int, leftovers: [String], staging: Staging, on console: Console) throws {
        try staging.flush()
        var text = "", written: [String] = []
        for change in changes {
            guard let staged = change.staged else { continue }
            do {
                try AtomicFile.commit(staged, to: change.display, pending: staging.pending)
            } catch {
                staging.discard()
                let before = switch written.count {
                case 0: "nothing was written"
                case 1: "1 file was written before it: \(written[0])"
                default: "\(written.count) files were written before it: \(written.joined(separator: ", "))"
                }
                throw CommandFailure("cannot write \(change.display): \(FileProblem.writing(change.display, error)); \(before)")
            }
            staging.committed(staged)
            written.append((change.display as NSString).lastPathComponent)
            text += "\(change.change == .create ? "created" : "updated"): \(visiblyEscaped(change.display))\n"
        }
        staging.finished()
        for leftover in leftovers {
            text += "left over: \((output as NSString).appendingPathComponent(leftover)) (no scenario produces it; delete it if it is stale)\n"
        }
        text += "\(changes.count) written, \(fresh) unchanged in \(output)\n"
        try console.write(text)
    }
}
