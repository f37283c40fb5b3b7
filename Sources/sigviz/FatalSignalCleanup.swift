import SigvizApp
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Removes the temporary files sigviz has not yet put in place, and the folders it created for
/// them, when the process ends by a signal: a trap in any thread (SIGILL, SIGTRAP), a crash
/// (SIGSEGV, SIGBUS, SIGFPE, SIGABRT), or Ctrl-C, a hang-up or `kill` (SIGINT, SIGHUP, SIGTERM).
/// The signal then goes on to the action it had before (the Swift runtime's backtrace, or the
/// default), so the process ends as it would have, with the same status.
///
/// It is the executable's: the entry point installs it and gives the pipelines its ``List`` as
/// their ``PendingFiles``, so that ``AtomicFile`` remembers each temporary file from the moment it
/// is created until it is renamed into place or removed, and ``Staging`` the folders it creates. The signal handler only
/// reads a list that is never freed, with `unlink` and `rmdir`, which are safe in a handler; a
/// folder is removed only if it is empty. SIGKILL cannot be caught: a run killed that way may
/// leave a `.sigviz-*` file (never a torn output file).
enum FatalSignalCleanup {
    /// The signals that end a run and are worth cleaning up after.
    static let signals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGINT, SIGHUP, SIGTERM]

    /// A path to remove if the process ends by a signal, until it is forgotten.
    private final class Entry: @unchecked Sendable {
        // @unchecked: `path` points to bytes written once, before the entry is published, and
        // never changed or freed.
        /// The path, as a C string, allocated once and never freed (the handler may read it).
        let path: UnsafeMutablePointer<CChar>
        let isFolder: Bool
        let isForgotten = Atomic(false)
        /// The entry pushed before this one, kept for the process's lifetime (see `newest`).
        let next: Unmanaged<Entry>?

        init(path: String, isFolder: Bool, next: Unmanaged<Entry>?) {
            self.path = strdup(path)
            self.isFolder = isFolder
            self.next = next
        }
    }

    /// The newest entry. The list is only pushed to, and each entry is retained once and never
    /// released, so the handler reads it without a lock and never reads freed memory. It grows by
    /// one entry per temporary file of the process's run (a command writes a bounded number).
    private static let newest = Atomic<Unmanaged<Entry>?>(nil)
    /// The entries not yet forgotten, by path, for ``forget(_:)`` (never read by the handler);
    /// guarded by `lock`. An NSLock rather than a Mutex: ThreadSanitizer on Linux does not see
    /// Synchronization's Mutex.
    nonisolated(unsafe) private static var byPath: [String: Unmanaged<Entry>] = [:]
    private static let lock = NSLock()
    /// The action each signal had before ``install()``, by its number; written before any thread starts.
    nonisolated(unsafe) private static let previous: UnsafeMutablePointer<sigaction> = {
        let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        actions.initialize(repeating: sigaction(), count: 65)
        return actions
    }()

    /// Installs the handler for ``signals``; called once, by the entry point, before any thread starts.
    /// A signal ignored when sigviz started (SIGINT of a background job) stays ignored.
    static func install() {
        _ = newest.load(ordering: .relaxed)  // made now, not first in the handler
        for number in signals where number < 65 {
            sigaction(number, nil, previous + Int(number))
            #if canImport(Glibc)
            let ignored = unsafeBitCast(previous[Int(number)].__sigaction_handler.sa_handler, to: Int.self) == 1
            #else
            let ignored = unsafeBitCast(previous[Int(number)].__sigaction_u.__sa_handler, to: Int.self) == 1
            #endif
            if ignored { continue }
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = handle
            #else
            action.__sigaction_u.__sa_handler = handle
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(number, &action, nil)
        }
    }

    /// Remembers `path` (a file, or with `isFolder` a folder, removed only if empty) for removal on a signal.
    static func remember(_ path: String, isFolder: Bool = false) {
        var old = newest.load(ordering: .acquiring)
        while true {
            let entry = Unmanaged.passRetained(Entry(path: path, isFolder: isFolder, next: old))
            let (exchanged, current) = newest.compareExchange(
                expected: old, desired: entry, successOrdering: .acquiringAndReleasing, failureOrdering: .acquiring)
            if exchanged {
                lock.withLock { byPath[path] = entry }
                return
            }
            entry.release()
            old = current
        }
    }

    /// Forgets `path`: it was put in place, or removed.
    static func forget(_ path: String) {
        let entry = lock.withLock { byPath.removeValue(forKey: path) }
        entry?.takeUnretainedValue().isForgotten.store(true, ordering: .releasing)
    }

    /// The handler: removes what is remembered and not forgotten, newest first (files before the
    /// folders made for them, inner folders before outer ones), then hands the signal on.
    private static let handle: @convention(c) (Int32) -> Void = { number in
        var entry = newest.load(ordering: .acquiring)
        while let current = entry?.takeUnretainedValue() {
            if !current.isForgotten.load(ordering: .acquiring) {
                if current.isFolder { rmdir(current.path) } else { unlink(current.path) }
            }
            entry = current.next
        }
        // The action it had before, for the signal raised again: delivered once the handler
        // returns (it is blocked until then); a fault in the code signals again as it re-runs.
        sigaction(number, previous + Int(number), nil)
        raise(number)
    }
}

extension FatalSignalCleanup {
    /// The handler's list, as the pipelines are given it (``Console/pendingFiles``).
    struct List: PendingFiles {
        func remember(_ path: String, isFolder: Bool) {
            FatalSignalCleanup.remember(path, isFolder: isFolder)
        }

        func forget(_ path: String) {
            FatalSignalCleanup.forget(path)
        }
    }
}
