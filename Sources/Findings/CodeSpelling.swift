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
}

extension Suggestion.Change {
    /// The change written as code in `spelling`: what to write and, for a change that replaces
    /// something, what it takes the place of. `name` names a signal of the trace by its id.
    ///
    /// The one table of how each change is written: every sentence that proposes one takes its
    /// code from here.
    public func code(in spelling: CodeSpelling, naming name: (Int) -> String) -> (written: String, replacing: String?) {
        switch (self, spelling) {
        case (.share(_, let sharing), .scenarioFile): ("`| \(sharing.rawValue)`", nil)
        case (.share(_, let sharing), .swift): ("`.\(sharing.rawValue)()`", nil)
        case (.replaySubject(let signal, let capacity?), .scenarioFile): ("`replay \(name(signal)) capacity \(capacity)`", nil)
        case (.replaySubject(let signal, nil), .scenarioFile): ("`replay \(name(signal))`", nil)
        case (.replaySubject(_, let capacity?), .swift): ("`ReplaySubject(capacity: \(capacity))`", "`Subject()`")
        case (.replaySubject(_, nil), .swift): ("`ReplaySubject()`", "`Subject()`")
        case (.switchToLatest, .scenarioFile): ("`map` then `switchToLatest`", "`flattenMap` (or `flatten`)")
        case (.switchToLatest, .swift): ("`.map { … }.switchToLatest()`", "`.flattenMap { … }` (or `.flatten()`)")
        case (.catchInner, .scenarioFile): ("`catchTo` an empty signal", nil)
        case (.catchInner, .swift): ("`.catchTo(.empty())`", nil)
        case (.deliverOnMain, .scenarioFile): ("`| deliverOn main`", nil)
        case (.deliverOnMain, .swift): ("`.deliver(on: .main)`", nil)
        case (.endWithOwner(_, let owner), .scenarioFile): ("`| takeUntil \(name(owner))`", nil)
        case (.endWithOwner(_, let owner), .swift): ("`.take(until: \(name(owner)))`", nil)
        case (.connectOnDemand, .scenarioFile): ("`publish | autoconnect`", nil)
        case (.connectOnDemand, .swift): ("`.publish().autoconnect()`", nil)
        }
    }
}

extension CodeSpelling {
    /// An operator that takes no arguments, by its name (`replayLast`), written as code: `replayLast`
    /// in a scenario file, `.replayLast()` in Swift.
    func call(_ operatorName: String) -> String {
        switch self {
        case .scenarioFile: "`\(operatorName)`"
        case .swift: "`.\(operatorName)()`"
        }
    }
}
