import Reactive
import Tracer

/// What one operator of a pipeline is built from: the pipeline so far, what its form's pieces
/// read, and the run it is built in (its names, its scheduler, its text budget).
struct OperatorStep {
    /// The pipeline so far.
    let current: ScenarioValue
    /// What the form's pieces read, in order (a `word` piece reads none).
    let arguments: [OperatorArgument]
    /// The pipeline being built, for the run and the text budget.
    let pipeline: PipelineContext
    /// The column of the operator's `|`, where the text budget points.
    let column: Int32

    /// The signal to apply the operator to: a connection's is its subject's.
    var signal: Signal<String> { current.signal }

    /// The signal of signals `map NAME` made: the parser puts a flattening operator only after one.
    var signals: Signal<Signal<String>> {
        guard case .signals(let signals) = current else { preconditionFailure("checked by the parser") }
        return signals
    }

    /// What a `combineLatest` or `zip` source made: the parser puts an operator whose input is
    /// ``OperatorForm/Input/tuples`` only right after one.
    var combination: Combination {
        guard case .combination(let combination) = current else { preconditionFailure("checked by the parser") }
        return combination
    }

    // MARK: Arguments

    func name(_ index: Int) -> String {
        guard case .name(let name) = arguments[index] else { preconditionFailure("the form reads a name here") }
        return name
    }

    func count(_ index: Int) -> Int {
        guard case .count(let count) = arguments[index] else { preconditionFailure("the form reads a count here") }
        return count
    }

    /// A count, or nil when an optional piece was left out.
    func optionalCount(_ index: Int) -> Int? {
        if case .absent = arguments[index] { return nil }
        return count(index)
    }

    func seconds(_ index: Int) -> Double {
        guard case .seconds(let seconds) = arguments[index] else { preconditionFailure("the form reads seconds here") }
        return seconds
    }

    func text(_ index: Int) -> String {
        guard case .text(let text) = arguments[index] else { preconditionFailure("the form reads a text here") }
        return text
    }

    /// A text, or nil when an optional piece was left out.
    func optionalText(_ index: Int) -> String? {
        if case .absent = arguments[index] { return nil }
        return text(index)
    }

    func values(_ index: Int) -> [String] {
        guard case .values(let values) = arguments[index] else { preconditionFailure("the form reads values here") }
        return values
    }

    /// Values, or nil when an optional piece was left out.
    func optionalValues(_ index: Int) -> [String]? {
        if case .absent = arguments[index] { return nil }
        return values(index)
    }

    func keys(_ index: Int) -> [String: String] {
        guard case .keys(let keys) = arguments[index] else { preconditionFailure("the form reads keys here") }
        return keys
    }

    func block(_ index: Int) -> ExpressionBlock {
        guard case .block(let block) = arguments[index] else { preconditionFailure("the form reads a block here") }
        return block
    }

    // MARK: The run

    /// The declared signal of the name the piece at `index` read.
    func signal(at index: Int) -> Signal<String> { pipeline.runner.signal(name(index)) }

    /// What the name the piece at `index` read stands for.
    func value(at index: Int) -> ScenarioValue { pipeline.runner.value(name(index)) }

    /// The declared scheduler of the name the piece at `index` read.
    func scheduler(at index: Int) -> VirtualScheduler { pipeline.runner.scheduler(name(index)) }

    /// The run's scheduler.
    var clock: TestScheduler { pipeline.runner.scheduler }

    /// Makes a value with `make` if the run's text budget allows its bytes, or gives "".
    var budgeted: @Sendable (_ bytes: Int, _ make: () -> String) -> String { pipeline.budgeted(column: column) }

    /// What `template` filled with a value makes, within the run's text budget.
    func filler(_ template: String, placeholder: String = "{}") -> @Sendable (String) -> String {
        pipeline.filler(template, placeholder: placeholder, column: column)
    }

    /// What `template` filled with a running text (`placeholder`) and a value (`{}`) makes.
    func accumulator(_ template: String, placeholder: String = "{acc}") -> @Sendable (String, String) -> String {
        pipeline.accumulator(template, placeholder: placeholder, column: column)
    }

    /// Values made one text value, `(a, b)`, within the run's text budget.
    var joiner: @Sendable ([String]) -> String { pipeline.joiner(column: column) }

    /// The block the piece at `index` read, as a question about a value: `filter`'s, `takeWhile`'s.
    func predicate(_ index: Int) -> @Sendable (String) -> Bool {
        let evaluate = pipeline.evaluator(block(index), column: column)
        return { evaluate([.text($0)]).isTrue }
    }

    /// The block the piece at `index` read, as a question about two values: `distinctUntilChanged`'s.
    func relation(_ index: Int) -> @Sendable (String, String) -> Bool {
        let evaluate = pipeline.evaluator(block(index), column: column)
        return { evaluate([.text($0), .text($1)]).isTrue }
    }

    /// The block the piece at `index` read, making a value of texts (`map`'s of the value,
    /// `reduceEach`'s of a combination's), within the run's text budget.
    func maker(_ index: Int) -> @Sendable ([String]) -> String {
        let make = pipeline.maker(block(index), column: column)
        return { make($0.map(ExpressionValue.text)) }
    }

    /// `scan` or `aggregate` with the start text and block of `"start" { ... }` (pieces 0 and 1): RAC's
    /// `reduce:` form, `fold`, or, when the block reads `$2`, the index, its `reduceWithIndex:` form.
    func folding(
        _ fold: (String, @escaping @Sendable (String, String) -> String) -> Signal<String>,
        withIndex foldWithIndex: (String, @escaping @Sendable (String, String, Int) -> String) -> Signal<String>
    ) -> ScenarioValue {
        let make = pipeline.maker(block(1), column: column)
        let running: @Sendable (String, String, Int) -> String = { running, value, index in
            make([.text(running), .text(value), .number(Double(index))])
        }
        guard block(1).parameters.contains(2) else { return .signal(fold(text(0)) { running($0, $1, 0) }) }
        return .signal(foldWithIndex(text(0), running))
    }

    /// The signal of the name the piece at `index` read, for each value: the declared one, or a
    /// new one per value for a cold signal with `{}`.
    func inner(at index: Int) -> @Sendable (String) -> Signal<String> {
        let column = column
        let pipeline = pipeline
        return pipeline.runner.requests(of: name(index)) { pipeline.filler($0, column: column) }
    }
}

/// A pipeline being built: the run, and where its text budget points.
struct PipelineContext {
    let runner: ScenarioRunner
    /// The pipeline's name and line.
    let name: String
    let line: Int

    /// Makes a value with `make` if the run's text budget allows its `bytes` (measured before it is
    /// made) at the operator at `column`, or gives "" and stops the run.
    func budgeted(column: Int32) -> @Sendable (_ bytes: Int, _ make: () -> String) -> String {
        let place = TextBudget.Place(file: runner.file, pipeline: name, line: line, column: Int(column))
        let text = runner.text
        return { bytes, make in
            if let text, !text.allows(bytes, at: place) { return "" }
            return make()
        }
    }

    /// What `template` filled with `value` makes, within the run's text budget.
    func filler(_ template: String, placeholder: String = "{}", column: Int32) -> @Sendable (String) -> String {
        let template = Template(template, placeholder: placeholder)
        let make = budgeted(column: column)
        return { value in make(template.bytes(filledWith: value)) { template.filled(with: value) } }
    }

    /// What `template` filled with the text so far (`{acc}`), or with the value before (`combinePrevious`'s
    /// `{prev}`), and a value (`{}`) makes, within the run's text budget.
    func accumulator(_ template: String, placeholder: String = "{acc}", column: Int32) -> @Sendable (String, String) -> String {
        let template = Template(template, placeholders: [placeholder, "{}"])
        let make = budgeted(column: column)
        return { running, value in
            make(template.bytes(filledWith: [running, value])) { template.filled(with: [running, value]) }
        }
    }

    /// `block` as a function of its parameters, within the run's budgets: each evaluation's work is
    /// counted, and one that goes past the run's steps, or would make a text longer than a value may
    /// be, stops the run with the position of the operator at `column` (and gives nil).
    func evaluator(_ block: ExpressionBlock, column: Int32) -> @Sendable ([ExpressionValue]) -> ExpressionValue {
        let place = TextBudget.Place(file: runner.file, pipeline: name, line: line, column: Int(column))
        let text = runner.text
        return { parameters in
            let allowance = text?.remainingSteps ?? TextBudget.maximumBlockSteps
            var meter = ExpressionMeter(remaining: allowance, maximumTextBytes: TextBudget.maximumValueBytes)
            do throws(ExpressionMeter.Stop) {
                let value = try block.value(parameters, meter: &meter)
                text?.spend(steps: allowance - meter.remaining)
                return value
            } catch {
                switch error {
                case .steps: text?.refuseSteps(at: place)
                case .text(let bytes): _ = text?.allows(bytes, at: place)
                }
                return .none
            }
        }
    }

    /// `block` making a value of texts, within the run's budgets: the text of what it gives is
    /// counted as a template's.
    func maker(_ block: ExpressionBlock, column: Int32) -> @Sendable ([ExpressionValue]) -> String {
        let evaluate = evaluator(block, column: column)
        let make = budgeted(column: column)
        return { parameters in
            let value = evaluate(parameters)
            return make(value.textBytes) { value.text }
        }
    }

    /// Values made one text value, `(a, b)`, within the run's text budget.
    func joiner(column: Int32) -> @Sendable ([String]) -> String {
        let make = budgeted(column: column)
        return { values in
            make(values.reduce(2 + 2 * max(values.count - 1, 0)) { $0 + $1.utf8.count }) {
                "(" + values.joined(separator: ", ") + ")"
            }
        }
    }
}
