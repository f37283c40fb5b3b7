import Reactive
import Tracer

/// What an unknown name most likely meant: the declared names closest to it, by edit distance.
extension ScenarioParser {
    /// How many declared names an "is not declared" message lists at most.
    static let listedNames = 5

    /// The names declared so far, for an "is not declared" message: all of them when there are at
    /// most ``listedNames``, and otherwise the ``listedNames`` closest to `name` by edit distance
    /// (ties in alphabetical order) and how many there are, so the message stays short however
    /// many names the file declares. One pass over the names, keeping the best few.
    static func suggestions(for name: String, among names: Dictionary<String, Kind>.Keys) -> String {
        guard !names.isEmpty else { return "" }
        guard names.count > listedNames else {
            return "; the names so far are " + names.sorted().map(shortened).joined(separator: ", ")
        }
        let target = Array(name.utf8)
        var best: [(distance: Int, name: String)] = []
        var row: [Int] = []
        for candidate in names {
            let bound = best.count < listedNames ? Int.max : best[best.count - 1].distance
            let distance = editDistance(target, candidate, row: &row, bound: bound)
            guard distance <= bound else { continue }
            let entry = (distance, candidate)
            let position = best.firstIndex { $0.distance > entry.0 || ($0.distance == entry.0 && $0.name > entry.1) } ?? best.count
            guard position < listedNames else { continue }
            best.insert(entry, at: position)
            if best.count > listedNames { best.removeLast() }
        }
        return "; the closest of the \(names.count) names so far are " + best.map { shortened($0.name) }.joined(separator: ", ")
    }

    /// The Levenshtein distance between `target` and `candidate`'s UTF-8 bytes, or more than
    /// `bound` as soon as it is sure to be more (`row` is reused between calls). Written with
    /// buffers and plain loops: it runs once per declared name, 200,000 times for a file that big.
    static func editDistance(_ target: [UInt8], _ candidate: String, row: inout [Int], bound: Int) -> Int {
        var candidate = candidate
        return candidate.withUTF8 { other in
            if abs(other.count - target.count) > bound { return bound == .max ? bound : bound + 1 }
            if row.count < other.count + 1 { row = Array(repeating: 0, count: other.count + 1) }
            return target.withUnsafeBufferPointer { target in
                row.withUnsafeMutableBufferPointer { row in
                    var j = 0
                    while j <= other.count { row[j] = j; j += 1 }
                    var i = 0
                    while i < target.count {
                        var diagonal = row[0]
                        row[0] = i + 1
                        var smallest = i + 1
                        let a = target[i]
                        j = 0
                        while j < other.count {
                            let above = row[j + 1]
                            var value = diagonal + (a == other[j] ? 0 : 1)
                            if above + 1 < value { value = above + 1 }
                            if row[j] + 1 < value { value = row[j] + 1 }
                            row[j + 1] = value
                            if value < smallest { smallest = value }
                            diagonal = above
                            j += 1
                        }
                        if smallest > bound { return smallest }
                        i += 1
                    }
                    return row[other.count]
                }
            }
        }
    }

    /// A name or token as quoted in a message: at most 60 characters and 240 bytes, then `…`, so
    /// that a line of 10,000 characters makes a message of a line.
    static func shortened(_ name: String) -> String {
        name.cut(toCharacters: 60)
    }
}
