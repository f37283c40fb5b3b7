import Synchronization

/// Serializes work without holding a lock while the work runs (a trampoline).
///
/// The first caller to ``submit(_:_:)`` becomes the *drainer*: it runs its own
/// item and then every item that other callers, on this thread (re-entrantly)
/// or on other threads (concurrently), submitted in the meantime, in
/// submission order. Those callers return at once. So items are handled one at
/// a time, first in first out, and a handler that submits to its own queue
/// neither deadlocks nor runs nested.
final class DrainQueue<Item: Sendable>: @unchecked Sendable {
    // @unchecked: `pending` is only touched inside `lock.withLock`.
    /// Whether a thread is draining. Kept apart from the pending items so
    /// that the uncontended path takes no lock. The flag and the count are
    /// sequentially consistent: a drainer that stops and a submitter that
    /// queues must not both miss each other (they re-check, Dekker-style).
    private let isDraining = Atomic(false)
    /// How many items are pending (changed under the lock, read without it).
    private let pendingCount = Atomic(0)
    /// The pending items' lock, kept inline: a serialized subscription makes a queue, and the
    /// lock is taken only when an item has to wait, so it costs no allocation of its own.
    private let lock = InlineLock()
    @exclusivity(unchecked) private var pending: [Item] = []
    /// Called at the moments where another thread's timing matters, so that a test can hold a
    /// thread there and play one interleaving deterministically; `nil` outside tests.
    private let pause: (@Sendable (Moment) -> Void)?

    /// A moment in ``submit(now:orLater:_:)`` where the order of two threads decides the outcome.
    enum Moment: Sendable {
        /// A submitter found another thread draining and is about to queue its item.
        case missedTheDrainer
        /// A submitter queued its item behind a drainer and is about to check it is still draining.
        case queuedForTheDrainer
        /// A drainer found nothing pending, stopped, and is about to check again.
        case stoppedDraining
    }

    init(pause: (@Sendable (Moment) -> Void)? = nil) {
        self.pause = pause
    }

    /// Hands `item` to `handle` now, or queues it for the thread that is draining.
    ///
    /// Every caller must pass the same logical `handle`: the drainer applies
    /// its own `handle` to the items others queued.
    func submit(_ item: Item, _ handle: (Item) -> Void) {
        submit(now: { handle(item) }, orLater: item, handle)
    }

    /// Runs `now` at once when no thread is draining; otherwise queues
    /// `later` (evaluated only then) for the draining thread, which handles it
    /// with `handle`. `now` and `handle(later)` must do the same thing: the
    /// first is a fast path that need not build the item.
    func submit(now: () -> Void, orLater later: @autoclosure () -> Item, _ handle: (Item) -> Void) {
        if isDraining.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged {
            // Items queued before this one (by a thread that just missed the
            // previous drainer) go first: queue behind them instead of overtaking.
            if pendingCount.load(ordering: .sequentiallyConsistent) == 0 {
                now()
            } else {
                enqueue(later())
            }
            drainPending(handle)
            return
        }
        pause?(.missedTheDrainer)
        enqueue(later())
        pause?(.queuedForTheDrainer)
        // The drainer may have finished between the failed exchange and the append.
        if isDraining.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged {
            drainPending(handle)
        }
    }

    private func enqueue(_ item: Item) {
        lock.withLock {
            pending.append(item)
            pendingCount.add(1, ordering: .sequentiallyConsistent)
        }
    }

    /// Handles the queued items until none is left, then stops draining.
    private func drainPending(_ handle: (Item) -> Void) {
        while true {
            if pendingCount.load(ordering: .sequentiallyConsistent) == 0 {
                isDraining.store(false, ordering: .sequentiallyConsistent)
                pause?(.stoppedDraining)
                // An item queued after the check, whose owner saw us draining, is ours to handle.
                guard pendingCount.load(ordering: .sequentiallyConsistent) != 0,
                      isDraining.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged
                else { return }
            }
            var batch: [Item] = []
            lock.withLock {
                swap(&batch, &pending)
                pendingCount.subtract(batch.count, ordering: .releasing)
            }
            for item in batch { handle(item) }
        }
    }
}
