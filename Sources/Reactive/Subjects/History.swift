/// A replay subject's buffer: every value, or the most recent `capacity`.
struct History<Value: Sendable>: Sendable {
    let capacity: Int
    private var storage: [Value] = []
    /// Where the oldest value is once a bounded buffer is full.
    private var head = 0

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Adds `value`. A full buffer lets go of its oldest value, which it leaves in `value`
    /// for the caller to release after unlocking (a value's `deinit` may be user code);
    /// otherwise `value` keeps a copy of the value added.
    @inline(__always)  // called per send from unspecialized code: a call would look up Self's metadata
    mutating func append(_ value: inout Value) {
        if capacity == .max || storage.count < capacity {
            storage.append(value)
        } else if capacity > 0 {
            swap(&storage[head], &value)
            head = head + 1 == capacity ? 0 : head + 1
        }
    }

    /// The values, oldest first.
    var values: [Value] {
        head == 0 ? storage : Array(storage[head...] + storage[..<head])
    }
}
