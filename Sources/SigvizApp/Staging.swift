import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files `docs` has staged (written to temporary files beside their places, ``AtomicFile/stage(_:for:)``)
/// and the folders it created for them, so that a failure before they are put in place leaves
/// nothing behind: `discard()` removes them. Workers stage at once; the lock guards the lists.
package final class Staging: @unchecked Sendable {
    // @unchecked: `staged` and `created` are read and written only under `lock`. An NSLock rather
    // than a Mutex: ThreadSanitizer on Linux does not see Synchronization's Mutex.
    private let lock = NSLock()
    private var staged: Set<String> = []
    private var created: [String] = []
    /// A watcher of each folder staged in, opened before its first file was written
    /// (``AtomicFile/Watcher``); closed by ``flush()`` and ``discard()``.
    private var watchers: [String: AtomicFile.Watcher] = [:]
    /// The folders staged in that can have no watcher: their files are staged flushed.
    private var unwatched: Set<String> = []

    /// Who removes the staged files and created folders if the process ends before they are in place.
    package let pending: (any PendingFiles)?

    /// Staging whose files and folders are told to `pending`.
    package init(pending: (any PendingFiles)?) {
        self.pending = pending
    }

    /// Creates `folder` and the folders above it that do not exist, remembering them for `discard()`;
    /// does nothing when it exists (as a file too: planning the docs then refuses it).
    package func createFolder(_ folder: String) throws {
        var missing: [String] = []
        var path = folder
        while !path.isEmpty, path != "/", path != ".", !FileManager.default.fileExists(atPath: path) {
            if let type = try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType,
               type == .typeSymbolicLink { break }  // a dangling link: planning refuses it
            missing.append(path)
            path = (path as NSString).deletingLastPathComponent
        }
        guard !missing.isEmpty else { return }
        // Remembered before they exist, outer first, so that the handler of a signal, which goes
        // newest first, removes inner ones first, and no moment is left when one exists unremembered.
        for path in missing.reversed() { pending?.remember(path, isFolder: true) }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            // Those made before the failure.
            for path in missing {
                rmdir(path)
                pending?.forget(path)
            }
            throw CommandFailure("cannot create \(folder): \(FileProblem.creatingFolder(folder, error)); nothing was written")
        }
        lock.withLock { created = missing.reversed() }
    }

    /// Writes `data` to a temporary file beside `path` and returns its path. Where its folder has a
    /// watcher, the file is not yet flushed to the disk: ``flush()`` flushes them all at once, before
    /// they are put in place; elsewhere it is flushed as it is staged.
    package func stage(_ data: Data, for path: String) throws -> String {
        let folder = FileProblem.folder(of: path)
        let watched = lock.withLock { () -> Bool in
            if watchers[folder] == nil, !unwatched.contains(folder) {
                if let watcher = AtomicFile.watch(folder) { watchers[folder] = watcher } else { unwatched.insert(folder) }
            }
            return watchers[folder] != nil
        }
        let temporary: String
        do {
            temporary = try AtomicFile.stage(data, for: path, flushing: !watched, pending: pending)
        } catch {
            throw CommandFailure("cannot write \(path): \(FileProblem.writing(path, error)); nothing was written")
        }
        lock.withLock { _ = staged.insert(temporary) }
        return temporary
    }

    /// Flushes every staged file to the disk (``AtomicFile/Watcher/flush()``, in the order of the
    /// folders), so that a crash after one is put in place finds its new bytes; on failure, removes
    /// them all (``discard()``).
    package func flush() throws {
        let watchers = lock.withLock { self.watchers.values.sorted { $0.folder < $1.folder } }
        do {
            for watcher in watchers { try watcher.flush() }
        } catch {
            discard()
            let reason = FileProblem.reason(error.error.code.rawValue, writing: true)
            throw CommandFailure(
                "cannot flush the files written in \(error.path) to the disk: \(reason) (an error of the file system "
                    + "that holds it, maybe of another file); nothing was written")
        }
        closeWatchers()
    }

    /// `temporary` is in its place: no longer to remove.
    package func committed(_ temporary: String) {
        lock.withLock { _ = staged.remove(temporary) }
    }

    /// Every staged file is in place: the folders created hold them, and are no longer to remove.
    package func finished() {
        let folders = lock.withLock {
            defer { created = [] }
            return created
        }
        for folder in folders { pending?.forget(folder) }
    }

    /// Removes every staged file not put in place, and the folders created, if empty.
    package func discard() {
        closeWatchers()
        let (files, folders) = lock.withLock {
            defer { staged = []; created = [] }
            return (staged, created)
        }
        for file in files {
            unlink(file)
            pending?.forget(file)
        }
        for folder in folders.reversed() {
            rmdir(folder)
            pending?.forget(folder)
        }
    }

    private func closeWatchers() {
        let watchers = lock.withLock {
            defer { self.watchers = [:] }
            return self.watchers
        }
        for watcher in watchers.values { watcher.close() }
    }
}
