import Reactive

// The rows of the operator table that work in time or on schedulers. See ``OperatorDefinition``.

extension OperatorDefinition {
    static let delay = OperatorDefinition(
        keyword: "delay",
        forms: [OperatorForm([.seconds(what: "the seconds to delay each value by")]) { step in
            .signal(step.signal.delay(step.seconds(0)))
        }],
        meaning: "each value and the completion S seconds later; an error at once (`-delay:`)",
        nestingLevels: 1)

    static let throttle = OperatorDefinition(
        keyword: "throttle",
        forms: [OperatorForm([
            .seconds(what: "the seconds without a value before the last is sent"),
            .optional(.values(what: "a value to throttle")),
        ]) { step in
            guard let listed = step.optionalValues(1).map(Set.init) else { return .signal(step.signal.throttle(step.seconds(0))) }
            return .signal(step.signal.throttle(step.seconds(0), valuesPassing: { listed.contains($0) }))
        }],
        meaning: "a value is held until S seconds pass without another, and a newer one replaces it: only the last of a "
            + "burst is sent; completion sends the held value first (`-throttle:`); with values listed, only those are "
            + "held and the others pass at once, dropping a held one (`-throttle:valuesPassingTest:`)",
        nestingLevels: 1)

    static let bufferWithTime = OperatorDefinition(
        keyword: "bufferWithTime",
        forms: [OperatorForm([.seconds(what: "the seconds each buffer collects for")]) { step in
            .signal(step.signal.bufferWithTime(step.seconds(0), on: step.clock).map(step.joiner))
        }],
        meaning: "the values of each S seconds, from the first value of a buffer, sent as one text value `(a, b, c)`; "
            + "completion sends the buffer (`-bufferWithTime:onScheduler:`)",
        nestingLevels: 1)

    static let timeout = OperatorDefinition(
        keyword: "timeout",
        forms: [OperatorForm([.seconds(what: "the seconds before the error")]) { step in
            .signal(step.signal.timeout(step.seconds(0), on: step.clock))
        }],
        meaning: "an error `timed out after 2.0 s` if the signal has not completed or failed S seconds after the "
            + "subscription (`-timeout:onScheduler:`)",
        nestingLevels: 1)

    static let deliverOn = OperatorDefinition(
        keyword: "deliverOn",
        forms: [OperatorForm([.scheduler]) { step in .signal(step.signal.deliver(on: step.scheduler(at: 0))) }],
        meaning: "each value, the error and the completion passed on from work scheduled on the declared scheduler (see "
            + "[Schedulers](#schedulers)), in order, at the time they arrive; the subscription itself is made where it is "
            + "(`-deliverOn:`). As in RAC, disposing does not cancel what is already scheduled: it runs and delivers nothing",
        nestingLevels: 1)

    static let subscribeOn = OperatorDefinition(
        keyword: "subscribeOn",
        forms: [OperatorForm([.scheduler]) { step in .signal(step.signal.subscribe(on: step.scheduler(at: 0))) }],
        meaning: "the subscription to the signal made from work scheduled on the declared scheduler, so a cold signal's "
            + "didSubscribe runs there; its events are passed on from wherever they come (`-subscribeOn:`). Disposing "
            + "before that work runs cancels it",
        nestingLevels: 1)
}
