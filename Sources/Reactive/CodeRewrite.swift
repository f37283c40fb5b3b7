import Synchronization

/// A change made at a call in the code, in an observed run: the code runs as if it had been written
/// with the change there. What proves a suggested fix for a recording of Swift code, by running the
/// code again with the change (the SigvizTesting kit's `MarbleTest.explain`): package API, not the
/// runtime's public surface.
///
/// The call is one of two, found by its name or label, file and line:
/// ``Signal/named(_:fileID:line:)``, which then returns the changed signal in place of the one it
/// names; or a labelled ``Signal/subscribe(label:next:error:completed:fileID:line:)`` (or its form
/// with an owner), which then subscribes to the changed signal.
///
/// ```swift
/// // The code named fetchUser at AppTests/ProfileTests.swift:8; run it again sharing fetchUser.
/// let share = CodeRewrite(.naming("fetchUser"), fileID: "AppTests/ProfileTests.swift", line: 8, change: .replayLazily)
/// let rewrites = CodeRewrites([share])
/// Instrumentation.withInstrument(recorder, clock: scheduler, rewriting: rewrites) { ... }
/// rewrites.madeCount   // 1 when the code named fetchUser there once
/// ```
package struct CodeRewrite: Sendable, Hashable {
    /// The call the change is made at.
    package enum Call: Sendable, Hashable {
        /// `named(name)`: the change is made to the signal it names.
        case naming(String)
        /// `subscribe(label: label, ...)`: the subscriber subscribes to the changed signal.
        case subscribing(label: String)
    }

    /// What to change.
    package enum Change: Sendable, Hashable {
        /// At a naming: put ``Signal/replayLazily()`` after the named signal, so that its
        /// subscribers share one subscription to it.
        case replayLazily
        /// At a naming: a plain ``Subject`` or a ``ReplaySubject`` named there is replaced by a
        /// ``ReplaySubject`` keeping its last `capacity` values (`nil`: all of them), given the name.
        case replaySubject(capacity: Int?)
        /// At a subscription: subscribe to the signal delivered on the main scheduler
        /// (``CodeRewrites/main``, `deliver(on:)`).
        case deliverOnMain
        /// At a subscription with an owner: subscribe to the signal taken until the owner ends
        /// (`take(until: owner)`).
        case takeUntilOwner
    }

    /// The call.
    package var call: Call
    /// The file of the call, as `#fileID` gives it: "Module/File.swift".
    package var fileID: String
    /// The line of the call.
    package var line: Int
    /// What to change.
    package var change: Change

    /// Makes a rewrite of the call `call` at `fileID`, `line`.
    package init(_ call: Call, fileID: String, line: Int, change: Change) {
        self.call = call
        self.fileID = fileID
        self.line = line
        self.change = change
    }
}

/// The rewrites an installation makes (`Instrumentation.withInstrument(_:clock:budget:rewriting:_:)`),
/// and how many times it made one. A change the code never reached, or that does not fit the call
/// (a replay subject in place of what is not a plain subject, an owner's end for a subscriber with
/// no owner, delivering on main with no ``main``), is not made.
package final class CodeRewrites: Sendable {
    private let rewrites: [CodeRewrite]
    /// The scheduler ``CodeRewrite/Change/deliverOnMain`` delivers on: on virtual time, a scheduler
    /// of the run's clock named "main" (``TestScheduler/named(_:)``).
    package let main: Scheduler?
    private let made = Atomic(0)

    /// Makes the set of `rewrites`, delivering on `main` where one delivers on main.
    package init(_ rewrites: [CodeRewrite], main: Scheduler? = nil) {
        self.rewrites = rewrites
        self.main = main
    }

    /// How many times a change was made: once for each call a rewrite matched and could change.
    package var madeCount: Int { made.load(ordering: .relaxed) }

    /// The change for `call` at `fileID`, `line`, if there is one.
    func change(at call: CodeRewrite.Call, fileID: String, line: Int) -> CodeRewrite.Change? {
        rewrites.first { $0.line == line && $0.call == call && $0.fileID == fileID }?.change
    }

    func noteMade() { made.add(1, ordering: .relaxed) }
}
