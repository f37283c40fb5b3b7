import Reactive

/// A report as a recorder keeps it: plain data, 32 bytes, with its label
/// (if it has one) inline or in the store's text.
///
/// Every delivery becomes one of these, so they are kept small and free of
/// references: appending one copies bytes, and growing the store never
/// retains or releases anything. The rare reports that carry more (a signal's
/// name and kind, a subscriber's identity) keep it in a ``RecordDetail``.
/// Fresh memory is most of what a record costs to keep (the pages it lands on), so
/// numbers are kept in 32 bits: 2³² reports would take 128 GB.
struct Record {
    let time: Double
    /// The label's UTF-8 bytes when `textCount` ≤ 8 (the first byte lowest),
    /// otherwise the offset in the store's text of the label's length (4 bytes) and bytes.
    var text: UInt64
    /// ``sequence``, or `UInt32.max` for one past ``maximumSequence``.
    private let sequenceBits: UInt32
    /// ``cause``, or `UInt32.max` for none.
    private let causeBits: UInt32
    /// ``subject``.
    private var subjectBits: UInt32
    /// The label's length in bytes when it is inline (0 to ``inlineLimit``), or ``longLabel``.
    var textCount: UInt8
    /// The kind of event the report becomes; `nil` for a report with a detail, which says.
    let event: TraceEvent.Tag?
    /// Which of the runtime's numberings `subject` is in.
    let space: IDSpace
    /// The event's flag: whether a delivery was replayed history; for `connect`, whether it was the first.
    let flag: Bool

    /// The most bytes of a label kept inside the record.
    static let inlineLimit = 8
    /// The ``textCount`` of a label kept in the store's text.
    static let longLabel: UInt8 = .max
    /// The largest sequence number a record keeps: a report numbered past it is not kept
    /// (``isPastNumbering``), as one past a recorder's limit is not.
    static let maximumSequence = Int(UInt32.max) - 1

    init(
        sequence: Int, time: Double, cause: Int, subject: Int, text: UInt64, textCount: UInt8, event: TraceEvent.Tag?,
        space: IDSpace, flag: Bool
    ) {
        self.time = time
        self.text = text
        sequenceBits = (0...Self.maximumSequence).contains(sequence) ? UInt32(sequence) : .max
        causeBits = (0...Self.maximumSequence).contains(cause) ? UInt32(cause) : .max
        subjectBits = UInt32(subject)
        self.textCount = textCount
        self.event = event
        self.space = space
        self.flag = flag
    }

    /// The report's sequence number.
    var sequence: Int { Int(sequenceBits) }

    /// Whether the report was numbered past ``maximumSequence``, too late to keep.
    var isPastNumbering: Bool { sequenceBits == .max }

    /// The sequence number of the report that caused this one, or -1.
    var cause: Int { causeBits == .max ? -1 : Int(causeBits) }

    /// The subscription, signal or connection the report is about; for a
    /// report with a detail, the detail's index.
    var subject: Int {
        get { Int(subjectBits) }
        set { subjectBits = UInt32(newValue) }
    }
}

/// The runtime's numberings: it numbers signals, subscriptions and connections each from 0.
enum IDSpace: UInt8 {
    case signal, subscription, connection
}

/// What a rare report carries beyond a ``Record``.
enum RecordDetail {
    case signal(Int, SignalKind, String, SignalOperation?, receiver: Int?)
    case named(Int, String)
    case described(Int, String)
    case operation(Int, SignalOperation, receiver: Int?)
    case plumbing(Int)
    case connection(Int, source: Int?, subject: Int)
    case subscribed(Int, signal: Int, SubscriberIdentity, parent: Int?)
    case owned(Int, owner: Int)
    /// A call site, kept as the runtime gave it (a literal file name and a line: no text made while
    /// recording) and written as "Module/File.swift:12" when the trace is assembled.
    case called(Int, fileID: String, line: Int)
    case namedAt(Int, fileID: String, line: Int)
}

/// A report turned into what the store keeps, before it is stored: made on
/// the reporting thread, outside the recorder's lock.
struct PendingRecord {
    var record: Record
    /// A label longer than ``Record/inlineLimit`` bytes, to copy into the store's text.
    var longLabel: String?
    var detail: RecordDetail?

    /// The record of a report: the one place that says which event each of the runtime's reports becomes.
    init(_ event: InstrumentationEvent) {
        var detail: RecordDetail?
        var tag: TraceEvent.Tag?
        var space = IDSpace.subscription
        var subject = 0
        var label: Label?
        var flag = false
        switch event.kind {
        case .signalCreated(let id, let signalKind, let name, let operation, let receiver):
            detail = .signal(id, signalKind, name, operation, receiver: receiver)
        case .signalNamed(let id, let name): detail = .named(id, name)
        case .signalNamedAt(let id, let fileID, let line): detail = .namedAt(id, fileID: fileID, line: line)
        case .signalDescribed(let id, let description): detail = .described(id, description)
        case .signalOperation(let id, let operation, let receiver): detail = .operation(id, operation, receiver: receiver)
        case .signalIsPlumbing(let id): detail = .plumbing(id)
        case .connectionCreated(let id, let source, let subjectID): detail = .connection(id, source: source, subject: subjectID)
        case .subscribed(let id, let signal, let subscriber, let parent):
            detail = .subscribed(id, signal: signal, subscriber, parent: parent)
        case .owned(let id, let owner): detail = .owned(id, owner: owner)
        case .called(let id, let fileID, let line): detail = .called(id, fileID: fileID, line: line)
        case .didSubscribe(let id): (tag, subject) = (.didSubscribe, id)
        case .next(let id, let value, let replayed): (tag, subject, label, flag) = (.next, id, Label(of: value), replayed)
        case .error(let id, let error, let replayed): (tag, subject, label, flag) = (.error, id, Label(of: error), replayed)
        case .completed(let id, let replayed): (tag, subject, flag) = (.completed, id, replayed)
        case .disposed(let id): (tag, subject) = (.dispose, id)
        case .sentNext(let id, let value): (tag, space, subject, label) = (.send, .signal, id, Label(of: value))
        case .sentError(let id, let error): (tag, space, subject, label) = (.sendError, .signal, id, Label(of: error))
        case .sentCompleted(let id): (tag, space, subject) = (.sendCompleted, .signal, id)
        case .connected(let id, let first): (tag, space, subject, flag) = (.connect, .connection, id, first)
        case .connectionDisposed(let id): (tag, space, subject) = (.disconnect, .connection, id)
        case .dropped(let id, let value): (tag, subject, label) = (.drop, id, Label(of: value))
        case .hopped(let id, let scheduler): (tag, subject, label) = (.hop, id, Label(shortened(scheduler)))
        }
        self.init(
            tag, space, subject: subject, label: label, flag: flag, sequence: event.sequence, time: event.time, cause: event.cause)
        self.detail = detail
    }

    init(
        _ event: TraceEvent.Tag?, _ space: IDSpace, subject: Int, label: Label?, flag: Bool,
        sequence: Int, time: Double, cause: Int?
    ) {
        var text: UInt64 = 0
        var textCount: UInt8 = 0
        switch label {
        case .inline(let bytes, let count)?: (text, textCount) = (bytes, UInt8(count))
        case .long(let string)?: (longLabel, textCount) = (string, Record.longLabel)
        case nil: break
        }
        record = Record(sequence: sequence, time: time, cause: cause ?? -1, subject: subject,
                        text: text, textCount: textCount, event: event, space: space, flag: flag)
    }
}

/// A value's label, short ones packed into a word.
enum Label {
    case inline(UInt64, count: Int)
    case long(String)

    /// The label of `value`; an `Int`'s digits are packed without making a string.
    init<Value>(of value: Value) {
        // Comparing types is a pointer comparison; a cast from `Any` is a call into the runtime.
        if Value.self == Int.self, CommonTypes.intIsPlain, let packed = Label.digits(of: unsafeBitCast(value, to: Int.self)) {
            self = packed
        } else {
            self.init(traceLabel(of: value))
        }
    }

    init(_ text: String) {
        var text = text
        let count = text.utf8.count
        guard count <= Record.inlineLimit else {
            self = .long(text)
            return
        }
        self = text.withUTF8 { bytes in
            var packed: UInt64 = 0
            for (index, byte) in bytes.enumerated() { packed |= UInt64(byte) << (8 * index) }
            return .inline(packed, count: count)
        }
    }

    /// The decimal digits of `value` packed, without making a string; `nil` if they take more than 8 bytes.
    static func digits(of value: Int) -> Label? {
        guard value > -10_000_000, value < 100_000_000 else { return nil }
        var magnitude = value.magnitude
        var packed: UInt64 = 0
        var count = 0
        // Each more significant digit goes first: shift what is there up a byte.
        repeat {
            packed = packed << 8 | UInt64(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
            count += 1
        } while magnitude > 0
        if value < 0 {
            packed = packed << 8 | UInt64(UInt8(ascii: "-"))
            count += 1
        }
        return .inline(packed, count: count)
    }
}

/// The records of a recorder, in the order they arrived. Not thread-safe: the recorder locks it.
struct RecordStore {
    /// Full chunks, then the chunk being filled: growing never copies what is stored.
    private var chunks: [[Record]] = []
    private var current: [Record] = []
    /// The labels longer than ``Record/inlineLimit``, one after the other.
    private var text: [UInt8] = []
    private var details: [RecordDetail] = []
    private(set) var count = 0

    private static let chunkSize = 4_096

    mutating func append(_ record: Record, longLabel: String?, detail: RecordDetail?) {
        var record = record
        if var label = longLabel {
            record.text = UInt64(text.count)
            withUnsafeBytes(of: UInt32(label.utf8.count).littleEndian) { text.append(contentsOf: $0) }
            label.withUTF8 { text.append(contentsOf: $0) }
        }
        if let detail {
            record.subject = details.count
            details.append(detail)
        }
        if current.count == Self.chunkSize {
            chunks.append(current)
            current = []
        }
        if current.isEmpty { current.reserveCapacity(Self.chunkSize) }
        current.append(record)
        count += 1
    }

    /// Every record, by sequence number.
    func sorted() -> [Record] {
        var all: [Record] = []
        all.reserveCapacity(count)
        for chunk in chunks { all.append(contentsOf: chunk) }
        all.append(contentsOf: current)
        // Reports mostly arrive in order: concurrent ones, and a delivery whose value's
        // description caused other reports, can come after later ones.
        if !all.isSorted(by: { $0.sequence < $1.sequence }) { all.sort { $0.sequence < $1.sequence } }
        return all
    }

    func label(of record: Record) -> String {
        if record.textCount != Record.longLabel {
            let count = Int(record.textCount)
            return withUnsafeBytes(of: record.text.littleEndian) { String(decoding: $0.prefix(count), as: UTF8.self) }
        }
        let offset = Int(record.text)
        var length: UInt32 = 0
        withUnsafeMutableBytes(of: &length) { $0.copyBytes(from: text[offset..<offset + 4]) }
        let start = offset + 4
        return String(decoding: text[start..<start + Int(UInt32(littleEndian: length))], as: UTF8.self)
    }

    func detail(of record: Record) -> RecordDetail { details[record.subject] }
}

extension Array {
    fileprivate func isSorted(by areInIncreasingOrder: (Element, Element) -> Bool) -> Bool {
        var index = 1
        while index < count {
            if areInIncreasingOrder(self[index], self[index - 1]) { return false }
            index += 1
        }
        return true
    }
}
