import Foundation

/// The one way sigviz writes a folder of outputs (`report`, `docs`): plan, then apply.
///
/// ``plan(_:protecting:skippingUnchanged:)`` checks every file before anything is
/// written: its path is a plain relative path, so it lands inside the folder; no
/// folder on the way and no file is a symbolic link (an atomic write would replace
/// the link, or a linked folder would lead outside); an existing file is a regular
/// file and not one of the command's input files. ``apply(_:wrote:)`` then writes the
/// planned files in order, each atomically (a temporary file renamed into place), and
/// a failure names the file and lists what was written before it.
package struct OutputDirectory {
    /// The folder, as the user gave it: how messages name it and the files in it.
    package let path: String
    /// What the folder holds, for messages: "the report", "the docs".
    package let what: String
    /// The verb that goes with ``what``: "is", "are".
    package let verb: String

    /// The folder at `path`, named in messages as `what` (plural, with `verb`: "the docs are").
    package init(path: String, what: String, verb: String) {
        self.path = path
        self.what = what
        self.verb = verb
    }

    /// What applying a plan does to one file.
    package enum Change {
        case create, update
    }

    /// The files to write and why, after every check has passed.
    package struct Plan {
        /// The files to write, in order.
        package var changes: [(path: String, display: String, change: Change, contents: Data)] = []
        /// How many files are already up to date (when unchanged files are skipped).
        package var fresh = 0
        /// How many files were planned in all.
        package var total = 0
    }

    /// Checks every file of `files` (paths relative to the folder) and plans their writing.
    /// - Parameters:
    ///   - protecting: The input files, which are never written over.
    ///   - skippingUnchanged: Whether a file whose bytes are already those planned is left alone.
    package func plan(
        _ files: [(path: String, contents: Data)], protecting inputs: InputFiles, skippingUnchanged: Bool
    ) throws -> Plan {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        let exists = manager.fileExists(atPath: path, isDirectory: &isDirectory)
        if exists, !isDirectory.boolValue {
            throw CommandFailure("cannot write \(what) to \(path): it is a file, not a directory")
        }
        let root = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
        var plan = Plan(total: files.count)
        for file in files {
            let components = file.path.split(separator: "/", omittingEmptySubsequences: false)
            guard !file.path.hasPrefix("/"),
                  components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\0") }) else {
                throw CommandFailure("refusing to write \(file.path): not a plain relative path")
            }
            var url = root
            var display = path
            var existing: FileAttributeType?
            for (index, component) in components.enumerated() {
                url.appendPathComponent(String(component))
                display = (display as NSString).appendingPathComponent(String(component))
                let type = (try? manager.attributesOfItem(atPath: url.path))?[.type] as? FileAttributeType
                if type == .typeSymbolicLink {
                    throw CommandFailure("cannot write \(display): it is a symbolic link, and \(what) \(verb) written only inside \(path)")
                }
                if index < components.count - 1 {
                    if let type, type != .typeDirectory {
                        throw CommandFailure("cannot write \(display): it exists and is not a directory")
                    }
                } else if let type, type != .typeRegular {
                    throw CommandFailure("cannot write \(display): it exists and is not a regular file")
                }
                existing = type
            }
            if inputs.contains(url.path) {
                throw CommandFailure("refusing to write \(display): it is one of the input files")
            }
            guard existing != nil else {
                plan.changes.append((file.path, display, .create, file.contents))
                continue
            }
            if skippingUnchanged {
                let current: Data
                do {
                    // One byte more than the new contents is enough to tell them apart.
                    current = try FileContents.read(url.path, upTo: file.contents.count + 1)
                } catch {
                    throw CommandFailure("cannot read \(display): \(FileProblem.reading(display, error))")
                }
                if current == file.contents {
                    plan.fresh += 1
                    continue
                }
            }
            plan.changes.append((file.path, display, .update, file.contents))
        }
        return plan
    }

    /// Writes the planned files in order, creating the folders they need, and calls
    /// `wrote` after each with its path as shown and what was done. Returns the paths
    /// written, relative to the folder. Each file's temporary file is told to `pending`.
    @discardableResult
    package func apply(_ plan: Plan, pending: (any PendingFiles)?, wrote: (_ display: String, _ change: Change) -> Void = { _, _ in }) throws -> [String] {
        let manager = FileManager.default
        var written: [String] = []
        /// What was written before a failure, for its message.
        func before() -> String {
            switch written.count {
            case 0: "nothing was written"
            case 1: "1 file was written before it: \(written[0])"
            default: "\(written.count) files were written before it: \(written.joined(separator: ", "))"
            }
        }
        for change in plan.changes {
            let folder = (change.display as NSString).deletingLastPathComponent
            do {
                try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw CommandFailure("cannot create \(folder): \(FileProblem.creatingFolder(folder, error)); \(before())")
            }
            do {
                try AtomicFile.write(change.contents, to: change.display, pending: pending)
            } catch {
                throw CommandFailure("cannot write \(change.display): \(FileProblem.writing(change.display, error)); \(before())")
            }
            written.append(change.path)
            wrote(change.display, change.change)
        }
        return written
    }
}
