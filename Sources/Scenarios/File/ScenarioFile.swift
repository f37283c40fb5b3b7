import Tracer

/// A scenario file, parsed: what docs/scenario-format.md describes.
///
/// Parse one with ``init(parsing:file:)``, run it with ``scenario(named:)``.
/// Every name is checked while parsing, so a file that parses runs.
public struct ScenarioFile: Sendable {
    /// The title, from `title "..."`.
    public var title: String?
    /// The explanation, from the `about "..."` lines joined with spaces.
    public var about: String
    /// The experiment number, from `experiment N`.
    public var experiment: Int
    /// Seconds per marble frame, from `frame S`; 1 by default.
    public var frame: Double
    /// Whether the file has a `frame` line.
    public var hasFrameLine = false
    /// The expectations, from `expect` lines, in order.
    public var expectations: [Expectation]
    /// The file's text.
    public let source: String
    /// The file's path as given.
    public let path: String

    /// The seconds per frame of the file's marble text (`sigviz trace --format marbles`): ``frame``
    /// when the file has a `frame` line or `expect` lines, which are read at it, so that a lane's
    /// events can be pasted into an `expect` line; `nil` otherwise, for the largest frame that puts
    /// every event on a frame (``Trace/marbles(frame:)``).
    public var marbleFrame: Double? { hasFrameLine || !expectations.isEmpty ? frame : nil }

    /// The statements, in the file's order, each with its line.
    var statements: [AtLine<Statement>] = []

    /// A subscriber's expected events, in marble syntax.
    public struct Expectation: Sendable, Hashable {
        /// The subscriber's label.
        public let label: String
        /// The name of the signal it subscribes to, as written in the file.
        public let signal: String
        /// The expected events: the marble, parsed.
        public let expected: Marble
        /// The line of the `expect` statement.
        public let line: Int

        /// The expected `events` marble as written (see docs/marbles.md).
        public var marble: String { expected.text }
        /// What each value character stands for; a character not listed stands for itself.
        public var values: [Character: String] { expected.values }

        /// One expected event.
        public typealias Event = MarbleEvent

        /// The expected events with their times, at `frame` seconds per frame: what the marble says.
        public func timeline(frame: Double) -> [MarbleEvent.Timed] { expected.timeline(frame: frame) }
    }

    /// A timed or immediate thing to do.
    enum Action: Sendable {
        case subscribeLabel(String, to: String, until: Double?)
        /// A subscriber to a signal of groups that also subscribes to each group, labelled by its key.
        case subscribeEach(String, to: String)
        case subscribeSubject(String, to: String)
        case connect(String)
        case send(String, String)
        case complete(String)
        case fail(String, String)
        /// Disposes every subscription made so far by `subscribe "LABEL" to` with this label.
        case disposeLabel(String)
        /// Disposes a connection: what its `connect` returned.
        case disposeConnection(String)
        /// `execute COMMAND "input" [subscribe "LABEL"]`: calls the command's `execute(_:)` with the
        /// input, and subscribes a subscriber with that label to the signal it returns.
        case execute(String, String, label: String?)
    }

    /// One cold source event, relative to the subscription.
    enum SourceEvent: Sendable {
        case next(String)
        case completed
        case error(String)

        /// The value or error message, if the event has one.
        var text: String? {
            switch self {
            case .next(let text), .error(let text): text
            case .completed: nil
            }
        }

        /// Whether its text has a `{}`, for the value that triggered the subscription (`flattenMap NAME`).
        var isTemplate: Bool { text?.contains("{}") ?? false }

        /// The same kind of event with `text` instead.
        func with(text: String) -> SourceEvent {
            switch self {
            case .next: .next(text)
            case .error: .error(text)
            case .completed: .completed
            }
        }
    }

    /// A cold source's events, grouped by their time after the subscription, in order.
    typealias Timeline = [(offset: Double, events: [SourceEvent])]

    enum Source: Sendable {
        case name(String)
        case merge([String])
        case concat([String])
        case `return`(String)
        case empty
        case never
        case error(String)
        case `defer`(String)
        /// `defer return "template"`: a new `return` signal on each subscription; `{now}` is the time.
        case deferReturn(String)
        /// `interval 1`: `Signal.interval` on the run's scheduler; each value is the time, as text.
        case interval(Double)
        /// `combineLatest a, b`: each combination as one text value, `(a, b)`.
        case combineLatest([String])
        /// `zip a, b`: each pair as one text value, `(a, b)`.
        case zip([String])
        /// `save.executing` and the like: one of a command's signals.
        case command(String, CommandSignal)
    }

    /// The signals of a command that a pipeline may start from, as `COMMAND.NAME`.
    enum CommandSignal: String, Sendable, CaseIterable {
        /// The signal of each execution: a signal of signals, flattened by the next operator.
        case executionSignals
        /// Whether an execution is running, as "true" or "false".
        case executing
        /// Whether `execute` would run, as "true" or "false".
        case enabled
        /// The error message of each failed execution.
        case errors
    }

    /// The words that start the operators of a pipeline, in the order docs/scenario-format.md
    /// lists them: the scenario language's operator table.
    public static var operators: [String] { OperatorKeyword.allCases.map(\.rawValue) }

    enum Operator: Sendable {
        case map(String)
        case filter([String])
        case flattenMapTo(String)
        case flattenMapReturn(String)
        case flattenMapError(String)
        case merge(String)
        case concat(String)
        case startWith(String)
        case catchTo(String)
        case catchToReturn(String)
        case take(Int)
        case skip(Int)
        case takeLast(Int)
        case mapReplace(String)
        case distinctUntilChanged
        /// `scan "start" "{acc}{}"`: each value makes the template filled with the text so far and the value.
        case scan(start: String, template: String)
        case then(String)
        case ignoreValues
        case multicast(String)
        case publish
        case replay
        case replayLast
        case replayLazily
        case autoconnect
        case named(String)
        /// `groupBy "1" = "odd", ...`: the key of each listed value; other values are their own key.
        case groupBy([String: String])
        case delay(Double)
        /// `throttle 0.5` or `throttle 0.5 "a", "b"`: with values listed, only those are held
        /// (`-throttle:valuesPassingTest:`); the others pass at once.
        case throttle(Double, [String]?)
        /// `bufferWithTime 1`: each buffer as one text value, `(a, b)`.
        case bufferWithTime(Double)
        case timeout(Double)
        case sample(String)
        /// `map NAME`: each value to the signal NAME (a new one per value, when it is a cold signal with `{}`): a signal of signals.
        case mapTo(String)
        case switchToLatest
        /// `flatten` (RACStream's `-flatten`, nil) or `flatten N` (`-flatten:`, where 0 is no limit).
        case flatten(maxConcurrent: Int?)
        /// `concat` of a signal of signals.
        case concatSignals
        /// `combineLatest NAME`: each combination as one text value, `(a, b)`.
        case combineLatest(String)
        /// `zip NAME`: each pair as one text value, `(a, b)`.
        case zip(String)
        case takeUntil(String)
        case takeUntilReplacement(String)
        /// `retry` (nil: forever, as RAC's `-retry`) or `retry N`.
        case retry(Int?)
        case `repeat`
        /// `takeWhile "a", "b"`: the values while they are among these.
        case takeWhile([String])
        /// `skipWhile "a", "b"`: the values from the first that is not among these.
        case skipWhile([String])
        /// `collect`: every value at the completion, as one text value `(a, b)`.
        case collect
        /// `aggregate "start" "{acc}{}"`: as `scan`, but only the last text, at the completion (the start text
        /// when no value came).
        case aggregate(start: String, template: String)
        /// `combinePrevious "start" "{prev}->{}"`: each value makes the template filled with the value
        /// before it (`{prev}`, the start text at first) and the value (`{}`).
        case combinePrevious(start: String, template: String)
        /// `any` (nil: RAC's `-any`, any value at all) or `any "a", "b"` (`-any:`, a value among these):
        /// "true" or "false", then the completion.
        case any([String]?)
        /// `all "a", "b"` (`-all:`): whether every value is among these, "true" or "false", then the completion.
        case all([String])
        /// `materialize`: each event as a text value, ``EventText``'s `next(a)`, `error(message)` or `completed`.
        case materialize
        /// `dematerialize`: the events that ``EventText`` texts stand for.
        case dematerialize
        /// `doNext SUBJECT "template"` and the other side effects: `text` (a template for
        /// `doNext` and `doError`) sent to the subject when the side effect happens.
        case sideEffect(SideEffect, subject: String, text: String)
        /// `deliverOn SCHEDULER`: each event forwarded from work scheduled on the declared scheduler (`-deliverOn:`).
        case deliverOn(String)
        /// `subscribeOn SCHEDULER`: the subscription to the receiver made from work scheduled on the declared scheduler (`-subscribeOn:`).
        case subscribeOn(String)
    }

    enum Statement: Sendable {
        case cold(String, Timeline)
        case subject(String)
        case behavior(String, String)
        case replay(String, capacity: Int?)
        /// A channel: the names of its leading and following terminals.
        case channel(String, String)
        /// `command NAME: SIGNAL [concurrent] [enabled NAME]`: a command whose signal block returns
        /// SIGNAL (a new one per input, for a cold signal with `{}`).
        case command(String, signal: String, concurrent: Bool, enabled: String?)
        /// `scheduler NAME`: a named scheduler on the run's virtual clock and queue.
        case scheduler(String)
        /// `let NAME = SOURCE | OPERATOR | ...`: the source at its column, each operator at the column of the `|` before it.
        case pipeline(String, AtColumn<Source>, [AtColumn<Operator>])
        case action(Action, at: Double?)
    }

    // MARK: Where things are

    // An error found after parsing (``checkNesting(limit:)``) takes its position from these, and its
    // line's text from ``source`` (``ScenarioLexer/line(_:of:)``), without lexing the file again.

    /// A statement and the 1-based line it is on.
    struct AtLine<Value: Sendable>: Sendable {
        let value: Value
        let line: Int
    }

    /// A pipeline's source or operator and the 1-based column, in characters, where an error about it points.
    ///
    /// `Int32`: a line has at most ``ScenarioLexer/maximumLineLength`` characters, and the column then fits
    /// in the padding after an ``Operator``, so a pipeline of thousands of operators takes no more memory.
    struct AtColumn<Value: Sendable>: Sendable {
        let value: Value
        let column: Int32

        init(_ value: Value, column: Int) {
            self.value = value
            self.column = Int32(column)
        }
    }
}

extension ScenarioFile {
    /// When a side effect operator sends its text to its subject, by the operator's word.
    enum SideEffect: String, Hashable, Sendable, CaseIterable {
        /// `doNext SUBJECT "template"`: before each value is forwarded, the template filled with it.
        case next = "doNext"
        /// `doError SUBJECT "template"`: before the error is forwarded, the template filled with its message.
        case error = "doError"
        /// `doCompleted SUBJECT "text"`: before the completion is forwarded.
        case completed = "doCompleted"
        /// `initially SUBJECT "text"`: at each subscription, before the receiver is subscribed.
        case initially
        /// `finally SUBJECT "text"`: before the completion or the error is forwarded.
        case finally

        /// Whether its text is a template filled with the value (or the error's message), `{}` when left out.
        var isTemplate: Bool { self == .next || self == .error }
    }
}
