import Reactive
import Tracer

/// The language a finding writes code in: the one its trace's code was written in, so that a
/// suggestion can be followed as it reads.
public enum CodeSpelling: Sendable, Hashable, CaseIterable {
    /// A scenario file's: `| replayLazily`, `replay query capacity 1`.
    case scenarioFile
    /// Swift's, for a recording of Swift code: `.replayLazily()`, `ReplaySubject(capacity: 1)`.
    case swift
}

extension Trace {
    /// The language of the code this trace was recorded from: Swift when a labelled subscription or a
    /// named signal has a call site (``TraceSubscription/site``, ``TraceSignal/site``), which only a
    /// recording of Swift code records; a scenario file's otherwise.
    public var codeSpelling: CodeSpelling {
        subscriptions.contains { $0.site != nil } || signals.contains { $0.site != nil } ? .swift : .scenarioFile
    }

    /// A change to this trace's signals written as code in `spelling`: what to write and, for a
    /// change that replaces something, what it takes the place of. Signals are named by their names.
    ///
    /// The one table of how each change is written: every sentence that proposes one takes its
    /// code from here.
    public func code(of change: Suggestion.Change, in spelling: CodeSpelling) -> (written: String, replacing: String?) {
        switch (change, spelling) {
        case (.share(_, let sharing), .scenarioFile): ("`| \(sharing.rawValue)`", nil)
        case (.share(_, let sharing), .swift): ("`.\(sharing.rawValue)()`", nil)
        case (.replaySubject(let signal, let capacity?), .scenarioFile): ("`replay \(name(of: signal)) capacity \(capacity)`", nil)
        case (.replaySubject(let signal, nil), .scenarioFile): ("`replay \(name(of: signal))`", nil)
        case (.replaySubject(let signal, let capacity), .swift):
            (capacity.map { "`ReplaySubject(capacity: \($0))`" } ?? "`ReplaySubject()`", isReplaySubject(signal) ? "`ReplaySubject()`" : "`Subject()`")
        case (.switchToLatest, .scenarioFile): ("`map` then `switchToLatest`", "`flattenMap` (or `flatten`)")
        case (.switchToLatest, .swift): ("`.map { … }.switchToLatest()`", "`.flattenMap { … }` (or `.flatten()`)")
        case (.catchInner, .scenarioFile): ("`catchTo` an empty signal", nil)
        case (.catchInner, .swift): ("`.catchTo(.empty())`", nil)
        case (.deliverOnMain, .scenarioFile): ("`| deliverOn main`", nil)
        case (.deliverOnMain, .swift): ("`.deliver(on: .main)`", nil)
        case (.endWithOwner(_, let owner), .scenarioFile): ("`| takeUntil \(name(of: owner))`", nil)
        case (.endWithOwner(_, let owner), .swift): ("`.take(until: \(name(of: owner)))`", nil)
        case (.connectOnDemand, .scenarioFile): ("`publish | autoconnect`", nil)
        case (.connectOnDemand, .swift): ("`.publish().autoconnect()`", nil)
        }
    }

    /// Whether the signal is a replay subject (an unlimited one, to be given a capacity).
    private func isReplaySubject(_ signal: Int) -> Bool {
        guard signals.indices.contains(signal), case .replaySubject = signals[signal].kind else { return false }
        return true
    }
}

extension CodeSpelling {
    /// Code a sentence names that is not a change it proposes.
    enum Phrase {
        /// An operator that takes no arguments, by its name: `replayLast`, `.replayLast()`.
        case call(String)
        /// A hop to a scheduler: `deliverOn`, `.deliver(on:)`.
        case hop
        /// Ending a signal after its first value or when another sends: `take 1 of it, or takeUntil`.
        case takeFirstOrUntil
        /// Taking two signals' values as they come: `merge`, `.merge(_:)`.
        case merge
        /// How a file subscribes to every group of a groupBy, in parentheses, or nothing where there is no such form.
        case everyGroup
    }

    /// `phrase` written in this language: the one table of the code sentences name.
    func write(_ phrase: Phrase) -> String {
        switch (phrase, self) {
        case (.call(let name), .scenarioFile): "`\(name)`"
        case (.call(let name), .swift): "`.\(name)()`"
        case (.hop, .scenarioFile): "`deliverOn`"
        case (.hop, .swift): "`.deliver(on:)`"
        case (.takeFirstOrUntil, .scenarioFile): "take 1 of it, or takeUntil"
        case (.takeFirstOrUntil, .swift): "`.take(1)`, or `.take(until:)`"
        case (.merge, .scenarioFile): "merge"
        case (.merge, .swift): "`.merge(_:)`"
        case (.everyGroup, .scenarioFile): " (`each`)"
        case (.everyGroup, .swift): ""
        }
    }
}

extension Suggestion.Change {
    /// The change as a run of Swift code makes it at a call in the code (``Reactive/CodeRewrite``):
    /// where the code named the signal (sharing it through `replayLazily`, a replay subject in
    /// place of a subject), or where a labelled subscriber subscribes (delivering on main, ending with
    /// its owner). `nil` for a change made elsewhere in the code (inside an operator's closure, in
    /// place of an operator), which such a run cannot prove.
    package var codeRewrite: CodeRewrite.Change? {
        switch self {
        case .share(_, through: .replayLazily): .replayLazily
        case .replaySubject(_, let capacity): .replaySubject(capacity: capacity)
        case .deliverOnMain: .deliverOnMain
        case .endWithOwner: .takeUntilOwner
        case .share, .switchToLatest, .catchInner, .connectOnDemand: nil
        }
    }
}
