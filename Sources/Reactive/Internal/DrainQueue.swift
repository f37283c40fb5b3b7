import Synchronization

/// Serializes work without holding a lock while the work runs (a trampoline).
///
/// The first caller to ``submit(_:_:)`` becomes the *drainer*: it runs its own
/// item and then every item that other callers, on this thread (re-entrantly)
/// or on other threads (concurrently), submitted in the meantime, in
/// submission order. Those callers return at once. So items are handled one at
/// a time, first in first out, and a handler that submits to its own queue
/// neither deadlocks nor runs nested.
final class DrainQueue<Item: Sendable>: Sendable {
    private struct State {
        var pending: [Item] = []
        var isDraining = false
    }

    private let state = Locked(State())

    init() {}

    /// Hands `item` to `handle` now, or queues it for the thread that is draining.
    ///
    /// Every caller must pass the same logical `handle`: the drainer applies
    /// its own `handle` to the items others queued.
    func submit(_ item: Item, _ handle: (Item) -> Void) {
        let runsNow = state.withLock { state -> Bool in
            if state.isDraining {
                state.pending.append(item)
                return false
            }
            state.isDraining = true
            return true
        }
        guard runsNow else { return }
        handle(item)
        while let batch = state.withLock({ state -> [Item]? in
            if state.pending.isEmpty {
                state.isDraining = false
                return nil
            }
            var batch: [Item] = []
            swap(&batch, &state.pending)
            return batch
        }) {
            for item in batch { handle(item) }
        }
    }
}
