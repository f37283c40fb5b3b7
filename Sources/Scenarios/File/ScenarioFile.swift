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

    /// What the file says that is most likely not what its author meant, though it runs: a cold
    /// signal with `{}` subscribed to where no value fills it. `sigviz check` prints them.
    public var warnings: [Warning] = []

    /// A warning about a place in the file.
    public struct Warning: Sendable, Hashable {
        /// The 1-based line and column it is about.
        public let line: Int
        public let column: Int
        /// What is wrong, and what was most likely meant.
        public let message: String
    }

    /// The statements, in the file's order, each with its line.
    var statements: [AtLine<Statement>] = []
    /// Every use of a declared name, where the parser read it (never a declaration, a key, a
    /// keyword or text in quotes): what a suggestion's edit renames.
    var references: [NameReference] = []

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
        /// `subscribe "LABEL" to NAME [until TIME] [owned by OWNER]`.
        case subscribeLabel(String, to: String, until: Double?, owner: String?)
        /// A subscriber to a signal of groups that also subscribes to each group, labelled by its key.
        /// With `keys`, `each "KEY", "KEY"`: it subscribes only to the groups of those keys.
        case subscribeEach(String, to: String, keys: [String]?)
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
        /// `combineLatest a, b`: each combination as one text value, `(a, b)`, or taken as it is by
        /// the operator after it; with `reduce { ... }`, what the block makes of it.
        case combineLatest([String], reduce: ExpressionBlock?)
        /// `zip a, b`: as `combineLatest`, of the first values of each, then the second, ...
        case zip([String], reduce: ExpressionBlock?)

        /// The word of a source that lists signals (`merge a, b`), if it is one.
        var listKeyword: String? {
            switch self {
            case .merge: "merge"
            case .concat: "concat"
            case .combineLatest: "combineLatest"
            case .zip: "zip"
            default: nil
            }
        }

        /// Whether it is a `zip` source.
        var isZip: Bool {
            if case .zip = self { true } else { false }
        }
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
    public static var operators: [String] { OperatorDefinition.table.map(\.keyword) }

    /// One operator of a pipeline: a form of a row of ``OperatorDefinition/table`` and what its
    /// pieces read.
    struct Operator: Sendable {
        /// What the form's pieces read, in order (a `word` piece reads none).
        let arguments: [OperatorArgument]
        private let definitionIndex: Int16
        private let formIndex: UInt8

        init(definition: Int, form: Int, arguments: [OperatorArgument]) {
            self.arguments = arguments
            definitionIndex = Int16(definition)
            formIndex = UInt8(form)
        }

        /// Its row of the operator table.
        var definition: OperatorDefinition { OperatorDefinition.table[Int(definitionIndex)] }
        /// The form it was written in.
        var form: OperatorForm { definition.forms[Int(formIndex)] }

        /// Whether it is the operator of that row.
        func `is`(_ row: OperatorDefinition) -> Bool { definition.keyword == row.keyword }

        /// The declared signals it subscribes to besides its receiver: what the nesting bound
        /// counts (``ScenarioFile/maximumNesting``).
        var operands: [String] { names { if case .signal = $0 { true } else if case .subject = $0 { true } else { false } } }

        /// The subjects or channel terminals it sends to as a side effect: what the nesting bound
        /// counts as fed by its pipeline.
        var targets: [String] { names { if case .target = $0 { true } else { false } } }

        private func names(where isCounted: (OperatorPiece) -> Bool) -> [String] {
            var names: [String] = []
            var index = 0
            for piece in form.pieces {
                if case .word = piece { continue }
                let unwrapped = if case .optional(let inner) = piece { inner.piece } else { piece }
                if isCounted(unwrapped), case .name(let name) = arguments[index] { names.append(name) }
                index += 1
            }
            return names
        }
    }

    /// `attempts 1 to 2 of NAME: ...`: what a cold signal's subscriptions in `range`, counted from 1,
    /// do instead of its events.
    struct Attempts: Sendable {
        let range: ClosedRange<Int>
        let timeline: Timeline
    }

    enum Statement: Sendable {
        case cold(String, Timeline)
        /// What some subscriptions of the cold signal of that name do instead of its events.
        case attempts(String, Attempts)
        case subject(String)
        case behavior(String, String)
        case replay(String, capacity: Int?)
        /// `owner NAME [until TIME]`: an owner (a screen) whose end is the completion of its signal `NAME`
        /// (its `rac_willDeallocSignal`, a replay subject), at `TIME` when given.
        case owner(String, until: Double?)
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
