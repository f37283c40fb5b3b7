import Reactive
import Synchronization

/// How much text a scenario file's run may make, and the operator that went past it.
///
/// Templates make values: `map "{}{}{}{}{}{}{}{}{}{}"` makes each value ten times longer, and six
/// such pipelines in a chain turn a value of 1 KB into a gigabyte. Every value a template makes
/// (`map`, `flattenMap return`, `defer return`, `scan`, `aggregate`, `combinePrevious`, `doNext`, `doError`),
/// and every value `materialize` makes, is measured before it is made: one over
/// ``maximumValueBytes``, or one that takes the run's made text past ``maximumTotalBytes``, is
/// not made. The run is stopped at once (its ``ReportBudget`` is exhausted) and refused with the
/// position of the operator that would have made it.
///
/// It is thread-safe: a value may be made on any thread.
final class TextBudget: Sendable {
    /// The most bytes of UTF-8 one value made by a template may have: 64 KB.
    static let maximumValueBytes = 64 << 10
    /// The most bytes of UTF-8 all the values made by templates in one run may have: 64 MB.
    static let maximumTotalBytes = 64 << 20

    /// The most steps of work all the blocks of one run may do (see ``ExpressionMeter``): a step
    /// for each node of an expression evaluated, and one for each byte of text an operator reads.
    static let maximumBlockSteps = 20_000_000

    private let reports: ReportBudget
    private let made = Atomic<Int>(0)
    private let steps = Atomic<Int>(0)
    private let refusal = Mutex<ScenarioFileError?>(nil)

    /// A budget for one run, which stops the run through `reports`.
    init(reports: ReportBudget) {
        self.reports = reports
    }

    /// The error of the operator that went past the budget, if one did.
    var exceeded: ScenarioFileError? { refusal.withLock { $0 } }

    /// Whether a value of `bytes` bytes may be made by the operator at `place`. When it may not,
    /// the run is stopped and the refusal kept (the first one).
    func allows(_ bytes: Int, at place: Place) -> Bool {
        let total = bytes <= Self.maximumValueBytes ? made.add(bytes, ordering: .relaxed).newValue : nil
        if let total, total <= Self.maximumTotalBytes { return true }
        let pipeline = ScenarioParser.shortened(place.pipeline)
        let message = total == nil
            ? "'\(pipeline)' would make a value of \(bytes) bytes here; a value may have at most \(Self.maximumValueBytes) bytes"
            : "'\(pipeline)' would take the text the run made past \(Self.maximumTotalBytes) bytes here, the most a run may make"
        refuse(at: place, message)
        return false
    }

    /// The steps of work the run's blocks may still do.
    var remainingSteps: Int { max(Self.maximumBlockSteps - steps.load(ordering: .relaxed), 0) }

    /// Counts `done` steps of work done by a block.
    func spend(steps done: Int) {
        steps.add(done, ordering: .relaxed)
    }

    /// Stops the run: the block of the operator at `place` went past the run's steps of work.
    func refuseSteps(at place: Place) {
        refuse(at: place, "'\(ScenarioParser.shortened(place.pipeline))' would take the work of the run's blocks past "
            + "\(Self.maximumBlockSteps) steps here, the most a run may do")
    }

    private func refuse(at place: Place, _ message: String) {
        let error = ScenarioFileError(
            file: place.file.path, line: place.line, column: place.column, message: message,
            text: String(ScenarioLexer.line(place.line, of: place.file.source)))
        refusal.withLock { if $0 == nil { $0 = error } }
        reports.exhaust()
    }

    /// Where a value is made: an operator of a pipeline of a file.
    struct Place: Sendable {
        let file: ScenarioFile
        let pipeline: String
        let line: Int
        let column: Int
    }
}

/// A template of a scenario file (`map "<{}>"`, `defer return "made at {now}"`, `scan "" "{acc}{}"`):
/// text with placeholders, and what filling it costs.
struct Template: Sendable {
    /// The text around the placeholders, in order: one more piece than placeholders.
    private let pieces: [String]
    /// Which of the placeholders each hole between two pieces is, as an index into them.
    private let holes: [Int]
    private let fixedBytes: Int

    /// The template `text`, whose every `placeholder`, left to right, is to be filled.
    init(_ text: String, placeholder: String = "{}") {
        self.init(text, placeholders: [placeholder])
    }

    /// The template `text`, whose every occurrence of one of `placeholders`, left to right, is to be
    /// filled with the value given for that placeholder (where two match, the one listed first).
    init(_ text: String, placeholders: [String]) {
        // Split in the bytes, literally: the placeholders are ASCII, so every piece is whole UTF-8.
        var pieces: [String] = []
        var holes: [Int] = []
        let bytes = Array(text.utf8), marks = placeholders.map { Array($0.utf8) }
        var start = 0, index = 0
        scanning: while index < bytes.count {
            for (which, hole) in marks.enumerated()
            where index + hole.count <= bytes.count && bytes[index..<(index + hole.count)].elementsEqual(hole) {
                pieces.append(String(decoding: bytes[start..<index], as: UTF8.self))
                holes.append(which)
                index += hole.count
                start = index
                continue scanning
            }
            index += 1
        }
        pieces.append(String(decoding: bytes[start...], as: UTF8.self))
        self.pieces = pieces
        self.holes = holes
        fixedBytes = pieces.reduce(0) { $0 + $1.utf8.count }
    }

    /// The bytes of UTF-8 of the template filled with `value`, without filling it.
    func bytes(filledWith value: String) -> Int {
        fixedBytes + holes.count * value.utf8.count
    }

    /// The bytes of UTF-8 of the template filled with `values` (one per placeholder), without filling it.
    func bytes(filledWith values: [String]) -> Int {
        holes.reduce(fixedBytes) { $0 + values[$1].utf8.count }
    }

    /// The template with every placeholder replaced by `value`.
    func filled(with value: String) -> String {
        pieces.count == 1 ? pieces[0] : pieces.joined(separator: value)
    }

    /// The template with every placeholder replaced by its value in `values` (one per placeholder).
    func filled(with values: [String]) -> String {
        var result = pieces[0]
        result.reserveCapacity(bytes(filledWith: values))
        for (hole, piece) in zip(holes, pieces.dropFirst()) {
            result += values[hole]
            result += piece
        }
        return result
    }
}
