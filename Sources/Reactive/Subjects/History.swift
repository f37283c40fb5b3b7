/// A replay subject's buffer: every value, or the most recent `capacity`.
struct History<Value: Sendable>: Sendable {
    let capacity: Int
    private var storage: [Value] = []
    /// Where the oldest value is once a bounded buffer is full.
    private var head = 0

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Adds `value`, and returns the oldest value when a full buffer lets go of it
    /// (for the caller to release where it may run code: outside any lock).
    mutating func append(_ value: Value) -> Value? {
        if capacity == .max || storage.count < capacity {
            storage.append(value)
            return nil
        } else if capacity > 0 {
            let oldest = storage[head]
            storage[head] = value
            head = (head + 1) % capacity
            return oldest
        } else {
            return value
        }
    }

    /// The values, oldest first.
    var values: [Value] {
        head == 0 ? storage : Array(storage[head...] + storage[..<head])
    }
}
