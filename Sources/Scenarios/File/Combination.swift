import Reactive

/// What a `combineLatest` or `zip` source of a pipeline makes before an operator takes it: its
/// signals, not yet combined, so that the operator after it decides how: as they are (`and`, `or`,
/// `reduceEach`), or each combination as one text value, `(a, b)`, for any other operator.
struct Combination {
    enum Kind { case combineLatest, zip }

    let kind: Kind
    let signals: [Signal<String>]

    /// RAC's `+combineLatest:` or `+zip:` of the signals: each combination as an array.
    var arrays: Signal<[String]> {
        switch kind {
        case .combineLatest: Signal.combineLatest(signals)
        case .zip: Signal.zip(signals)
        }
    }

    /// Each combination made one value by `reduce`: RAC's `+combineLatest:reduce:` or `+zip:reduce:`.
    func reduced(_ reduce: @escaping @Sendable ([String]) -> String) -> Signal<String> {
        switch kind {
        case .combineLatest: Signal.combineLatest(signals, reduce: reduce)
        case .zip: Signal.zip(signals, reduce: reduce)
        }
    }

    /// Each combination as one text value, `(a, b)`, made by `join`.
    func joined(_ join: @escaping @Sendable ([String]) -> String) -> Signal<String> {
        switch kind {
        case .combineLatest: Signal.combineLatest(signals, reduce: join)
        case .zip: Signal.zip(signals).map(join)
        }
    }
}
