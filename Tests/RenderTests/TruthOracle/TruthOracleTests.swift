import Foundation
@testable import Scenarios
import Testing
import Findings
import Tracer
@testable import Render

// The truth oracle (issue 25, item 6): generated scenario files, run on the real runtime, their
// timelines and graphs checked against their traces. `swift test` runs a few hundred seeds; any
// number runs with
//
//     SIGVIZ_ORACLE_SEEDS=10000 SIGVIZ_ORACLE_FROM=0 swift test --filter TruthOracle
//
// A failing seed is shrunk to a small file, printed, to be kept in TruthOracle/Regressions/.

/// The outcome of one file: its trace's violations, or why it has no trace.
enum OracleRun {
    /// Checked: the invariants it broke, and the kinds of its findings.
    case checked([TruthViolation], kinds: Set<Finding.Kind> = [])
    /// The file does not parse: a generator that writes invalid files is a bug of the oracle's.
    case invalid(String)
    /// The run made more events than the oracle's limit: nothing to check.
    case tooLong
}

/// Runs and checks one scenario file.
func oracleRun(_ text: String) -> OracleRun {
    let file: ScenarioFile
    do {
        file = try ScenarioFile(parsing: text, file: "oracle.sigviz")
    } catch {
        return .invalid("\(error)")
    }
    guard let trace = try? file.scenario(named: "oracle").trace(maximumEvents: 20_000) else { return .tooLong }
    var violations = truthViolations(of: trace, names: declaredNames(in: text))
    let findings = trace.findings()
    if findings.contains(where: { $0.suggestion != nil }),
       let explained = try? file.explain(named: "oracle", maximumEvents: 20_000) {
        violations += proofViolations(of: explained.explanations, before: explained.trace)
    }
    return .checked(violations, kinds: Set(findings.map(\.kind)))
}

/// A proven fix says what its two runs did: a repeated side effect's runs before are those its
/// finding counted, and fewer after; a labelled subscriber it calls unchanged received the same
/// events at the same times in both runs (a replayed one at the time the live one came counts as
/// the same, as docs/findings.md says), recounted here from the two traces.
func proofViolations(of explanations: [Explanation], before: Trace) -> [TruthViolation] {
    var violations: [TruthViolation] = []
    func fail(_ detail: String) { violations.append(TruthViolation(invariant: "a proof says what its runs did", detail: detail)) }
    /// What each labelled subscription received, by label and how-manieth subscription of that label.
    func received(_ trace: Trace) -> [String: [String]] {
        var keys: [Int: String] = [:]
        var seen: [String: Int] = [:]
        for subscription in trace.subscriptions {
            guard let label = subscription.label else { continue }
            seen[label, default: 0] += 1
            keys[subscription.id] = "\(label)#\(seen[label]!)"
        }
        var events: [String: [String]] = [:]
        for event in trace.events {
            let text: String? = switch event.kind {
            case .next(_, let value, _): "next \(value)"
            case .error(_, let message, _): "error \(message)"
            case .completed: "completed"
            default: nil
            }
            if let text, let subscription = event.kind.subscription, let key = keys[subscription] {
                events[key, default: []].append("\(event.time) \(text)")
            }
        }
        for key in keys.values where events[key] == nil { events[key] = [] }
        return events
    }
    let beforeReceived = received(before)
    for explanation in explanations {
        guard let fix = explanation.fix else { continue }
        let finding = explanation.finding
        if finding.kind == .repeatedSideEffect {
            for runs in fix.outcome.runs {
                if runs.before != finding.events.count {
                    fail("\(runs.name): \(runs.before) runs before, but the finding counts \(finding.events.count)")
                }
                if runs.after >= runs.before { fail("\(runs.name): \(runs.after) runs after the fix, \(runs.before) before") }
            }
        }
        let afterReceived = received(fix.after)
        var seen: [String: Int] = [:]
        for subscriber in fix.outcome.subscribers {
            seen[subscriber.label, default: 0] += 1
            let key = "\(subscriber.label)#\(seen[subscriber.label]!)"
            guard subscriber.isUnchanged, let was = beforeReceived[key], let now = afterReceived[key] else { continue }
            if was != now { fail("\(key) is said unchanged, but received \(was) before and \(now) after") }
        }
    }
    return violations
}

/// The names a scenario file gives its signals: its sources, subjects, channels' terminals and pipelines.
func declaredNames(in text: String) -> [String] {
    text.split(separator: "\n").flatMap { line -> [String] in
        let words = line.split(separator: " ").map { String($0.trimmingCharacters(in: CharacterSet(charactersIn: ":"))) }
        guard words.count >= 2 else { return [] }
        switch words[0] {
        case "cold", "subject", "behavior", "replay", "let": return [words[1]]
        case "channel" where words.count >= 3: return [words[1], words[2]]
        default: return []
        }
    }
}

/// `text` with lines taken out, one at a time, as long as it still parses and still breaks `invariant`.
func shrink(_ text: String, breaking invariant: String) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var changed = true
    while changed {
        changed = false
        var index = lines.count - 1
        while index >= 0 {
            var fewer = lines
            fewer.remove(at: index)
            if case .checked(let violations, _) = oracleRun(fewer.joined(separator: "\n")),
               violations.contains(where: { $0.invariant == invariant }) {
                lines = fewer
                changed = true
            }
            index -= 1
        }
    }
    return lines.joined(separator: "\n")
}

/// The kept regression files: each a shrunk seed that once broke an invariant.
private func regressionFiles() throws -> [(name: String, text: String)] {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Regressions")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".sigviz") }.sorted()
    return try names.map { ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) }
}

@Suite("The truth oracle")
struct TruthOracleTests {
    @Test("generated scenario files draw nothing their traces do not say")
    func generatedFiles() {
        let environment = ProcessInfo.processInfo.environment
        let seeds = environment["SIGVIZ_ORACLE_SEEDS"].flatMap(UInt64.init) ?? 300
        let from = environment["SIGVIZ_ORACLE_FROM"].flatMap(UInt64.init) ?? 0
        var checked = 0, tooLong = 0
        var seen: Set<Finding.Kind> = []  // the kinds of finding the generated files gave
        var broken: [String: (seed: UInt64, violation: TruthViolation)] = [:]  // the first seed per invariant
        // With SIGVIZ_ORACLE_VERBOSE set, each seed is named before it runs: a seed that crashes the
        // runtime is the last one named.
        let verbose = environment["SIGVIZ_ORACLE_VERBOSE"] != nil
        for seed in from..<(from + seeds) {
            let text = ScenarioGenerator.file(seed: seed)
            if verbose { print("truth oracle: seed \(seed)") }
            switch oracleRun(text) {
            case .invalid(let error):
                Issue.record("seed \(seed): the generated file does not parse: \(error)\n\(text)")
            case .tooLong: tooLong += 1
            case .checked(let violations, let kinds):
                checked += 1
                seen.formUnion(kinds)
                for violation in violations where broken[violation.invariant] == nil {
                    broken[violation.invariant] = (seed, violation)
                }
            }
        }
        for (invariant, first) in broken.sorted(by: { $0.key < $1.key }) {
            let small = shrink(ScenarioGenerator.file(seed: first.seed), breaking: invariant)
            Issue.record("seed \(first.seed): \(first.violation)\nshrunk:\n\(small)")
        }
        print("truth oracle: seeds \(from)..<\(from + seeds): \(checked) checked, \(tooLong) past the event limit, "
              + "\(broken.count) invariants broken; finding kinds given: \(seen.count) of \(Finding.Kind.allCases.count) "
              + "(none of \(Finding.Kind.allCases.filter { !seen.contains($0) }.map(\.rawValue).joined(separator: ", ")))")
        #expect(checked > Int(seeds) * 9 / 10, "most generated files run within the limit")
        // The default run's files give the kinds the owners, group keys and replay subjects were written
        // for, so their invariants are checked on files nobody wrote by hand.
        if from == 0 && seeds >= 300 {
            #expect(seen.isSuperset(of: [.neverEnded, .unsubscribedGroups, .unboundedReplay, .offMainDelivery, .terminatedPipeline]),
                    "\(seen.map(\.rawValue).sorted())")
        }
    }

    @Test("the generator is reproducible: a seed always makes the same file")
    func reproducible() {
        #expect(ScenarioGenerator.file(seed: 42) == ScenarioGenerator.file(seed: 42))
        #expect(ScenarioGenerator.file(seed: 42) != ScenarioGenerator.file(seed: 43))
    }

    @Test("every kept regression file keeps every invariant")
    func regressions() throws {
        let files = try regressionFiles()
        #expect(!files.isEmpty)
        for (name, text) in files {
            switch oracleRun(text) {
            case .checked(let violations, _): #expect(violations.isEmpty, "\(name): \(violations)")
            case .invalid(let error): Issue.record("\(name) does not parse: \(error)")
            case .tooLong: Issue.record("\(name) makes too many events")
            }
        }
    }
}

@Suite("The truth oracle's files")
struct TruthOracleFileTests {
    @Test("SIGVIZ_ORACLE_PRINT=SEED prints the file of that seed")
    func printFile() {
        guard let seed = ProcessInfo.processInfo.environment["SIGVIZ_ORACLE_PRINT"].flatMap(UInt64.init) else { return }
        print(ScenarioGenerator.file(seed: seed))
    }
}

@Suite("The truth oracle's coverage")
struct TruthOracleCoverageTests {
    @Test("the generator writes every form of every operator of the language's table within 300 seeds")
    func everyOperator() throws {
        var used: Set<String> = []
        for seed in UInt64(0)..<300 {
            let file = try ScenarioFile(parsing: ScenarioGenerator.file(seed: seed), file: "\(seed).sigviz")
            for statement in file.statements {
                guard case .pipeline(_, _, let operators) = statement.value else { continue }
                for op in operators { used.insert(op.value.definition.keyword + " " + op.value.form.syntax) }
            }
        }
        let all = OperatorDefinition.table.flatMap { row in row.forms.map { row.keyword + " " + $0.syntax } }
        #expect(Set(all).subtracting(used).isEmpty, "never written: \(Set(all).subtracting(used).sorted())")
    }
}
