/// The spans in which a lane's latest value was `true`, kept as its marks come, when every value is
/// `true` or `false` and one is `true` (a command's `executing`, say); none otherwise. A replayed
/// value counts: it is the lane's value too.
struct TrueSpans {
    private var found: [(start: Double, end: Double?)] = []
    private var since: Double?
    /// Whether a value other than `true` and `false` came.
    private var mixed = false

    /// Takes the lane's next mark.
    mutating func add(_ mark: TimelineModel.Mark) {
        guard !mixed, case .value(let label, _) = mark.kind else { return }
        switch label {
        case "true": if since == nil { since = mark.time }
        case "false":
            if let start = since { found.append((start, mark.time)) }
            since = nil
        default:
            mixed = true
            found = []
        }
    }

    /// The spans so far: `end` is `nil` for one still true.
    var spans: [(start: Double, end: Double?)] {
        guard !mixed else { return [] }
        return since.map { found + [($0, nil)] } ?? found
    }
}
