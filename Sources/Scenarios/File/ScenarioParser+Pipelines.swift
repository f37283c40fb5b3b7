import Reactive
import Tracer

/// `let NAME = SOURCE | OPERATOR ... | OPERATOR ...`: pipelines, their operators and arguments.
extension ScenarioParser {
    mutating func pipeline(_ cursor: inout Cursor) throws(Failure) -> ScenarioFile.Statement {
        let nameColumn = cursor.column
        let name = try cursor.word("the new signal's name")
        guard names[name] == nil else { throw Failure(column: nameColumn, message: "'\(Self.shortened(name))' is already declared") }
        try cursor.symbol("=")
        let signals: [Kind] = [.signal, .subject, .connection, .terminal]
        var kind = Kind.signal
        let sourceColumn = cursor.column
        let source: ScenarioFile.Source
        switch cursor.current?.kind {
        case .word("merge")?:
            cursor.index += 1
            source = .merge(try list(&cursor, signals))
        case .word("concat")?:
            cursor.index += 1
            source = .concat(try list(&cursor, signals))
        case .word("return")?:
            cursor.index += 1
            source = .return(try cursor.string("the value"))
        case .word("empty")?:
            cursor.index += 1
            source = .empty
        case .word("never")?:
            cursor.index += 1
            source = .never
        case .word("error")?:
            cursor.index += 1
            source = .error(try cursor.string("the error's message"))
        case .word("combineLatest")?, .word("zip")?:
            let zips = cursor.current?.word == "zip"
            cursor.index += 1
            let names = try list(&cursor, signals)
            var reduce: ExpressionBlock?
            if cursor.accept("reduce") {
                reduce = try block(&cursor, as: .reduction(of: names.count), for: zips ? "zip" : "combineLatest")
            }
            source = zips ? .zip(names, reduce: reduce) : .combineLatest(names, reduce: reduce)
        case .word("interval")?:
            cursor.index += 1
            let column = cursor.column
            let seconds = try cursor.time("the seconds between values")
            guard seconds > 0 else { throw Failure(column: column, message: "an interval is more than 0 seconds") }
            source = .interval(seconds)
        case .word("defer")?:
            cursor.index += 1
            if cursor.accept("return") {
                source = .deferReturn(try cursor.string("a template such as \"made at {now}\""))
            } else {
                source = .defer(try reference(&cursor, signals, what: "a signal or return"))
            }
        default:
            let reference = try reference(
                &cursor, signals + [.signals, .command],
                what: "a signal, merge, concat, combineLatest, zip, return, empty, never, error, defer or interval")
            if names[reference] == .command {
                let signal = try commandSignal(&cursor, of: reference)
                kind = signal == .executionSignals ? .signals : .signal
                source = .command(reference, signal)
            } else {
                if cursor.current?.kind == .symbol(".") {
                    throw Failure(column: cursor.column, message: "'\(Self.shortened(reference))' is \(names[reference]!.description), "
                        + "not a command: only a command has signals after a '.'")
                }
                kind = names[reference] == .connection || names[reference] == .signals ? names[reference]! : .signal
                source = .name(reference)
            }
        }
        var shape: OperatorForm.Shape = switch (kind, source) {
        case (.connection, _): .connection
        case (.signals, _): .signals
        case (_, .combineLatest(let names, nil)), (_, .zip(let names, nil)): .tuples(count: names.count)
        default: .signal
        }
        var operators: [ScenarioFile.AtColumn<ScenarioFile.Operator>] = []
        while cursor.current?.kind == .symbol("|") {
            // An error found after parsing points at the '|'; one found now, at the operator.
            let barColumn = cursor.column
            cursor.index += 1
            let op = try self.operator(&cursor, after: &shape)
            operators.append(.init(op, column: barColumn))
        }
        kind = switch shape {
        case .signal, .tuples: .signal
        case .connection: .connection
        case .signals: .signals
        case .groups: .groups
        }
        // `concat cache | take 1, net`: a list source takes declared names, not pipelines.
        if cursor.current?.kind == .symbol(","), !operators.isEmpty, let list = source.listKeyword {
            throw Failure(column: cursor.column, message: "\(list) takes declared signals, and its operators apply to the whole "
                + "\(list): give a signal with operators its own name first (let first = cache | take 1), then list it "
                + "(\(list) first, net)")
        }
        names[name] = kind
        return .pipeline(name, .init(source, column: sourceColumn), operators)
    }

    /// The operators a pipeline may use, in the order the documentation lists them.
    static let operators = ScenarioFile.operators

    /// One operator of a pipeline, after its `|`: its word, then the words of the first of its
    /// forms (``OperatorDefinition/forms``) that takes the pipeline so far, `shape`, and can start
    /// at the next word. `shape` becomes what the pipeline is after it.
    func `operator`(_ cursor: inout Cursor, after shape: inout OperatorForm.Shape) throws(Failure) -> ScenarioFile.Operator {
        let column = cursor.column
        let word = try cursor.word("an operator")
        guard shape != .groups else {
            throw Failure(column: column, message: "after groupBy, subscribe with 'each'; no operator can follow it")
        }
        guard let index = OperatorDefinition.indexByKeyword[word] else {
            if OperatorDefinition.refused.contains(where: { $0.words.contains(word) }) {
                // RAC's -first, -firstOrDefault: and -toArray return a value, waiting for it: no signal to go on with.
                throw Failure(column: column, message: "'\(word)' waits for a value and returns it, not a signal, so it "
                    + "ends no pipeline; the first value as a signal is 'take 1'" + (word == "toArray" ? ", all of them 'collect'" : ""))
            }
            if let other = OperatorDefinition.otherLibraryNames.first(where: { $0.words.contains(word) }) {
                throw Failure(column: column, message: "'\(word)' is not an operator of RAC 2.5: " + other.instead)
            }
            throw Failure(column: column, message: "'\(Self.shortened(word))' is not an operator" + Self.closestOperators(to: word))
        }
        let definition = OperatorDefinition.table[index]
        let taking = definition.forms.indices.filter { definition.forms[$0].input.accepts(shape) }
        guard !taking.isEmpty else {
            throw Failure(column: column, message: Self.misplaced(word, definition, after: shape))
        }
        // One form: its words say what is wrong. Several: the first whose first two pieces can be
        // read here (`scan "" "{acc}{}"` or `scan "" { $0 + $1 }`), else the first that can start here.
        let chosen = taking.count == 1 ? taking[0]
            : taking.first { Self.canStart(definition.forms[$0].pieces, at: cursor) }
                ?? taking.first { Self.canStart(definition.forms[$0].pieces.first, at: cursor) }
        guard let chosen else {
            var expected: [String] = []
            for form in taking {
                let piece = definition.forms[form].pieces.first.map(Self.expected) ?? "the end of the operator"
                if !expected.contains(piece) { expected.append(piece) }
            }
            throw cursor.fail("expected " + Self.listed(expected, joinedBy: "or"))
        }
        let form = definition.forms[chosen]
        var arguments: [OperatorArgument] = []
        for piece in form.pieces {
            if let argument = try self.argument(piece, of: word, after: arguments, shape: shape, &cursor) { arguments.append(argument) }
        }
        shape = form.output.shape(after: shape)
        return ScenarioFile.Operator(definition: index, form: chosen, arguments: arguments)
    }

    /// Why an operator none of whose forms takes a pipeline of `shape` cannot be there, and what to put before it.
    static func misplaced(_ word: String, _ definition: OperatorDefinition, after shape: OperatorForm.Shape) -> String {
        let forms = OperatorDefinition.table.flatMap { row in row.forms.map { (row.keyword, $0) } }
        switch shape {
        case .signals:
            let flattening = forms.filter { $0.1.input == .signals }.flatMap { keyword, form in
                form.writings.map { $0.isEmpty ? keyword : keyword + " " + $0 }
            }
            return "a signal of signals is flattened first: put \(listed(flattening, joinedBy: "or")) here"
        case .signal, .connection, .groups, .tuples:
            let needed = definition.forms.map(\.input)
            if needed.contains(.tuples) {
                return "\(word) takes the values of each combination of a combineLatest or zip source, so it comes right "
                    + "after one: let both = combineLatest a, b | \(word)\(definition.forms[0].syntax.isEmpty ? "" : " " + definition.forms[0].syntax)"
            }
            if needed.contains(.connection) {
                let connecting = forms.filter { $0.1.output == .connection }.map(\.0)
                return "\(word) needs a connection: put \(listed(connecting, joinedBy: "or")) before it"
            }
            let making = forms.filter { $0.1.output == .signals }.map { "'\($0.0) \($0.1.syntax)'" }
            return "\(word) needs a signal of signals: put \(listed(making, joinedBy: "or")) before it"
        }
    }

    /// `a`, `a or b`, `a, b or c`.
    static func listed(_ items: [String], joinedBy conjunction: String) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items.last!
    }

    /// Whether a form whose first piece is `piece` can start at the cursor's token.
    static func canStart(_ piece: OperatorPiece?, at cursor: Cursor) -> Bool {
        guard let piece else { return atOperatorEnd(cursor) }
        switch (piece, cursor.current?.kind) {
        case (.optional, _): return true
        case (.word(let word), _): return cursor.current?.word == word
        case (.signal, .word?), (.subject, .word?), (.target, .word?), (.scheduler, .word?): return true
        case (.count, .number?), (.seconds, .number?): return true
        case (.text, .string?), (.values, .string?), (.keys, .string?): return true
        case (.block, .block?), (.reduction, .block?): return true
        default: return false
        }
    }

    /// Whether a form of `pieces` can start at the cursor: its first piece, and its second too when
    /// the first is one token (a text, a word, a number or a block).
    static func canStart(_ pieces: [OperatorPiece], at cursor: Cursor) -> Bool {
        guard canStart(pieces.first, at: cursor) else { return false }
        guard pieces.count > 1 else { return true }
        switch pieces[0] {
        case .text, .word, .count, .seconds, .block:
            var next = cursor
            next.index += 1
            return canStart(pieces[1], at: next)
        default: return true
        }
    }

    /// What a piece is, in an "expected" message.
    static func expected(_ piece: OperatorPiece) -> String {
        switch piece {
        case .word(let word): "'\(word)'"
        case .signal(let what), .count(let what), .seconds(let what): what
        case .subject, .target: "a subject"
        case .scheduler: "a scheduler's name"
        case .text(let what, _), .values(let what):
            what.contains(" such as ") ? what.replacing(" such as ", with: " in double quotes such as ", maxReplacements: 1) : what + " in double quotes"
        case .keys: "a value in double quotes"
        case .block(let signature): "\(signature.what) such as \(signature.example)"
        case .reduction: "a block such as \(BlockSignature.reduction(of: 2).example)"
        case .optional(let piece): expected(piece.piece)
        }
    }

    /// What `piece` reads at the cursor, for the operator `word` after its `earlier` arguments; nil
    /// for a word written as is. A text's `what` may name the subject read before it, as `SUBJECT`.
    func argument(
        _ piece: OperatorPiece, of word: String, after earlier: [OperatorArgument], shape: OperatorForm.Shape,
        _ cursor: inout Cursor
    ) throws(Failure) -> OperatorArgument? {
        let signals: [Kind] = [.signal, .subject, .connection, .terminal]
        switch piece {
        case .word(let written):
            try cursor.keyword(written)
            return nil
        case .signal(let what):
            let column = cursor.column
            let name = try reference(&cursor, signals, what: what)
            if word == "flattenMap" || word == "map" { filling.note(name, line: line, column: column) }
            return .name(name)
        case .subject: return .name(try reference(&cursor, [.subject], what: "a subject"))
        case .target: return .name(try reference(&cursor, [.subject, .terminal], what: "a subject"))
        case .scheduler: return .name(try scheduler(&cursor))
        case .count(let what): return .count(try count(&cursor, of: word, what: what))
        case .seconds(let what): return .seconds(try cursor.time(what))
        case .text(let what, _):
            guard case .name(let subject)? = earlier.first, what.contains("SUBJECT") else { return .text(try cursor.string(what)) }
            return .text(try cursor.string(what.replacing("SUBJECT", with: "'\(Self.shortened(subject))'")))
        case .values(let what): return .values(try values(&cursor, what: what))
        case .keys:
            var keys: [String: String] = [:]
            repeat {
                let valueColumn = cursor.column
                let value = try cursor.string("a value")
                guard keys[value] == nil else { throw Failure(column: valueColumn, message: "\"\(Self.shortened(value))\" is given twice") }
                try cursor.symbol("=")
                keys[value] = try cursor.string("its group's key")
            } while cursor.accept(symbol: ",")
            return .keys(keys)
        case .block(let signature): return .block(try block(&cursor, as: signature, for: word))
        case .reduction:
            guard case .tuples(let count) = shape else { preconditionFailure("a reduction's form takes tuples") }
            return .block(try block(&cursor, as: .reduction(of: count), for: word))
        case .optional(let inner):
            if Self.atOperatorEnd(cursor) { return .absent }
            return try argument(inner.piece, of: word, after: earlier, shape: shape, &cursor)
        }
    }

    /// Whether the operator's words end here, at the end of the line or at the next `|`: for
    /// the operators whose arguments may be left out (`any`, `doNext SUBJECT`, `doError SUBJECT`).
    static func atOperatorEnd(_ cursor: Cursor) -> Bool {
        cursor.isAtEnd || cursor.current?.kind == .symbol("|")
    }

    /// How many operators an "is not an operator" message suggests.
    static let suggestedOperators = 3

    /// The ``suggestedOperators`` operators closest to `word` by edit distance (ties in the order of
    /// ``operators``), for an "is not an operator" message.
    static func closestOperators(to word: String) -> String {
        let target = Array(word.utf8)
        var row: [Int] = []
        let ranked = operators.enumerated()
            .map { (distance: editDistance(target, $0.element, row: &row, bound: .max), index: $0.offset) }
            .sorted { ($0.distance, $0.index) < ($1.distance, $1.index) }
            .prefix(suggestedOperators)
        return "; the closest operators are " + ranked.map { operators[$0.index] }.joined(separator: ", ")
    }

    /// A declared scheduler's name, for `deliverOn` and `subscribeOn`. An undeclared name is refused with
    /// the closest schedulers' names, or, when there are none, with how to declare one.
    func scheduler(_ cursor: inout Cursor) throws(Failure) -> String {
        let column = cursor.column
        let name = try cursor.word("a scheduler's name")
        switch names[name] {
        case .scheduler?: return name
        case let kind?:
            throw Failure(column: column, message: "'\(Self.shortened(name))' is \(kind.description), but a scheduler is needed here")
        case nil:
            let schedulers = names.filter { $0.value == .scheduler }
            guard !schedulers.isEmpty else {
                throw Failure(column: column, message: "'\(Self.shortened(name))' is not declared; "
                    + "declare it before this line with 'scheduler \(Self.shortened(name))'")
            }
            throw Failure(column: column, message: "'\(Self.shortened(name))' is not a declared scheduler"
                + Self.suggestions(for: name, among: schedulers.keys).replacing("names", with: "schedulers", maxReplacements: 1))
        }
    }

    /// A block, `{ $0.count > 2 }`, read and checked against `signature`, for the operator (or
    /// source) `word`.
    func block(_ cursor: inout Cursor, as signature: BlockSignature, for word: String) throws(Failure) -> ExpressionBlock {
        guard case .block(let block)? = cursor.current?.kind else {
            throw cursor.fail("expected \(signature.what) such as \(signature.example)")
        }
        let column = cursor.column
        cursor.index += 1
        return try ExpressionParser.parse(block, at: column, as: signature, for: word)
    }

    /// `"a", "b", ...`: one or more values in double quotes, separated by commas.
    func values(_ cursor: inout Cursor, what: String) throws(Failure) -> [String] {
        var values = [try cursor.string(what)]
        while cursor.accept(symbol: ",") { values.append(try cursor.string(what)) }
        return values
    }

    /// A count of values, a whole number from 0 to 1,000,000, for the operator `name`.
    func count(_ cursor: inout Cursor, of name: String, what: String) throws(Failure) -> Int {
        let column = cursor.column
        let count = try cursor.number(what)
        guard count == count.rounded(), count >= 0, count <= 1_000_000 else {
            throw Failure(column: column, message: "\(name) needs a whole number from 0 to 1000000")
        }
        return Int(count)
    }

    func list(_ cursor: inout Cursor, _ kinds: [Kind]) throws(Failure) -> [String] {
        var names = [try reference(&cursor, kinds, what: "a signal")]
        while cursor.accept(symbol: ",") { names.append(try reference(&cursor, kinds, what: "a signal")) }
        return names
    }
}
