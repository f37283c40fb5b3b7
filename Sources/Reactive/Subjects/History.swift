/// A replay subject's buffer: every value, or the most recent `capacity`.
struct History<Value: Sendable>: Sendable {
    let capacity: Int
    private var storage: [Value] = []
    /// Where the oldest value is once a bounded buffer is full.
    private var head = 0

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Adds `value`; a full buffer lets go of its oldest value, which it returns for the caller
    /// to release after unlocking (a value's `deinit` may be user code).
    mutating func append(_ value: Value) -> Value? {
        if capacity == .max || storage.count < capacity {
            storage.append(value)
        } else if capacity > 0 {
            let oldest = storage[head]
            storage[head] = value
            head = (head + 1) % capacity
            return oldest
        }
        return nil
    }

    /// The values, oldest first.
    var values: [Value] {
        head == 0 ? storage : Array(storage[head...] + storage[..<head])
    }
}
