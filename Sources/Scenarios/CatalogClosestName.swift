extension Catalog {
    /// The built-in scenario that `name`, which is not one, most likely means: the one closest to
    /// it by edit distance (the first in catalog order on a tie), when it is close enough to be a
    /// slip of the keyboard, and otherwise `nil`.
    ///
    /// Close enough is at most 2 edits, or at most a third of the name's length for a longer
    /// name, and fewer edits than the name has characters: `fetchdat` means `fetchdata` and
    /// `replay-lazily` means `replaylazily`, but `zzzz` means nothing.
    ///
    /// ```swift
    /// Catalog.closestName(to: "fetchdat")  // "fetchdata"
    /// ```
    public static func closestName(to name: String) -> String? {
        let target = Array(name.utf8)
        // Fewer edits than the name has characters, so that no name is all edits.
        var limit = min(max(2, target.count / 3), target.count - 1)
        var best: String?
        var row: [Int] = []
        for candidate in contents {
            let distance = ScenarioParser.editDistance(target, candidate, row: &row, bound: limit)
            guard distance <= limit else { continue }
            best = candidate
            limit = distance - 1  // only a closer one replaces it
        }
        return best
    }
}
