import Testing
@testable import Reactive
@testable import Tracer

// A growing array's labels and names cost what the cut keeps, not the whole description: collect
// labelled every running array, and named every +return: of it, by describing it whole (20,000
// values took a minute). The prefix must cut exactly as the whole description would.

@Suite("A long array is described only as far as a label or a name keeps it, and cut the same")
struct LongArrayLabelTests {
    @Test("the label of an array, short or long, of strings or numbers or optionals, is the cut of its description",
          arguments: [0, 1, 3, 60, 300, 5_000])
    func sameCut(count: Int) {
        let strings = (0..<count).map { "value \($0)" }
        #expect(traceLabel(of: strings) == shortened(strings.description))
        let numbers = Array(0..<count)
        #expect(traceLabel(of: numbers) == shortened(numbers.description))
        let optionals = (0..<count).map { $0 % 2 == 0 ? Optional($0) : nil }
        #expect(traceLabel(of: optionals) == shortened(optionals.description))
    }

    @Test("an array's description prefix stops soon after the limit, whatever the array's length")
    func bounded() {
        let long = Array(repeating: "abc", count: 100_000)
        let prefix = long.descriptionPrefix(characters: 100)
        #expect(prefix.count <= 100 + "\"abc\", ".count)
        #expect(long.description.hasPrefix(prefix))
        #expect([1, 2].descriptionPrefix(characters: 100) == "[1, 2]")
    }

    @Test("collect's running collection is labelled as its array, and describes itself only as far as a name keeps it")
    func collected() {
        let collection = CollectedValues<String>()
        for index in 0..<50_000 { collection.append("v\(index)") }
        #expect(collection.description.count < signalNameLimit + 32)
        #expect(traceLabel(of: collection) == shortened(collection.values.description))
    }
}
