import Synchronization

/// A change made to a signal where code names it, in an observed run: the code runs as if it had
/// been written with the change at that call of ``Signal/named(_:fileID:line:)``. What proves a
/// suggested fix for a recording of Swift code, by running the code again with the change.
///
/// ```swift
/// // The code named fetchUser at AppTests/ProfileTests.swift:8; run it again sharing fetchUser.
/// let share = NamingRewrite(name: "fetchUser", fileID: "AppTests/ProfileTests.swift", line: 8, change: .replayLazily)
/// let rewrites = NamingRewrites([share])
/// Instrumentation.withInstrument(recorder, clock: scheduler, rewriting: rewrites) { ... }
/// rewrites.madeCount   // 1 when the code named fetchUser there once
/// ```
public struct NamingRewrite: Sendable, Hashable {
    /// What to change.
    public enum Change: Sendable, Hashable {
        /// Put ``Signal/replayLazily()`` after the named signal, so that its subscribers share one
        /// subscription to it: `named(name)` returns the shared signal.
        case replayLazily
        /// Make the named subject, a plain ``Subject``, a ``ReplaySubject`` keeping its last
        /// `capacity` values (`nil`: all of them): `named(name)` returns a new replay subject of that
        /// name in its place.
        case replaySubject(capacity: Int?)
    }

    /// The name the code gives the signal.
    public var name: String
    /// The file of the call, as `#fileID` gives it: "Module/File.swift".
    public var fileID: String
    /// The line of the call.
    public var line: Int
    /// What to change.
    public var change: Change

    /// Makes a rewrite of the signal named `name` at `fileID`, `line`.
    public init(name: String, fileID: String, line: Int, change: Change) {
        self.name = name
        self.fileID = fileID
        self.line = line
        self.change = change
    }
}

/// The rewrites an installation makes (``Instrumentation/withInstrument(_:clock:budget:rewriting:_:)``),
/// and how many times it made one: a change the code never reached, or that does not fit the signal
/// named there (a replay subject in place of what is not a plain subject), is not made.
public final class NamingRewrites: Sendable {
    private let rewrites: [NamingRewrite]
    private let made = Atomic(0)

    /// Makes the set of `rewrites`.
    public init(_ rewrites: [NamingRewrite]) {
        self.rewrites = rewrites
    }

    /// How many times a change was made: once for each call of ``Signal/named(_:fileID:line:)`` that
    /// a rewrite matched and could change.
    public var madeCount: Int { made.load(ordering: .relaxed) }

    /// The change for the signal named `name` at `fileID`, `line`, if there is one.
    func change(named name: String, fileID: String, line: Int) -> NamingRewrite.Change? {
        rewrites.first { $0.line == line && $0.name == name && $0.fileID == fileID }?.change
    }

    func noteMade() { made.add(1, ordering: .relaxed) }
}
