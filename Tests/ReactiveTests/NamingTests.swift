import Synchronization
import Testing
import TestSupport
@testable import Reactive

// Names are RAC's (`[a] -merge: b`), cut at 256 characters so that operators
// naming their result after both operands cannot make them grow without bound.

/// An instrument that keeps the names reported.
private typealias Names = RecordedInstrumentation

private extension RecordedInstrumentation {
    /// Every name given to a signal, at its creation or after, in order.
    var all: [String] {
        kinds.compactMap { kind in
            switch kind {
            case .signalCreated(_, _, let name, _, _), .signalNamed(_, let name): name
            default: nil
            }
        }
    }
}

@Suite struct NamingTests {
    @Test("short names are RAC's, unchanged")
    func shortNamesUnchanged() {
        let a = Signal<String>.never().named("a"), b = Subject<String>().named("b")
        #expect(a.merge(b).name == "[a] -merge: b")
        #expect(a.concat(b).name == "[a] -concat: b")
        #expect(Signal.merge([a, b]).name == "+merge: (a, b)")
        #expect(a.map { $0 }.name == "[a] -map:")
        let exactly = String(repeating: "é", count: signalNameLimit)
        #expect(Signal<String>.never().named(exactly).name == exactly, "a name of exactly 256 characters is kept")
    }

    @Test("a signal merged with itself 20 times keeps a name of 256 characters, not 20 MB (40 times: 20 TB)")
    func selfMergeIsBounded() {
        var signal = Signal<String>.never().named("x0")
        for _ in 1...20 { signal = signal.merge(signal) }
        #expect(signal.name.count == signalNameLimit)
        #expect(signal.name.hasSuffix("…"))
        #expect(signal.name.hasPrefix("[[[[[[[[[[[["))
    }

    @Test("every operator that names its result after its operands is bounded",
          arguments: ["merge", "concat", "+merge", "+concat", "catchTo", "startWith", "then", "multicast"])
    func operatorsAreBounded(op: String) {
        let long = Signal<String>.never().named(String(repeating: "n", count: 1_000))
        #expect(long.name.count == signalNameLimit, "a name given by named(_:) is cut too")
        let result: Signal<String> = switch op {
        case "merge": long.merge(long)
        case "concat": long.concat(long)
        case "+merge": Signal.merge([long, long, long])
        case "+concat": Signal.concat([long, long, long])
        case "catchTo": long.catchTo(long)
        case "startWith": long.startWith(String(repeating: "v", count: 1_000))
        case "then": long.then { long }
        default: long.multicast(Subject<String>().named(String(repeating: "s", count: 1_000))).signal
        }
        #expect(result.name.count == signalNameLimit)
        #expect(result.name.hasSuffix("…"))
    }

    @Test("the names reported to an instrument are the bounded ones")
    func reportedNamesAreBounded() {
        let names = Names()
        Instrumentation.withInstrument(names) {
            var signal = Signal<String>.never().named("x0")
            for _ in 1...20 { signal = signal.merge(signal) }
            _ = Subject<String>().named(String(repeating: "s", count: 300))
        }
        #expect(names.all.count > 40)
        #expect(names.all.allSatisfy { $0.count <= signalNameLimit })
        #expect(names.all.last == String(repeating: "s", count: signalNameLimit - 1) + "…")
    }
}
