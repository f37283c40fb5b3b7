import Foundation
import Reactive

/// Where in a scenario file each signal of a run was made, by the trace's signal id: the line and
/// column of the pipeline's source or operator that made it, and the name a statement declared
/// for it. What places a finding in the file, and tells a fix where to go.
///
/// The runner notes each signal it makes with ``note(_:line:column:)`` and each name it defines
/// with ``note(_:name:line:)``, by the runtime's id; the scenario's recording gate passes every
/// signal- and connection-creation report to ``noteCreated(sequence:signal:)``. A trace numbers
/// signals and connections together in the order of their reports (``TraceRecorder``: a connection
/// is a signal of kind connection), so a report's rank among them gives its trace id.
final class SignalPlaces: @unchecked Sendable {
    // @unchecked: every stored property is touched with `lock` held.
    private let lock = NSLock()
    /// The sequence number of each signal's creation report, by the runtime's id.
    private var created: [Int: Int] = [:]
    /// The sequence numbers of every signal- and connection-creation report, in the order noted.
    private var sequences: [Int] = []
    /// Where the runner made signals, by the runtime's id: the first place noted for each.
    private var made: [Int: (line: Int, column: Int)] = [:]
    /// The names statements declared, by the runtime's id: the first name noted for each.
    private var declared: [Int: (name: String, line: Int)] = [:]

    /// Where a signal was made, and the name declared for it.
    struct Place: Sendable, Hashable {
        /// The 1-based line and column of the pipeline's source or operator that made it (the
        /// column of the `|` before an operator); `nil` for a declaration that is not a pipeline (`cold`, `subject`).
        let made: Spot?
        /// The name a statement declared for it, and that statement's line, when the signal is what the name stands for.
        let declared: (name: String, line: Int)?

        static func == (a: Place, b: Place) -> Bool {
            a.made == b.made && a.declared?.name == b.declared?.name && a.declared?.line == b.declared?.line
        }
        func hash(into hasher: inout Hasher) {
            hasher.combine(made)
            hasher.combine(declared?.name)
        }

        /// Where its line starts for people: the declaration's line, else where it was made.
        var line: Int { declared?.line ?? made?.line ?? 0 }
        /// The column for people: where it was made, when that is on the declaration's line.
        var column: Int { made.flatMap { $0.line == line ? $0.column : nil } ?? 1 }
    }

    /// A line and column.
    struct Spot: Sendable, Hashable {
        let line: Int
        let column: Int
    }

    /// Notes a signal-creation report, or with no `signal` a connection-creation report: a trace
    /// numbers connections in the same sequence as signals.
    func noteCreated(sequence: Int, signal: Int?) {
        lock.withLock {
            if let signal { created[signal] = sequence }
            sequences.append(sequence)
        }
    }

    /// Notes that the pipeline source or operator at `line` and `column` made `signal`.
    func note<Value>(_ signal: Signal<Value>, line: Int, column: Int) {
        lock.withLock {
            if made[signal.signalID] == nil { made[signal.signalID] = (line, column) }
        }
    }

    /// Notes that the statement at `line` declared `name` for `signal`.
    func note<Value>(_ signal: Signal<Value>, name: String, line: Int) {
        lock.withLock {
            if declared[signal.signalID] == nil { declared[signal.signalID] = (name, line) }
        }
    }

    /// Every noted place, by the trace's signal id.
    func places() -> [Int: Place] {
        lock.withLock {
            let ordered = sequences.sorted()
            /// The trace's id of the signal whose creation report has this sequence number.
            func traceID(_ sequence: Int) -> Int {
                var low = 0, high = ordered.count
                while low < high {
                    let middle = (low + high) / 2
                    if ordered[middle] < sequence { low = middle + 1 } else { high = middle }
                }
                return low
            }
            var places: [Int: Place] = [:]
            for signal in Set(made.keys).union(declared.keys) {
                guard let sequence = created[signal] else { continue }
                places[traceID(sequence)] = Place(made: made[signal].map { Spot(line: $0.line, column: $0.column) },
                                                  declared: declared[signal])
            }
            return places
        }
    }
}
