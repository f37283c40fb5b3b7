/// One operator of a scenario file's pipelines: the one place that says what it is. The parser
/// reads its words from ``forms``, the runner builds it with each form's ``OperatorForm/run``,
/// the nesting bound counts it from its forms' pieces and ``nestingLevels``, and
/// docs/scenario-format.md's operator table and the fuzzer's dictionary are written from it
/// (OperatorTableTests keeps them equal).
///
/// Every row is in ``table``, in the order the documentation lists them. Adding an operator to
/// the language is adding its row there, after its runtime operator: nothing else switches over
/// the operators.
struct OperatorDefinition: Sendable {
    /// The word that starts it in a pipeline.
    let keyword: String
    /// The ways to write it, tried in order: the first whose input takes the pipeline so far and
    /// whose first piece can start at the next word is the one read.
    let forms: [OperatorForm]
    /// What it does, for docs/scenario-format.md's operator table, with RAC's selector.
    let meaning: String
    /// How many levels of nesting it adds to its pipeline (see ``ScenarioFile/maximumNesting``):
    /// 1 for an operator, 0 for one that only names the signal.
    let nestingLevels: Int
}

/// One way to write an operator: its words after the operator's, what the pipeline must be
/// before it and what it is after, and how it is built on the real runtime.
struct OperatorForm: Sendable {
    /// The words after the operator's, in order.
    let pieces: [OperatorPiece]
    /// What the pipeline must be for this form.
    let input: Input
    /// What the pipeline is after it.
    let output: Output
    /// Builds it on the pipeline so far, with the arguments its pieces read.
    let run: @Sendable (OperatorStep) -> ScenarioValue

    init(
        _ pieces: [OperatorPiece] = [], input: Input = .signal, output: Output = .signal,
        run: @escaping @Sendable (OperatorStep) -> ScenarioValue
    ) {
        self.pieces = pieces
        self.input = input
        self.output = output
        self.run = run
    }

    /// What a pipeline is between two operators, as the parser tracks it.
    enum Shape: Equatable, Sendable {
        /// A signal, a subject or a channel terminal: anything one can subscribe to.
        case signal
        /// What `multicast` or `publish` made: a signal, and a connection to connect.
        case connection
        /// A signal of signals (`map NAME`), which only a flattening operator may follow.
        case signals
        /// A signal of groups (`groupBy`), subscribed to with `each` and followed by nothing.
        case groups
        /// What a `combineLatest` or `zip` source of `count` signals makes: each combination, which
        /// an operator may take as it is (`and`, `reduceEach`) or as one text value, `(a, b)`.
        case tuples(count: Int)
    }

    /// What the pipeline must be before a form.
    enum Input: Equatable, Sendable {
        /// A signal, or a connection (whose signal it then applies to).
        case signal
        /// A signal of signals.
        case signals
        /// A connection.
        case connection
        /// A signal, a connection or a signal of signals (`named`).
        case any
        /// The combinations of a `combineLatest` or `zip` source, as they are.
        case tuples

        func accepts(_ shape: Shape) -> Bool {
            switch (self, shape) {
            case (.signal, .signal), (.signal, .connection), (.signal, .tuples): true
            case (.signals, .signals), (.connection, .connection), (.tuples, .tuples): true
            case (.any, _): shape != .groups
            default: false
            }
        }
    }

    /// What the pipeline is after a form.
    enum Output: Equatable, Sendable {
        case signal, signals, connection, groups
        /// A signal of signals stays one; anything else is a signal.
        case same

        func shape(after shape: Shape) -> Shape {
            switch self {
            case .signal: .signal
            case .signals: .signals
            case .connection: .connection
            case .groups: .groups
            case .same: shape == .signals ? .signals : .signal
            }
        }
    }

    /// How the documentation writes it after the operator's word, with its optional pieces in
    /// brackets: `SUBJECT ["got {}"]`.
    var syntax: String {
        pieces.map { $0.isOptional ? "[\($0.written)]" : $0.written }.joined(separator: " ")
    }

    /// The ways to write it, without its optional pieces and with them: `N`, `["a", "b"]`.
    var writings: [String] { variants(\.written) }

    /// The ways to write it out as examples, without its optional pieces and with them: as
    /// ``writings``, with `2` for `N` and `0.5` for `S`.
    var examples: [String] { variants(\.example) }

    private func variants(_ text: (OperatorPiece) -> String) -> [String] {
        let required = pieces.filter { !$0.isOptional }.map(text).joined(separator: " ")
        guard pieces.contains(where: \.isOptional) else { return [required] }
        return [required, pieces.map(text).joined(separator: " ")]
    }
}

/// One piece of an operator's words after its own, read by the parser into an ``OperatorArgument``.
///
/// Not `indirect`: the operator table is a global, and a boxed case's pointer, tagged in its
/// spare bits, would read as a leak to LeakSanitizer (the fuzzers') for as long as it lives.
enum OperatorPiece: Sendable {
    /// A word written as is, which makes no argument: `return` in `catchTo return "x"`.
    case word(String)
    /// A declared signal the operator subscribes to besides its receiver (a signal, subject,
    /// connection or channel terminal); `what` says what it is for in an error.
    case signal(what: String)
    /// A declared plain, behavior or replay subject the operator sends through (`multicast`).
    case subject
    /// A declared subject or channel terminal a side effect sends to.
    case target
    /// A declared scheduler.
    case scheduler
    /// A whole number from 0 to 1,000,000.
    case count(what: String)
    /// A time in seconds, at most 1,000,000.
    case seconds(what: String)
    /// Text in double quotes; `example` is how the documentation writes it.
    case text(what: String, example: String)
    /// A block, `{ $0.count > 2 }`: an expression of the signature's parameters.
    case block(BlockSignature)
    /// A block of the values of each combination before it (``OperatorForm/Shape/tuples(count:)``):
    /// its signature is ``BlockSignature/reduction(of:)`` of their number.
    case reduction
    /// One or more texts in double quotes, separated by commas.
    case values(what: String)
    /// `"VALUE" = "KEY", ...`: one or more pairs, no value twice.
    case keys
    /// The piece, or nothing when the operator's words end before it (the end of the line or a
    /// `|`): only a form's last piece.
    case optional(OptionalPiece)

    /// `"start" "{acc}{}"`: the start text and the template of the running text, as `scan` and
    /// `aggregate` read them.
    static let startAndAccumulator: [OperatorPiece] = [
        .text(what: "the start value", example: "\"start\""),
        .text(what: "a template such as \"{acc}{}\" ({acc} is the text so far, {} the value)", example: "\"{acc}{}\""),
    ]

    /// `"start" { $0 + $1 }`: the start text and the block of the running text, as `scan` and
    /// `aggregate` read them.
    static let startAndBlock: [OperatorPiece] = [
        .text(what: "the start value", example: "\"start\""), .block(.accumulator),
    ]

    var isOptional: Bool {
        if case .optional = self { true } else { false }
    }

    /// How the documentation's syntax writes it.
    var written: String {
        switch self {
        case .word(let word): word
        case .signal: "NAME"
        case .subject, .target: "SUBJECT"
        case .scheduler: "SCHEDULER"
        case .count: "N"
        case .seconds: "S"
        case .text(_, let example): example
        case .values: "\"a\", \"b\""
        case .keys: "\"1\" = \"odd\", \"2\" = \"even\""
        case .block(let signature): signature.example
        case .reduction: BlockSignature.reduction(of: 2).example
        case .optional(let piece): piece.piece.written
        }
    }

    /// How an example writes it: as ``written``, with numbers for `N` and `S`.
    var example: String {
        switch self {
        case .count: "2"
        case .seconds: "0.5"
        case .optional(let piece): piece.piece.example
        case .word, .signal, .subject, .target, .scheduler, .text, .values, .keys, .block, .reduction: written
        }
    }
}

/// A piece that may be left out (``OperatorPiece/optional(_:)``).
enum OptionalPiece: Sendable {
    case count(what: String)
    case values(what: String)
    case text(what: String, example: String)

    /// The piece, when it is there.
    var piece: OperatorPiece {
        switch self {
        case .count(let what): .count(what: what)
        case .values(let what): .values(what: what)
        case .text(let what, let example): .text(what: what, example: example)
        }
    }
}

/// What one piece of an operator's words read.
enum OperatorArgument: Sendable {
    case name(String)
    case count(Int)
    case seconds(Double)
    case text(String)
    case values([String])
    case keys([String: String])
    case block(ExpressionBlock)
    /// An optional piece left out.
    case absent
}
