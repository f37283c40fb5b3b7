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
        var data = Data(capacity: 160 * events.count + 256)
        writeChromeTraceJSON(chunkSize: 1 << 20) { data.append($0) }
        return data
    }

    /// Writes the trace in the Chrome trace event format, the bytes of ``chromeTraceJSON()``, to
    /// `sink` in chunks as it goes, as ``writeJSON(chunkSize:to:)`` writes the sigviz format: each
    /// chunk at least `chunkSize` bytes (the last may be shorter) and valid only during the call.
    /// A sink that throws stops the writing.
    public func writeChromeTraceJSON<E: Error>(
        chunkSize: Int = 1 << 16, to sink: (UnsafeBufferPointer<UInt8>) throws(E) -> Void
    ) throws(E) {
        var writer = JSONWriter(capacity: min(max(chunkSize, 0), 1 << 20) + 4096)
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
            try writer.flush(over: chunkSize, to: sink)
        }
        for signal in signals {
            metadata("thread_name", pid: signalsProcess, tid: signal.id + 1, "name") { $0.string(signal.name) }
            metadata("thread_sort_index", pid: signalsProcess, tid: signal.id + 1, "sort_index") { $0.int(signal.id) }
            try writer.flush(over: chunkSize, to: sink)
        }

        // Subscription lifetimes as complete ("X") events.
        var starts = [Double?](repeating: nil, count: subscriptions.count)
        var ends = [Double?](repeating: nil, count: subscriptions.count)
        let roles = TraceEvent.Tag.roles
        for event in events {
            let (tag, payload) = event.kind.parts
            let id = payload.id
            switch roles[Int(tag.rawValue)] {
            case .subscribes where starts.indices.contains(id): starts[id] = event.time
            case .disposes where ends.indices.contains(id): ends[id] = event.time
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
            try writer.flush(over: chunkSize, to: sink)
        }

        // Everything else as instant ("i") events on their track.
        let formats = ChromeFormat.byTag
        for (sequence, event) in events.enumerated() {
            let (tag, payload) = event.kind.parts
            let format = formats[Int(tag.rawValue)]
            guard let category = format.category else { continue }
            var name = format.word
            if format.hasText { name += " " + payload.text }
            if let note = format.note(payload.flag) { name += " (" + note + ")" }
            begin()
            writer.raw("{\"name\": ")
            writer.string(name)
            writer.raw(", \"cat\": \"")
            writer.raw(category)
            writer.raw("\", \"ph\": \"i\", \"s\": \"t\", \"pid\": ")
            writer.int(format.about == .subscription ? subscriptionsProcess : signalsProcess)
            writer.raw(", \"tid\": ")
            writer.int(payload.id + 1)
            writer.raw(", \"ts\": ")
            writer.double(microseconds(event.time))
            writer.raw(", \"args\": {\"seq\": ")
            writer.int(sequence)
            if format.hasText {
                writer.raw(", \"value\": ")
                writer.string(payload.text)
            }
            if format.isReplayable {
                writer.raw(", \"replayed\": ")
                writer.bool(payload.flag)
            }
            if let cause = event.cause {
                writer.raw(", \"cause\": ")
                writer.int(cause)
            }
            writer.raw("}}")
            try writer.flush(over: chunkSize, to: sink)
        }
        writer.raw("\n]}\n")
        try writer.flush(over: 1, to: sink)
    }
}

/// How the Chrome trace shows a kind of event, made once from ``TraceEvent/vocabulary``.
///
/// A kind that makes a subscription or disposes of one is an end of the subscription's span;
/// every other kind is an instant event, named by the kind's ``TraceEvent/Definition/word`` and
/// its text, on the track of the subscription or signal it is about. Its text is the `value`
/// argument; a delivery's `replayed` flag is an argument and, when set, a note after the name; a
/// connect that did nothing is noted as a no-op.
private struct ChromeFormat {
    /// The instant event's category, or `nil` for the ends of a span.
    let category: String?
    let word: String
    let about: TraceEvent.Field
    let hasText: Bool
    let isReplayable: Bool
    /// What the name notes when the flag is set, and when it is not.
    let notes: (set: String?, clear: String?)

    init(_ definition: TraceEvent.Definition) {
        switch definition.role {
        case .subscribes, .disposes: category = nil
        case .createsSignal: category = "signal"
        case .runsDidSubscribe: category = "sideEffect"
        case .delivers(.next): category = "next"
        case .delivers(.error): category = "error"
        case .delivers(.completed): category = "completed"
        case .sendsToSubject: category = "send"
        case .connects: category = "connect"
        case .disconnects: category = "disconnect"
        case .drops: category = "drop"
        case .hops: category = "hop"
        }
        word = definition.word
        about = definition.about
        hasText = definition.has(.text)
        isReplayable = definition.fields.contains(.replayed)
        if isReplayable {
            notes = ("replayed", nil)
        } else if definition.fields.contains(.first) {
            notes = (nil, "no-op")
        } else {
            notes = (nil, nil)
        }
    }

    /// What the name notes for `flag`, if anything.
    func note(_ flag: Bool) -> String? { flag ? notes.set : notes.clear }

    static let byTag = TraceEvent.vocabulary.map(ChromeFormat.init)
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
