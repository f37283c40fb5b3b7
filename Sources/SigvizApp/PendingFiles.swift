/// Whoever removes what a run has on the disk but not yet in place (temporary files, and the
/// folders made for them) if the process ends before the run puts them in place or removes them.
///
/// The command-line tool gives one that removes them when the process ends by a signal (its
/// FatalSignalCleanup); a program that runs sigviz's pipelines in its own process may give none
/// (``Console/pendingFiles`` `nil`). Each path is remembered before it exists and forgotten once it
/// is in place or removed, so that no moment is left when it exists unremembered.
package protocol PendingFiles: Sendable {
    /// Remembers `path`: a file, or with `isFolder` a folder (to be removed only if empty).
    func remember(_ path: String, isFolder: Bool)
    /// Forgets `path`: it was put in place, or removed.
    func forget(_ path: String)
}
