import Foundation

extension Trace {
    /// The trace in the Chrome trace event format, which Perfetto
    /// (ui.perfetto.dev) and chrome://tracing open.
    ///
    /// - Process 1, "Subscriptions", has one track per subscription, named
    ///   like "Subscriber 1 → subject". The subscription's lifetime, from its
    ///   subscribe to its dispose (or the end of the trace), is a span; its
    ///   didSubscribe run and every next, error and completed are instant events.
    /// - Process 2, "Signals", has one track per signal: its creation, the
    ///   values sent to a subject, and each connect of a connection.
    ///
    /// Timestamps are the trace's seconds in microseconds. Every instant
    /// event carries the trace's sequence number and cause in `args`.
    public func chromeTraceJSON() -> Data {
        var writer = JSONWriter(capacity: 160 * events.count + 256)
        writer.raw("{\"displayTimeUnit\": \"ms\",\n\"otherData\": {\"format\": \"sigviz-trace\", \"version\": ")
        writer.int(Trace.formatVersion)
        if let title {
            writer.raw(", \"title\": ")
            writer.string(title)
        }
        writer.raw("},\n\"traceEvents\": [\n")
        var first = true
        func begin() {
            if !first { writer.raw(",\n") }
            first = false
        }
        func metadata(_ name: StaticString, pid: Int, tid: Int, _ key: StaticString, _ write: (inout JSONWriter) -> Void) {
            begin()
            writer.raw("{\"name\": \"")
            writer.raw(name)
            writer.raw("\", \"ph\": \"M\", \"pid\": ")
            writer.int(pid)
            writer.raw(", \"tid\": ")
            writer.int(tid)
            writer.raw(", \"args\": {\"")
            writer.raw(key)
            writer.raw("\": ")
            write(&writer)
            writer.raw("}}")
        }
        let subscriptionsProcess = 1, signalsProcess = 2
        metadata("process_name", pid: subscriptionsProcess, tid: 0, "name") { $0.string("Subscriptions") }
        metadata("process_sort_index", pid: subscriptionsProcess, tid: 0, "sort_index") { $0.int(1) }
        metadata("process_name", pid: signalsProcess, tid: 0, "name") { $0.string("Signals") }
        metadata("process_sort_index", pid: signalsProcess, tid: 0, "sort_index") { $0.int(2) }
        for subscription in subscriptions {
            let name = describe(subscription: subscription.id)
            metadata("thread_name", pid: subscriptionsProcess, tid: subscription.id + 1, "name") { $0.string(name) }
            metadata("thread_sort_index", pid: subscriptionsProcess, tid: subscription.id + 1, "sort_index") {
                $0.int(subscription.id)
            }
        }
        for signal in signals {
            metadata("thread_name", pid: signalsProcess, tid: signal.id + 1, "name") { $0.string(signal.name) }
            metadata("thread_sort_index", pid: signalsProcess, tid: signal.id + 1, "sort_index") { $0.int(signal.id) }
        }

        // Subscription lifetimes as complete ("X") events.
        var starts = [Double?](repeating: nil, count: subscriptions.count)
        var ends = [Double?](repeating: nil, count: subscriptions.count)
        for event in events {
            switch event.kind {
            case .subscribe(let id) where starts.indices.contains(id): starts[id] = event.time
            case .dispose(let id) where ends.indices.contains(id): ends[id] = event.time
            default: break
            }
        }
        for subscription in subscriptions {
            guard let start = starts[subscription.id] else { continue }
            let end = ends[subscription.id] ?? duration
            begin()
            writer.raw("{\"name\": ")
            writer.string(describe(subscription: subscription.id))
            writer.raw(", \"cat\": \"subscription\", \"ph\": \"X\", \"pid\": ")
            writer.int(subscriptionsProcess)
            writer.raw(", \"tid\": ")
            writer.int(subscription.id + 1)
            writer.raw(", \"ts\": ")
            writer.double(microseconds(start))
            writer.raw(", \"dur\": ")
            writer.double(finite(microseconds(end) - microseconds(start)))
            writer.raw(", \"args\": {\"subscription\": ")
            writer.int(subscription.id)
            writer.raw(", \"signal\": ")
            writer.int(subscription.signal)
            writer.raw(", \"disposed\": ")
            writer.bool(ends[subscription.id] != nil)
            if let parent = subscription.parent {
                writer.raw(", \"parent\": ")
                writer.int(parent)
            }
            writer.raw("}}")
        }

        // Everything else as instant ("i") events on their track.
        for (sequence, event) in events.enumerated() {
            let process: Int, track: Int, category: StaticString
            var name: String
            var value: String?
            var replayed: Bool?
            switch event.kind {
            case .subscribe, .dispose: continue
            case .signal(let id):
                (process, track, category, name) = (signalsProcess, id + 1, "signal", "created")
            case .didSubscribe(let id):
                (process, track, category, name) = (subscriptionsProcess, id + 1, "sideEffect", "didSubscribe")
            case .next(let id, let label, let isReplayed):
                (process, track, category, name) = (subscriptionsProcess, id + 1, "next", "next " + label)
                (value, replayed) = (label, isReplayed)
            case .error(let id, let message, let isReplayed):
                (process, track, category, name) = (subscriptionsProcess, id + 1, "error", "error " + message)
                (value, replayed) = (message, isReplayed)
            case .completed(let id, let isReplayed):
                (process, track, category, name) = (subscriptionsProcess, id + 1, "completed", "completed")
                replayed = isReplayed
            case .send(let id, let label):
                (process, track, category, name) = (signalsProcess, id + 1, "send", "send " + label)
                value = label
            case .sendError(let id, let message):
                (process, track, category, name) = (signalsProcess, id + 1, "send", "sendError " + message)
                value = message
            case .sendCompleted(let id):
                (process, track, category, name) = (signalsProcess, id + 1, "send", "sendCompleted")
            case .connect(let id, let isFirst):
                (process, track, category, name) = (signalsProcess, id + 1, "connect", isFirst ? "connect" : "connect (no-op)")
            }
            if replayed == true { name += " (replayed)" }
            begin()
            writer.raw("{\"name\": ")
            writer.string(name)
            writer.raw(", \"cat\": \"")
            writer.raw(category)
            writer.raw("\", \"ph\": \"i\", \"s\": \"t\", \"pid\": ")
            writer.int(process)
            writer.raw(", \"tid\": ")
            writer.int(track)
            writer.raw(", \"ts\": ")
            writer.double(microseconds(event.time))
            writer.raw(", \"args\": {\"seq\": ")
            writer.int(sequence)
            if let value {
                writer.raw(", \"value\": ")
                writer.string(value)
            }
            if let replayed {
                writer.raw(", \"replayed\": ")
                writer.bool(replayed)
            }
            if let cause = event.cause {
                writer.raw(", \"cause\": ")
                writer.int(cause)
            }
            writer.raw("}}")
        }
        writer.raw("\n]}\n")
        return Data(writer.bytes)
    }
}

/// Seconds as microseconds, rounded to the nanosecond so that 1.1 s is 1100000 µs, not 1100000.0000000002.
///
/// JSON has no infinity: from about 1.8e299 s, where the nanoseconds overflow, the microseconds
/// unrounded, and from about 1.8e302 s, where they overflow too, the largest double.
private func microseconds(_ seconds: Double) -> Double {
    let nanoseconds = (seconds * 1e9).rounded()
    if nanoseconds.isFinite { return nanoseconds / 1e3 }
    return finite(seconds * 1e6)
}

/// `value`, or the largest double of its sign when it overflowed (0 for NaN, which a valid trace never has).
private func finite(_ value: Double) -> Double {
    if value.isFinite { return value }
    return value.isNaN ? 0 : (value > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude)
}
