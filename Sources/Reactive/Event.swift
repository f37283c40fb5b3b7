/// One thing a signal sends: a value, an error, or completion.
///
/// Signals obey the grammar `next* (error | completed)?`: any number of values,
/// then at most one terminal event, after which nothing more is delivered.
public enum Event<Value: Sendable>: Sendable {
    /// A value.
    case next(Value)
    /// Failure; terminates the subscription.
    case error(any Error)
    /// Successful end; terminates the subscription.
    case completed

    /// Whether the event is `error` or `completed`.
    public var isTerminating: Bool {
        if case .next = self { return false }
        return true
    }

    /// The value of a `next` event.
    public var value: Value? {
        if case .next(let value) = self { return value }
        return nil
    }

    /// The error of an `error` event.
    public var error: (any Error)? {
        if case .error(let error) = self { return error }
        return nil
    }
}
