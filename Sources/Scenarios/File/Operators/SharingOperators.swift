import Reactive

// The rows of the operator table that share one subscription among many, or split a signal into
// groups. See ``OperatorDefinition``.

extension OperatorDefinition {
    static let multicast = OperatorDefinition(
        keyword: "multicast",
        forms: [OperatorForm([.subject], output: .connection) { step in
            guard case .subject(let subject) = step.value(at: 0) else { preconditionFailure("checked by the parser") }
            return .connection(step.signal.multicast(subject))
        }],
        meaning: "a connection through a declared subject (`-multicast:`)",
        nestingLevels: 1)

    static let publish = OperatorDefinition(
        keyword: "publish",
        forms: [OperatorForm(output: .connection) { step in .connection(step.signal.publish()) }],
        meaning: "a connection through a new plain subject (`-publish`)",
        nestingLevels: 1)

    static let replay = OperatorDefinition(
        keyword: "replay",
        forms: [OperatorForm { step in .signal(step.signal.replay()) }],
        meaning: "connected at once through a replay subject of every value (`-replay`)",
        nestingLevels: 1)

    static let replayLast = OperatorDefinition(
        keyword: "replayLast",
        forms: [OperatorForm { step in .signal(step.signal.replayLast()) }],
        meaning: "connected at once through a replay subject of the last value (`-replayLast`)",
        nestingLevels: 1)

    static let replayLazily = OperatorDefinition(
        keyword: "replayLazily",
        forms: [OperatorForm { step in .signal(step.signal.replayLazily()) }],
        meaning: "connected at the first subscription through a replay subject of every value (`-replayLazily`)",
        nestingLevels: 1)

    static let autoconnect = OperatorDefinition(
        keyword: "autoconnect",
        forms: [OperatorForm(input: .connection) { step in
            guard case .connection(let connection) = step.current else { preconditionFailure("checked by the parser") }
            return .signal(connection.autoconnect())
        }],
        meaning: "after `multicast` or `publish`: connect on the first subscription (`-autoconnect`)",
        nestingLevels: 1)

    static let groupBy = OperatorDefinition(
        keyword: "groupBy",
        forms: [OperatorForm([.keys], output: .groups) { step in
            let keys = step.keys(0)
            return .groups(step.signal.groupBy { keys[$0] ?? $0 })
        }],
        meaning: "groups, with the key of each listed value (a value not listed is its own key); it sends groups, so it "
            + "ends the pipeline and is subscribed to with `each` (`-groupBy:`)",
        nestingLevels: 1)
}
