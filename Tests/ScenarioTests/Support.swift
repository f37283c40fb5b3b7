import Foundation
import Scenarios
import Testing
import Tracer

/// Parses `text` as a scenario file called "test.sigviz".
func parse(_ text: String) throws(ScenarioFileError) -> ScenarioFile {
    try ScenarioFile(parsing: text, file: "test.sigviz")
}

/// Expects `text` to be refused at `line` and `column`, with a message that starts with `message`.
func expectRefused(
    _ text: String, line: Int, column: Int, message: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    let error = #expect(throws: ScenarioFileError.self, sourceLocation: sourceLocation) { try parse(text) }
    #expect(error?.line == line, "\(String(describing: error))", sourceLocation: sourceLocation)
    #expect(error?.column == column, "\(String(describing: error))", sourceLocation: sourceLocation)
    #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "")", sourceLocation: sourceLocation)
}

/// A time as the expectations write it: rounded to the millisecond, so that
/// 0.1 + 0.9 and 1.0 read the same ("1.0", "2.2").
func render(time: Double) -> String {
    "\((time * 1000).rounded() / 1000)"
}

/// A delivery as the expectations write it: `next(send package 1)@1.1`,
/// `error(boom)@2.0`, `completed@3.0`, followed by ` replayed` when the
/// trace marks the delivery as history a subject handed over rather than a
/// live event (including history that reaches a subscriber through an
/// operator, as with replayLazily).
func render(_ trace: Trace, delivery index: Int) -> String {
    let event = trace.events[index]
    let text: String
    switch event.kind {
    case .next(_, let value, _): text = "next(\(value))"
    case .error(_, let message, _): text = "error(\(message))"
    case .completed: text = "completed"
    default: text = "\(event.kind)"
    }
    return text + "@" + render(time: event.time) + (event.kind.isReplayed ? " replayed" : "")
}

/// The subscriptions made by the subscriber labelled `label`, to the signal
/// named `signal` when one is given.
func subscriptions(_ trace: Trace, label: String, signal: String? = nil) -> [TraceSubscription] {
    trace.labelledSubscriptions.filter { subscription in
        subscription.label == label && (signal == nil || trace.signals[subscription.signal].name == signal)
    }
}

/// Every delivery to the one subscription labelled `label` (to the signal
/// named `signal`, if given), rendered by ``render(_:delivery:)``. Records an
/// issue, and returns nothing, unless exactly one subscription matches.
func deliveries(
    _ trace: Trace, label: String, signal: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) -> [String] {
    let matches = subscriptions(trace, label: label, signal: signal)
    guard matches.count == 1 else {
        Issue.record("\(matches.count) subscriptions labelled \(label) to \(signal ?? "any signal")",
                     sourceLocation: sourceLocation)
        return []
    }
    let id = matches[0].id
    return trace.events.indices.filter { index in
        let kind = trace.events[index].kind
        return kind.isDelivery && kind.subscription == id
    }.map { render(trace, delivery: $0) }
}

/// Every delivery to a labelled subscriber, in the order they happened, as
/// `label: delivery`, or `label ← signal: delivery` when `naming` is set.
func labelledDeliveries(_ trace: Trace, naming: Bool = false) -> [String] {
    trace.events.indices.compactMap { index in
        let kind = trace.events[index].kind
        guard kind.isDelivery, let id = kind.subscription, let label = trace.subscriptions[id].label else { return nil }
        let target = naming ? " ← " + trace.signals[trace.subscriptions[id].signal].name : ""
        return "\(label)\(target): " + render(trace, delivery: index)
    }
}

/// The times at which the `didSubscribe` of the signal named `signal` ran.
/// Records an issue unless exactly one signal has that name.
func didSubscribeTimes(_ trace: Trace, of signal: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
    let matches = trace.signals.filter { $0.name == signal }
    guard matches.count == 1 else {
        Issue.record("\(matches.count) signals named \(signal)", sourceLocation: sourceLocation)
        return []
    }
    return trace.events.compactMap { event in
        guard case .didSubscribe(let id) = event.kind, trace.subscriptions[id].signal == matches[0].id else { return nil }
        return render(time: event.time)
    }
}

/// Every `connect()` call, in order: `connect@1.0`, or `connect@2.2 again`
/// for a call that did nothing because the connection was already made.
func connects(_ trace: Trace) -> [String] {
    trace.events.compactMap { event in
        guard case .connect(_, let first) = event.kind else { return nil }
        return "connect@" + render(time: event.time) + (first ? "" : " again")
    }
}

/// When each subscription labelled `label` (to the signal named `signal`, if given) was made, in order.
func subscribeTimes(_ trace: Trace, label: String, signal: String? = nil) -> [String] {
    let ids = Set(subscriptions(trace, label: label, signal: signal).map(\.id))
    return trace.events.compactMap { event in
        guard case .subscribe(let id) = event.kind, ids.contains(id) else { return nil }
        return render(time: event.time)
    }
}

/// Parses `text` as a file called "test.sigviz", returning its error, or `nil` if it parses.
func error(parsing text: String) -> ScenarioFileError? {
    do {
        _ = try ScenarioFile(parsing: text, file: "test.sigviz")
        return nil
    } catch {
        return error
    }
}

/// A search whose answers are delivered on a background scheduler, and the table that shows them
/// there: off main delivery (issue 29), at line 6.
let searchOffMain = """
    scheduler background
    subject searchText
    cold search: +1 next "tweets", +1 completed
    let answers = search | deliverOn background
    let tweets = searchText | flattenMap answers
    subscribe "Table" to tweets
    at 1 send searchText "swift"
    """

/// The current user kept in an unlimited replay subject: three sign-ins, and a badge that comes
/// after the first and is replayed only it (unboundedReplay, issue 29).
let currentUserReplay = """
    replay currentUser
    subscribe "Profile" to currentUser
    at 1 send currentUser "ann"
    at 1.5 subscribe "Badge" to currentUser
    at 2 send currentUser "bob"
    at 3 send currentUser "cy"
    """

/// A pull-to-refresh whose second request fails with 503, after which pulls 3 and 4 reach no one:
/// a pipeline an error ended (issue 29).
let pullToRefresh = """
    subject pulls
    cold request: +1 next "items", +1 completed
    attempt 2 of request: +1 error "503"
    let feed = pulls | flattenMap request
    subscribe "Feed" to feed
    at 1 send pulls "pull 1"
    at 3 send pulls "pull 2"
    at 5 send pulls "pull 3"
    at 7 send pulls "pull 4"
    """

// MARK: Files written from the code

/// A path of the repository, from this file's.
func repositoryURL(_ path: String) -> URL {
    URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(path)
}

/// Whether this run rewrites the files written from the code (SIGVIZ_RECORD=1) instead of checking them.
var recording: Bool { ProcessInfo.processInfo.environment["SIGVIZ_RECORD"] == "1" }

/// `text` with the part after the line `start` and before the line `end` replaced by `generated`.
func replacingSection(of text: String, from start: String, to end: String?, with generated: String) throws -> String {
    let startRange = try #require(text.range(of: start + "\n"))
    let endIndex = try end.map { try #require(text.range(of: "\n" + $0, range: startRange.upperBound..<text.endIndex)).lowerBound }
        ?? text.endIndex
    return String(text[..<startRange.upperBound]) + generated + (end == nil ? "\n" : "") + String(text[endIndex...])
}

/// Checks that `path`'s section between `start` and `end` is `generated`, or rewrites it when recording.
func checkSection(_ path: String, from start: String, to end: String?, is generated: String, rewrittenBy suite: String) throws {
    let url = repositoryURL(path)
    let text = try String(contentsOf: url, encoding: .utf8)
    let expected = try replacingSection(of: text, from: start, to: end, with: generated)
    if recording, expected != text {
        try expected.write(to: url, atomically: true, encoding: .utf8)
        return
    }
    #expect(text == expected, "\(path) is not what it is written from; SIGVIZ_RECORD=1 swift test --filter \(suite) rewrites it")
}
