import Foundation
import Reactive

/// An instrument that keeps every event the runtime reports, in order, from any thread: what a
/// test installs to see what the runtime said. Each suite reads it its own way (an extension in
/// its file), so that none keeps a copy of the recording.
public final class RecordedInstrumentation: Instrument, @unchecked Sendable {
    // @unchecked: `recorded` is only touched with `lock` held. An NSLock rather than a Mutex:
    // ThreadSanitizer on Linux does not see Synchronization's Mutex.
    private let lock = NSLock()
    private var recorded: [InstrumentationEvent] = []

    /// An instrument that has recorded nothing yet.
    public init() {}

    public func record(_ event: InstrumentationEvent) {
        lock.withLock { recorded.append(event) }
    }

    /// Every event recorded so far, in the order they were reported.
    public var events: [InstrumentationEvent] { lock.withLock { recorded } }

    /// What each event recorded so far was, in order.
    public var kinds: [InstrumentationEvent.Kind] { events.map(\.kind) }

    /// How many events were recorded.
    public var count: Int { lock.withLock { recorded.count } }
}
