import Foundation

extension Trace {
    /// The trace in the sigviz trace JSON format (docs/trace-format.md):
    /// UTF-8, one table entry or event per line, fields in a fixed order.
    ///
    /// Decoding the result with ``init(json:)`` and encoding it again gives
    /// the same bytes.
    /// - Precondition: every time is finite.
    public func json() -> Data {
        var data = Data(capacity: 96 * events.count + 64 * (signals.count + subscriptions.count) + 128)
        writeJSON(chunkSize: 1 << 20) { data.append($0) }
        return data
    }

    /// Writes the trace in the sigviz trace JSON format, the bytes of ``json()``, to `sink` in
    /// chunks as it goes, so that the document is never held whole: each chunk is at least
    /// `chunkSize` bytes (the last may be shorter), ends after a whole table entry or event, and
    /// is valid only during the call. A sink that throws stops the writing.
    ///
    /// - Precondition: every time is finite.
    public func writeJSON<E: Error>(
        chunkSize: Int = 1 << 16, to sink: (UnsafeBufferPointer<UInt8>) throws(E) -> Void
    ) throws(E) {
        var writer = JSONWriter(capacity: min(max(chunkSize, 0), 1 << 20) + 4096)
        writer.raw("{\n  \"format\": \"sigviz-trace\",\n  \"version\": ")
        writer.int(Trace.formatVersion)
        if let title {
            writer.raw(",\n  \"title\": ")
            writer.string(title)
        }
        writer.raw(",\n  \"signals\": [")
        for (index, signal) in signals.enumerated() {
            writer.raw(index == 0 ? "\n    " : ",\n    ")
            signal.write(to: &writer)
            try writer.flush(over: chunkSize, to: sink)
        }
        writer.raw(signals.isEmpty ? "],\n  \"subscriptions\": [" : "\n  ],\n  \"subscriptions\": [")
        for (index, subscription) in subscriptions.enumerated() {
            writer.raw(index == 0 ? "\n    " : ",\n    ")
            subscription.write(to: &writer)
            try writer.flush(over: chunkSize, to: sink)
        }
        writer.raw(subscriptions.isEmpty ? "],\n  \"events\": [" : "\n  ],\n  \"events\": [")
        let format = EventFormat.shared
        for (index, event) in events.enumerated() {
            writer.raw(index == 0 ? "\n    " : ",\n    ")
            event.write(to: &writer, sequence: index, format: format)
            try writer.flush(over: chunkSize, to: sink)
        }
        writer.raw(events.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
        try writer.flush(over: 1, to: sink)
    }

    /// The most events a trace may have unless told otherwise: 1,000,000.
    ///
    /// ``init(json:maximumEvents:)`` refuses a trace with more, and sigviz uses it as the default of
    /// `--max-events`, for trace files and for the scenarios it records (``TraceRecorder/init(origin:limit:)``).
    /// Recording a million events takes about 450 MB (a debug build); sigviz reads trace files of
    /// up to 256 MB per million events of the limit, mapped, not read into memory.
    public static let defaultMaximumEvents = 1_000_000

    /// Reads a trace in the sigviz trace JSON format and checks it with ``validate()``.
    ///
    /// - Parameters:
    ///   - json: The trace's UTF-8 bytes.
    ///   - maximumEvents: The most events to read: a trace with more is refused
    ///     at the first event past the limit, without reading the rest.
    /// - Throws: ``TraceFormatError`` naming the line and column of the first
    ///   problem: bad JSON, an unknown version or kind, a missing field, a
    ///   dangling id, an event after its subscription's terminal event, more
    ///   than `maximumEvents` events.
    public init(json: Data, maximumEvents: Int = Trace.defaultMaximumEvents) throws(TraceFormatError) {
        let result = json.withUnsafeBytes { raw in
            Result { () throws(TraceFormatError) -> Trace in
                try Trace.read(raw.bindMemory(to: UInt8.self), maximumEvents: maximumEvents)
            }
        }
        self = try result.get()
    }

    /// Reads a trace in the sigviz trace JSON format from `bytes`, as ``init(json:maximumEvents:)``
    /// reads a `Data`, telling `read` now and then, between entries, how many of the leading bytes it
    /// has read: the reader goes back to those only to say where a problem is. A caller that maps a
    /// large file into memory can let those pages go as the reading goes on (sigviz does), so that
    /// the file is never resident whole beside the trace it becomes.
    public init(json bytes: UnsafeBufferPointer<UInt8>, maximumEvents: Int = Trace.defaultMaximumEvents,
                read: @escaping (Int) -> Void) throws(TraceFormatError) {
        self = try Trace.read(bytes, maximumEvents: maximumEvents, progress: read)
    }

    private static func read(_ bytes: UnsafeBufferPointer<UInt8>, maximumEvents: Int,
                             progress: ((Int) -> Void)? = nil) throws(TraceFormatError) -> Trace {
        var reader = TraceReader(bytes, maximumEvents: maximumEvents)
        reader.progress = progress
        let trace: Trace
        do throws(JSONScanner.Failure) {
            trace = try reader.read()
        } catch {
            let (line, column) = reader.scanner.lineAndColumn(of: error.offset)
            throw TraceFormatError(line: line, column: column, message: error.message)
        }
        do throws(TraceValidationError) {
            try trace.validate()
        } catch {
            throw reader.locate(error)
        }
        return trace
    }
}

/// A problem in a trace file, with where it is.
public struct TraceFormatError: Error, Hashable, CustomStringConvertible {
    /// The 1-based line of the problem.
    public let line: Int
    /// The 1-based column of the problem, in Unicode scalars.
    public let column: Int
    /// What is wrong, such as "events[12].subscription: no subscription 99".
    public let message: String

    /// Makes an error. Text quoted from the file in `message` is kept visible: control, format
    /// (bidi, zero-width, byte-order mark) and separator characters are written as escapes by
    /// ``visiblyEscaped(_:)``, so the message is one line that cannot drive a terminal.
    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = visiblyEscaped(message)
    }

    /// "line 3, column 17: message".
    public var description: String { "line \(line), column \(column): \(message)" }
}

// MARK: Writing

extension TraceSignal {
    func write(to writer: inout JSONWriter) {
        writer.raw("{\"id\": ")
        writer.int(id)
        writer.raw(", \"kind\": \"")
        writer.raw(kind.name)
        writer.byte(UInt8(ascii: "\""))
        if case .replaySubject(let capacity?) = kind {
            writer.raw(", \"capacity\": ")
            writer.int(capacity)
        }
        writer.raw(", \"name\": ")
        writer.string(name)
        if let description {
            writer.raw(", \"description\": ")
            writer.string(description)
        }
        if let source {
            writer.raw(", \"source\": ")
            writer.int(source)
        }
        if let subject {
            writer.raw(", \"subject\": ")
            writer.int(subject)
        }
        if isPlumbing { writer.raw(", \"plumbing\": true") }
        if let operation {
            writer.raw(", \"operation\": {\"name\": ")
            writer.string(operation.name.rawValue)
            for (label, value) in operation.arguments {
                writer.raw(", ")
                writer.string(label)
                writer.raw(": ")
                switch value {
                case .count(let number), .signal(let number): number.map { writer.int($0) } ?? writer.raw("null")
                case .seconds(let seconds): writer.double(seconds)
                case .text(let text): writer.string(text)
                case .flag(let flag): writer.bool(flag)
                case .signals(let signals):
                    writer.byte(UInt8(ascii: "["))
                    for (index, signal) in signals.enumerated() {
                        if index > 0 { writer.raw(", ") }
                        signal.map { writer.int($0) } ?? writer.raw("null")
                    }
                    writer.byte(UInt8(ascii: "]"))
                }
            }
            writer.byte(UInt8(ascii: "}"))
        }
        if let receiver {
            writer.raw(", \"receiver\": ")
            writer.int(receiver)
        }
        if let site {
            writer.raw(", \"site\": ")
            writer.string(site)
        }
        writer.byte(UInt8(ascii: "}"))
    }
}

extension TraceSubscription {
    func write(to writer: inout JSONWriter) {
        writer.raw("{\"id\": ")
        writer.int(id)
        writer.raw(", \"signal\": ")
        writer.int(signal)
        writer.raw(", \"subscriber\": ")
        switch subscriber {
        case .label(let label):
            writer.raw("{\"label\": ")
            writer.string(label)
            writer.byte(UInt8(ascii: "}"))
        case .signal(let signal):
            writer.raw("{\"signal\": ")
            writer.int(signal)
            writer.byte(UInt8(ascii: "}"))
        case .subscription(let subscription):
            writer.raw("{\"subscription\": ")
            writer.int(subscription)
            writer.byte(UInt8(ascii: "}"))
        case .anonymous:
            writer.raw("{}")
        }
        if let parent {
            writer.raw(", \"parent\": ")
            writer.int(parent)
        }
        if let owner {
            writer.raw(", \"owner\": ")
            writer.int(owner)
        }
        if let site {
            writer.raw(", \"site\": ")
            writer.string(site)
        }
        writer.byte(UInt8(ascii: "}"))
    }
}

extension TraceEvent {
    func write(to writer: inout JSONWriter, sequence: Int, format: EventFormat) {
        writer.raw("{\"seq\": ")
        writer.int(sequence)
        writer.raw(", \"time\": ")
        writer.double(time)
        writer.raw(", \"kind\": ")
        format.write(kind, to: &writer)
        if let cause {
            writer.raw(", \"cause\": ")
            writer.int(cause)
        }
        writer.byte(UInt8(ascii: "}"))
    }
}

/// What ``Trace/json()`` writes for each kind of event, made once from ``TraceEvent/vocabulary``:
/// the kind's name in quotes, then for each field its key (`, "subscription": `) and its value.
///
/// The bytes are kept in one array and the pieces as offsets into it, so that writing an event
/// retains nothing but its text.
struct EventFormat: Sendable {
    /// A piece of ``bytes``, and where the value written after it is, if one is.
    private struct Piece {
        let bytes: Range<Int>
        let slot: TraceEvent.Field.Slot?
    }

    private let bytes: [UInt8]
    private let pieces: [Piece]
    /// By tag, the kind's pieces: its name, then one per field.
    private let kinds: [Range<Int>]

    static let shared = EventFormat()

    private init() {
        var bytes: [UInt8] = []
        var pieces: [Piece] = []
        var kinds: [Range<Int>] = []
        func piece(_ text: String, _ slot: TraceEvent.Field.Slot?) {
            pieces.append(Piece(bytes: bytes.count..<bytes.count + text.utf8.count, slot: slot))
            bytes += text.utf8
        }
        for definition in TraceEvent.vocabulary {
            let first = pieces.count
            piece("\"\(definition.name)\"", nil)
            for field in definition.fields { piece(", \"\(field.name)\": ", field.slot) }
            kinds.append(first..<pieces.count)
        }
        (self.bytes, self.pieces, self.kinds) = (bytes, pieces, kinds)
    }

    /// Writes `"next", "subscription": 3, "value": "a", "replayed": false` for a `next` event.
    func write(_ kind: TraceEvent.Kind, to writer: inout JSONWriter) {
        let (tag, payload) = kind.parts
        bytes.withUnsafeBufferPointer { bytes in
            for index in kinds[Int(tag.rawValue)] {
                let piece = pieces[index]
                writer.raw(UnsafeBufferPointer(rebasing: bytes[piece.bytes]))
                switch piece.slot {
                case .id?: writer.int(payload.id)
                case .text?: writer.string(payload.text)
                case .flag?: writer.bool(payload.flag)
                case nil: break
                }
            }
        }
    }
}
