/// A replay subject's buffer: every value, or the most recent `capacity`.
///
/// Every value is kept in an array, which a new subscriber's replay shares at no cost. The most
/// recent `capacity` are kept in a ring, memory of the history's own (grown as values come, up to
/// `capacity`) that an append moves values into: an array's append or element swap, made from a
/// subject's unspecialized code, looks up `Array<Value>`'s metadata on every send (a sixth of
/// replayLast's work per value).
///
/// Noncopyable, as the one subject that keeps it: the ring's memory is freed with it.
struct History<Value: Sendable>: ~Copyable, @unchecked Sendable {
    // @unchecked: the ring's memory is reached only through this value, which its subject's
    // lock guards.
    let capacity: Int
    /// Every value, when the capacity is unlimited.
    private var all: [Value] = []
    /// The ring's memory, room for `room` values: slots `0..<count` hold values, and once all
    /// `capacity` do, the oldest is at `head`. It grows as values come, doubling up to `capacity`,
    /// so that a large capacity costs no memory before it is used.
    private var slots: UnsafeMutablePointer<Value>
    private var room = 0
    private var count = 0
    private var head = 0

    init(capacity: Int) {
        self.capacity = capacity
        slots = .allocate(capacity: 0)
    }

    /// Whether the most recent values are kept in the ring: the capacity is neither 0 nor unlimited.
    /// Inlined, as ``append(_:)``: a call would look up Self's metadata on every send.
    @inline(__always) private var isBounded: Bool { capacity > 0 && capacity != .max }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    /// Adds `value`. A full buffer lets go of its oldest value, which it leaves in `value`
    /// for the caller to release after unlocking (a value's `deinit` may be user code);
    /// otherwise `value` keeps a copy of the value added.
    @inline(__always)  // called per send from unspecialized code: a call would look up Self's metadata
    mutating func append(_ value: inout Value) {
        if isBounded {
            if count < capacity {
                if count == room { grow() }
                (slots + count).initialize(to: value)
                count += 1
            } else {
                swap(&slots[head], &value)
                head = head + 1 == capacity ? 0 : head + 1
            }
        } else if capacity == .max {
            all.append(value)
        }
    }

    /// Doubles the ring's room, up to `capacity`; called only before it is full, when `head` is 0.
    @inline(never)  // rare: kept out of the per-send path
    private mutating func grow() {
        room = room == 0 ? 1 : (room > capacity / 2 ? capacity : room * 2)
        let larger = UnsafeMutablePointer<Value>.allocate(capacity: room)
        larger.moveInitialize(from: slots, count: count)
        slots.deallocate()
        slots = larger
    }

    /// The values, oldest first.
    var values: [Value] {
        guard isBounded else { return all }
        var values: [Value] = []
        values.reserveCapacity(count)
        for offset in 0..<count { values.append(slots[(head + offset) % capacity]) }
        return values
    }
}
