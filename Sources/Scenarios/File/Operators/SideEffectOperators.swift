import Reactive

// The rows of the operator table that send a text to a declared subject as a side effect of an
// event or a subscription. See ``OperatorDefinition``.

extension OperatorDefinition {
    static let doNext = OperatorDefinition(
        keyword: "doNext",
        forms: [OperatorForm([
            .target, .optional(.text(what: "a template such as \"got {}\" ({} is the value)", example: "\"got {}\"")),
        ]) { step in
            let target = step.value(at: 0)
            let fill = step.filler(step.optionalText(1) ?? "{}")
            return .signal(step.signal.doNext { target.send(.next(fill($0))) })
        }],
        meaning: "before each value is passed on, the template filled with it (`{}` when left out) is sent to a declared "
            + "subject or channel terminal, once per value per subscription (`-doNext:`)",
        nestingLevels: 1)

    static let doError = OperatorDefinition(
        keyword: "doError",
        forms: [OperatorForm([
            .target,
            .optional(.text(what: "a template such as \"failed: {}\" ({} is the error's message)", example: "\"failed: {}\"")),
        ]) { step in
            let target = step.value(at: 0)
            let fill = step.filler(step.optionalText(1) ?? "{}")
            return .signal(step.signal.doError { target.send(.next(fill(EventText.message(of: $0)))) })
        }],
        meaning: "before the error is passed on, the template filled with its message (`{}` when left out) is sent to "
            + "the subject (`-doError:`)",
        nestingLevels: 1)

    static let doCompleted = OperatorDefinition(
        keyword: "doCompleted",
        forms: [OperatorForm([.target, .text(what: "the value to send to SUBJECT at the completion", example: "\"done\"")]) { step in
            let (target, text) = (step.value(at: 0), step.text(1))
            return .signal(step.signal.doCompleted { target.send(.next(text)) })
        }],
        meaning: "before the completion is passed on, the text is sent to the subject (`-doCompleted:`)",
        nestingLevels: 1)

    static let initially = OperatorDefinition(
        keyword: "initially",
        forms: [OperatorForm([.target, .text(what: "the value to send to SUBJECT at each subscription", example: "\"start\"")]) { step in
            let (target, text) = (step.value(at: 0), step.text(1))
            return .signal(step.signal.initially { target.send(.next(text)) })
        }],
        meaning: "at each subscription, before the signal is subscribed to, the text is sent to the subject (`-initially:`)",
        nestingLevels: 1)

    static let finally = OperatorDefinition(
        keyword: "finally",
        forms: [OperatorForm([.target, .text(what: "the value to send to SUBJECT at the completion or error", example: "\"end\"")]) { step in
            let (target, text) = (step.value(at: 0), step.text(1))
            return .signal(step.signal.finally { target.send(.next(text)) })
        }],
        meaning: "before the completion or the error is passed on, the text is sent to the subject; disposing the "
            + "subscription does not send it (`-finally:`)",
        nestingLevels: 1)
}
