/// What an operator does with each value it receives: the rule a reader of a trace checks when
/// it accounts for every value (sigviz's truth oracle does, on every run it generates).
///
/// A value "carried" is one the operator sends on, as itself or made into another, or acts on at
/// once (subscribes to the signal it is, sends it to a subject, schedules its sending); "dropped"
/// means reported with ``InstrumentationEvent/Kind/dropped(subscription:value:)``. A value still
/// in the operator's hands when its subscription is disposed is neither: the disposal ends it.
public enum ReceivedValues: Sendable, Hashable {
    /// Every value from every signal it subscribes to is carried, or dropped, once.
    case carriedOrDropped
    /// Every value of its receiver is carried, or dropped, once; the values of the signals the
    /// operation names (`takeUntil`'s trigger, `sample`'s sampler) only time what it does.
    case receiverCarriedOrDropped
    /// Every value of each signal is carried into the combinations sent later (`combineLatest`'s
    /// latest values, `zip`'s pairs), or dropped, once: replaced before it was combined, or never
    /// paired at the end. A combination's cause is the delivery that completed it, so which values
    /// it carries is the operator's to say, not its trace's.
    case combined
    /// Values are folded into a result sent later (a sum, an array, a test's answer, a batch):
    /// most cause nothing at once, and none is dropped while the operator runs.
    case folded
    /// Values are not what it sends: it waits for its receiver's end (`ignoreValues`, `then`).
    case ignored
}
