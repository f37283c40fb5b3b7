/// `--shard i/n`: part `index` (1-based) of `count` parts of a list, so that `n` machines (a CI
/// matrix) can share the work of one run.
///
/// The list is cut in its order into `count` runs of consecutive items, as even as can be: part
/// `i` holds the items from `(i - 1) × total / count` up to `i × total / count` (rounded down), so
/// the parts' sizes differ by at most one and together hold every item once. A part may be empty
/// when there are fewer items than parts.
package struct Shard: Equatable, Sendable {
    /// Which part, from 1 to ``count``.
    package let index: Int
    /// How many parts.
    package let count: Int

    /// The whole list: one part.
    package static let whole = Shard(index: 1, count: 1)

    /// The largest number of parts.
    package static let maximumCount = 10_000

    /// Reads `i/n`; refuses anything else (`0/2`, `3/2`, `a/b`, `1/0`) as a usage error naming the flag (``CommandFailure/Code/usage``).
    package init(parsing text: String) throws {
        let fields = text.split(separator: "/", omittingEmptySubsequences: false)
        guard fields.count == 2, let index = Int(fields[0]), let count = Int(fields[1]),
              fields.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else {
            throw CommandFailure.usage("--shard must be I/N, two whole numbers such as 1/4 (part I of N), not '\(text)'.")
        }
        guard (1...Self.maximumCount).contains(count) else {
            throw CommandFailure.usage("--shard I/N needs N from 1 to \(Self.maximumCount) (parts), not \(count) in '\(text)'.")
        }
        guard (1...count).contains(index) else {
            throw CommandFailure.usage("--shard I/N needs I from 1 to N (\(count)), not \(index) in '\(text)'.")
        }
        self.init(index: index, count: count)
    }

    package init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// The positions of this part in a list of `total` items.
    package func range(of total: Int) -> Range<Int> {
        (index - 1) * total / count ..< index * total / count
    }

    /// Whether this part is the first: the one that writes what covers every item.
    package var isFirst: Bool { index == 1 }
}
