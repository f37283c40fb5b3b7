import Foundation

/// The command line: `[--repetitions N] [--quick] [--filter TEXT] [--sigviz-only]`.
struct Options {
    /// Timed runs of each side after the warm-up round.
    var repetitions = 7
    /// Divides every case's size by 100 and runs one repetition: a smoke run
    /// that checks every case works; it writes no files.
    var quick = false
    /// Runs only the cases whose id (such as `hot-fan-out`) contains this text; writes no files.
    var filter: String?
    /// Runs only the sigviz side of each case, for a profiler; writes no files.
    var sigvizOnly = false
    /// Hidden: runs only this workload (``HiddenWorkload``) and prints its rates, one a line,
    /// for a case that compares this binary with another build of it (`tracing-no-recorder`).
    var runWorkload: HiddenWorkload?
    /// `--write-scenarios N DIR`: writes the docs case's N generated scenario files into DIR and exits
    /// (to profile `sigviz docs` on them, or look at them).
    var writeScenarios: (count: Int, directory: String)?

    /// Whether this is a full run, whose results go to BENCHMARKS.md and results.json.
    var writesFiles: Bool { !quick && filter == nil && !sigvizOnly }

    /// What sizes are divided by.
    var scale: Int { quick ? 100 : 1 }

    init(arguments: [String]) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick":
                quick = true
            case "--repetitions":
                guard let value = rest.popFirst().flatMap(Int.init), value > 0 else {
                    throw UsageError("--repetitions needs a whole number greater than 0")
                }
                repetitions = value
            case "--filter":
                guard let value = rest.popFirst() else { throw UsageError("--filter needs a text") }
                filter = value
            case "--sigviz-only":
                sigvizOnly = true
            case "--run-workload":
                guard let value = rest.popFirst().flatMap(HiddenWorkload.init(rawValue:)) else {
                    throw UsageError("--run-workload needs one of: "
                        + HiddenWorkload.allCases.map(\.rawValue).joined(separator: ", "))
                }
                runWorkload = value
            case "--write-scenarios":
                guard let count = rest.popFirst().flatMap(Int.init), count > 0, let directory = rest.popFirst() else {
                    throw UsageError("--write-scenarios needs a number of files greater than 0 and a directory")
                }
                writeScenarios = (count, directory)
            case "-h", "--help":
                throw UsageError(nil)
            default:
                throw UsageError("unknown argument '\(argument)'")
            }
        }
        if quick { repetitions = 1 }
    }
}

/// A bad command line (`message` says what is wrong), or a request for help (`message` is `nil`).
struct UsageError: Error {
    let message: String?
    init(_ message: String?) { self.message = message }

    static let usage = """
        usage: sigviz-benchmarks [--repetitions N] [--quick] [--filter TEXT] [--sigviz-only]
               sigviz-benchmarks --write-scenarios N DIR
          --repetitions N  timed runs of each side after the warm-up (default 7)
          --quick          sizes divided by 100, one repetition (a smoke run)
          --filter TEXT    only the cases whose id contains TEXT (ids: see Benchmarks/results.json)
          --sigviz-only    only the sigviz side of each case (for a profiler)
          --write-scenarios N DIR  write the docs case's N generated scenario files into DIR, and nothing else
        Only a run with none of the last three writes BENCHMARKS.md and Benchmarks/results.json.
        """
}

/// Where every delivery of a case is counted, so that none can be optimized
/// away: each workload returns the count and the harness checks it.
///
/// The count lives behind a pointer so that counting costs an add, not the
/// dynamic exclusivity check of a class property: the sink should cost as
/// little as possible, whoever delivers to it.
///
/// `@unchecked Sendable`: the benchmarks deliver synchronously on one thread,
/// and sigviz's subscriber closures must be `@Sendable`.
final class Counter: @unchecked Sendable {
    private let count = UnsafeMutablePointer<Int>.allocate(capacity: 1)

    init() { count.initialize(to: 0) }
    deinit { count.deallocate() }

    /// Counts one delivery.
    @inline(__always) func add() { count.pointee &+= 1 }

    var value: Int { count.pointee }
}

/// One timed side of a case: sigviz, its peer (OpenCombine or Foundation), or the floor.
///
/// `prepare` builds what the run needs and is not timed; the closure it
/// returns is the timed part, and returns how many units (deliveries,
/// operations, events) it counted, which must equal `units`. Whatever the
/// closure holds is released after the clock stops.
struct Workload {
    let units: Int
    let prepare: () -> () -> Int

    /// A rate measured elsewhere (by another process), reported instead of timing `prepare`'s closure.
    private var measuredElsewhere: (() -> Double)?

    init(units: Int, prepare: @escaping () -> () -> Int) {
        self.units = units
        self.prepare = prepare
    }

    /// A workload whose rate `measure` measures and returns itself: another build of the
    /// benchmarks, run as a process (the process's start is not part of the rate).
    init(units: Int, measuredElsewhere measure: @escaping () -> Double) {
        self.init(units: units, prepare: { { units } })
        measuredElsewhere = measure
    }

    /// A workload with nothing to prepare.
    init(units: Int, run: @escaping () -> Int) {
        self.init(units: units, prepare: { run })
    }

    /// Runs once and returns the rate in units per second.
    func rate(_ label: String) -> Double {
        if let measuredElsewhere { return measuredElsewhere() }
        let run = prepare()
        let start = ContinuousClock.now
        let counted = run()
        let elapsed = ContinuousClock.now - start
        guard counted == units else {
            fatalError("\(label): counted \(counted), expected \(units)")
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Double(units) / max(seconds, 1e-9)
    }
}

/// A figure from the issue: what sigviz must reach in a case.
struct Target {
    /// As the issue states it.
    let text: String
    /// Whether the measured figures meet it; `nil` when it is only reported
    /// or cannot be judged from this package.
    let isMet: (Outcome) -> Bool?

    static func ratio(atLeast minimum: Double, _ text: String) -> Target {
        Target(text: text) { outcome in outcome.ratio.map { $0 >= minimum } }
    }

    static func reported(_ text: String) -> Target {
        Target(text: text) { _ in nil }
    }
}

/// The medians of one case.
struct Outcome {
    let sigviz: Double
    let peer: Double?
    let floor: Double?
    /// sigviz / peer.
    var ratio: Double? { peer.map { sigviz / $0 } }
}

/// A throughput case: sigviz against its peer and the no-library floor.
struct Case {
    let title: String
    /// What is counted, such as `"deliveries/s"`.
    let unit: String
    let sigviz: Workload
    /// The peer's name, such as `"OpenCombine"`.
    var peerName = "OpenCombine"
    let peer: Workload?
    let floor: Workload?
    let target: Target
    /// Facts the table cannot show, printed under it.
    var notes: [String] = []

    /// Runs a warm-up round, then `repetitions` rounds, each running sigviz,
    /// the peer and the floor in turn; returns the median rate of each.
    func run(repetitions: Int, sigvizOnly: Bool = false) -> (Outcome, samples: [String: [Double]]) {
        let others = sigvizOnly ? [] : [(peerName, peer), ("floor", floor)]
        let sides = ([("sigviz", sigviz)] + others).compactMap { name, workload in workload.map { (name, $0) } }
        for (name, workload) in sides { _ = workload.rate("\(title) [\(name), warm-up]") }
        var samples: [String: [Double]] = [:]
        for _ in 0..<repetitions {
            for (name, workload) in sides { samples[name, default: []].append(workload.rate("\(title) [\(name)]")) }
        }
        let outcome = Outcome(
            sigviz: median(samples["sigviz"]!),
            peer: samples[peerName].map(median),
            floor: samples["floor"].map(median))
        return (outcome, samples)
    }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// The no-library floor: a plain loop that calls `closures` closures stored in
/// an array for each of `sends` values, the limit any fan-out can reach.
func floorWorkload(closures count: Int, sends: Int) -> Workload {
    Workload(units: count * sends) {
        let counter = Counter()
        let closures = makeClosures(count, counter: counter)
        return {
            for value in 0..<sends {
                for closure in closures { closure(value) }
            }
            return counter.value
        }
    }
}

/// Out of line, so the optimizer cannot see which closures the floor calls.
@inline(never)
func makeClosures(_ count: Int, counter: Counter) -> [(Int) -> Void] {
    (0..<count).map { _ in { _ in counter.add() } }
}
