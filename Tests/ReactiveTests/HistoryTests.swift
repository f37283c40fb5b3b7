import Testing
@testable import Reactive

@Suite("A replay subject's history")
struct HistoryTests {
    /// Appends `values` to `history`, returning what each append left in its argument.
    private func append(_ values: [Int], to history: inout History<Int>) -> [Int] {
        values.map { value in
            var displaced = value
            history.append(&displaced)
            return displaced
        }
    }

    @Test("a bounded history keeps the most recent values, oldest first, and hands back each one it lets go of",
          arguments: [1, 2, 3, 5, 8])
    func bounded(capacity: Int) {
        var history = History<Int>(capacity: capacity)
        let values = Array(1...20)
        let displaced = append(values, to: &history)
        #expect(history.values == Array(values.suffix(capacity)))
        // Until full, each append leaves a copy of the value added; then the oldest value.
        #expect(displaced == Array(values.prefix(capacity)) + Array(values.prefix(20 - capacity)))
    }

    @Test("the history in between: partly filled, full, and wrapped at every offset")
    func everyFill() {
        for count in 0...12 {
            var history = History<Int>(capacity: 5)
            _ = append(Array(0..<count), to: &history)
            #expect(history.values == Array(Array(0..<count).suffix(5)), "after \(count) values")
        }
    }

    @Test("an unlimited history keeps every value, growing past its first room")
    func unlimited() {
        var history = History<Int>(capacity: .max)
        let displaced = append(Array(0..<1_000), to: &history)
        #expect(history.values == Array(0..<1_000))
        #expect(displaced == Array(0..<1_000))
    }

    @Test("a huge capacity takes memory only as values come: values of 2^40 and Int.max - 1, kept in order")
    func hugeCapacity() {
        for capacity in [1 << 40, Int.max - 1] {
            var history = History<Int>(capacity: capacity)
            let displaced = append(Array(0..<100), to: &history)
            #expect(history.values == Array(0..<100))
            #expect(displaced == Array(0..<100))
        }
    }

    @Test("capacity 0 keeps nothing")
    func empty() {
        var history = History<Int>(capacity: 0)
        _ = append([1, 2, 3], to: &history)
        #expect(history.values.isEmpty)
    }

    @Test("the values it hands out are a copy: later appends leave them as they were",
          arguments: [3, Int.max])
    func valuesAreACopy(capacity: Int) {
        var history = History<Int>(capacity: capacity)
        _ = append([1, 2, 3, 4], to: &history)
        let before = history.values
        _ = append([5, 6], to: &history)
        #expect(before == (capacity == 3 ? [2, 3, 4] : [1, 2, 3, 4]))
        #expect(history.values == (capacity == 3 ? [4, 5, 6] : [1, 2, 3, 4, 5, 6]))
    }

    /// Counts its own release.
    private final class Counted: Sendable {
        let gone: @Sendable () -> Void
        init(gone: @escaping @Sendable () -> Void) { self.gone = gone }
        deinit { gone() }
    }

    @Test("values it holds are released when it goes, and no value is released twice: full, and never filled",
          arguments: [(capacity: 3, appended: 10), (capacity: 5, appended: 2), (capacity: .max, appended: 4)])
    func releases(capacity: Int, appended: Int) {
        let released = Locked(0)
        let kept = min(capacity, appended)
        do {
            var history = History<Counted>(capacity: capacity)
            for _ in 0..<appended {
                var value = Counted { released.withLock { $0 += 1 } }
                history.append(&value)
            }
            #expect(released.withLock { $0 } == appended - kept)
            #expect(history.values.count == kept)
        }
        #expect(released.withLock { $0 } == appended)
    }
}
