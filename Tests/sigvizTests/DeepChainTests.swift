import Foundation
import Testing

// Walks over a trace's parents are bounded and linear (issue 26, class 8): the share point of a
// repeated side effect walked every run's whole chain of parents and kept each path, so 20,000
// runs under a 20,000-deep chain took 45 s and 1.67 GB in explain, report and render --findings.

/// A trace of a cold signal run `runs` times, each run's subscription made by the top of a chain
/// of `depth` operator subscriptions, each made by the one above it.
private func deepChainTrace(runs: Int, depth: Int) -> String {
    var subscriptions: [String] = []
    var events: [String] = [
        #"{"seq": 0, "time": 0, "kind": "signal", "signal": 0}"#, #"{"seq": 1, "time": 0, "kind": "signal", "signal": 1}"#,
    ]
    func event(_ kind: String, _ subscription: Int) {
        events.append(#"{"seq": \#(events.count), "time": 0, "kind": "\#(kind)", "subscription": \#(subscription)}"#)
    }
    // The chain, from its top (subscription `depth - 1`, made by nothing) down to 0.
    for id in stride(from: depth - 1, through: 0, by: -1) {
        let parent = id == depth - 1 ? "" : #", "parent": \#(id + 1)"#
        subscriptions.append(#"{"id": \#(id), "signal": 1, "subscriber": {}\#(parent)}"#)
    }
    for id in stride(from: depth - 1, through: 0, by: -1) { event("subscribe", id) }
    for run in 0..<runs {
        let id = depth + run
        subscriptions.append(#"{"id": \#(id), "signal": 0, "subscriber": {"subscription": 0}, "parent": 0}"#)
        event("subscribe", id)
        event("didSubscribe", id)
    }
    subscriptions.sort { Int($0.split(separator: ",")[0].dropFirst(7))! < Int($1.split(separator: ",")[0].dropFirst(7))! }
    return """
        {"format": "sigviz-trace", "version": 2, "title": "deep",
         "signals": [{"id": 0, "kind": "cold", "name": "request"}, {"id": 1, "kind": "operator", "name": "step", "operation": {"name": "map"}, "receiver": 0}],
         "subscriptions": [\(subscriptions.joined(separator: ",\n"))],
         "events": [\(events.joined(separator: ",\n"))]}
        """
}

@Suite("Deep chains of subscriptions")
struct DeepChainTests {
    @Test("20,000 runs of a cold signal under a 20,000-deep chain: explain and render --findings find the repeated side effect within 1 GB",
          arguments: [["explain", "TRACE"], ["render", "TRACE", "--findings", "-o", "OUT"]])
    func deepChain(arguments: [String]) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = directory.appendingPathComponent("deep.json")
        try deepChainTrace(runs: 20_000, depth: 20_000).write(to: trace, atomically: true, encoding: .utf8)
        let run = try measuredSigviz(arguments.map {
            $0 == "TRACE" ? trace.path : $0 == "OUT" ? directory.appendingPathComponent("deep.svg").path : $0
        }, timeout: 600)
        #expect(!run.crashed && !run.timedOut, "\(run.errors.prefix(500))")
        #expect(run.status == 0, "\(run.errors.prefix(500))")
        #expect(run.peakMemory < memoryBound(1 << 30), "\(run.megabytes) MB")
        if arguments[0] == "explain" {
            #expect(String(decoding: run.output, as: UTF8.self).contains("request's didSubscribe ran 20000 times"))
        }
    }
}
