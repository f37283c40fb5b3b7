import Reactive

/// Reads the trace JSON format into a ``Trace``, remembering where each
/// table entry and event starts so that later problems can be located.
struct TraceReader: ~Copyable {
    var scanner: JSONScanner
    private var signalOffsets: [Int] = []
    private var subscriptionOffsets: [Int] = []
    private var eventOffsets: [Int] = []
    private let tables = EventTables.shared
    /// The most events to read; the next one is refused.
    private let maximumEvents: Int
    /// Where the first `operation` of each format version was, to refuse one of the other version:
    /// version 1 wrote RAC's description text there, version 2 writes an object.
    private var textOperation: Int?, typedOperation: Int?
    /// Told now and then, between entries, how many leading bytes have been read (``Trace/init(json:maximumEvents:read:)``).
    var progress: ((Int) -> Void)?

    init(_ bytes: UnsafeBufferPointer<UInt8>, maximumEvents: Int = Trace.defaultMaximumEvents) {
        scanner = JSONScanner(bytes)
        self.maximumEvents = maximumEvents
    }

    typealias Failure = JSONScanner.Failure

    mutating func read() throws(Failure) -> Trace {
        var trace = Trace()
        var version = Trace.formatVersion
        var seen: Set<String> = []
        var first = true
        let start = skipByteOrderMark()
        try scanner.beginObject()
        while let (key, keyOffset, offset) = try scanner.nextKey(first: &first) {
            guard seen.insert(key).inserted else { throw scanner.fail("'\(key)' appears twice", at: keyOffset) }
            switch key {
            case "format":
                let format = try scanner.string()
                guard format == "sigviz-trace" else {
                    throw scanner.fail("this is not a sigviz trace: format is '\(format)', expected 'sigviz-trace'", at: offset)
                }
            case "version":
                version = try scanner.int()
                guard Trace.readableVersions.contains(version) else {
                    throw scanner.fail(
                        "unknown trace version \(version); this sigviz reads versions 1 to \(Trace.formatVersion)", at: offset)
                }
            case "title": trace.title = scanner.null() ? nil : try scanner.string()
            case "signals":
                (trace.signals, signalOffsets) = try readArray { reader, index throws(Failure) in try reader.readSignal(index) }
            case "subscriptions":
                (trace.subscriptions, subscriptionOffsets) = try readArray { reader, index throws(Failure) in
                    try reader.readSubscription(index)
                }
            case "events":
                if let extra = scanner.startOfElement(maximumEvents) { throw tooManyEvents(at: extra) }
                (trace.events, eventOffsets) = try readArray(limit: maximumEvents) { reader, index throws(Failure) in
                    try reader.readEvent(index)
                }
            default: throw scanner.fail("unknown field '\(key)' in the trace", at: keyOffset)
            }
        }
        try scanner.expectEnd()
        for required in ["version", "signals", "subscriptions", "events"] where !seen.contains(required) {
            throw scanner.fail("the trace has no '\(required)'", at: start)
        }
        if version == 1, let typedOperation {
            throw scanner.fail("a trace of version 1 gives an operation as text, not an object", at: typedOperation)
        }
        if version != 1, let textOperation {
            throw scanner.fail("an operation is an object with a 'name' since version 2, not text", at: textOperation)
        }
        return trace
    }

    private mutating func skipByteOrderMark() -> Int {
        let bytes = scanner.bytes
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            scanner = JSONScanner(bytes, at: 3)
        }
        return scanner.offset
    }

    /// Reads an array, returning its elements and the offset where each starts;
    /// refuses an element past `limit` (the events' ``Trace/defaultMaximumEvents``; the events
    /// are counted before any is read, by ``JSONScanner/startOfElement(_:)``, so this is a second guard).
    private mutating func readArray<Element>(
        limit: Int = .max, _ element: (inout TraceReader, Int) throws(Failure) -> Element
    ) throws(Failure) -> ([Element], [Int]) {
        var elements: [Element] = []
        var offsets: [Int] = []
        if limit < .max {
            // Room for as many events as the rest could hold (none is shorter than 32 bytes), up to
            // the limit: memory not yet written to is not resident, and an array that grows by
            // doubling would hold its old and new storage at once, twice the events, at its last growth.
            let room = min(limit, (scanner.bytes.count - scanner.offset) / 32)
            elements.reserveCapacity(room)
            offsets.reserveCapacity(room)
        }
        var first = true
        try scanner.beginArray()
        while try scanner.nextElement(first: &first) {
            guard elements.count < limit else { throw tooManyEvents(at: scanner.offset) }
            offsets.append(scanner.offset)
            if let progress, elements.count & 0xFFFF == 0xFFFF { progress(scanner.offset) }
            elements.append(try element(&self, elements.count))
        }
        return (elements, offsets)
    }

    /// The refusal of the event past ``maximumEvents``, at its offset.
    private func tooManyEvents(at offset: Int) -> Failure {
        scanner.fail("the trace has more than \(maximumEvents) events, the limit (sigviz --max-events sets it)", at: offset)
    }

    /// Where an object's fields are: the offsets of their names and of their values.
    struct Fields {
        let start: Int
        /// The fields in the order they appear, with the offsets of their names.
        var names: [(key: String, offset: Int)] = []
        var values: [String: Int] = [:]

        /// The offset of a field's name.
        subscript(name key: String) -> Int? { names.first { $0.key == key }?.offset }
    }

    /// Reads an object's fields with `read`, rejecting unknown and repeated ones.
    private mutating func readFields(
        of what: String, allowed: [String], _ read: (inout TraceReader, String) throws(Failure) -> Void
    ) throws(Failure) -> Fields {
        var fields = Fields(start: scanner.offset)
        var first = true
        try scanner.beginObject()
        while let (key, keyOffset, offset) = try scanner.nextKey(first: &first) {
            guard allowed.contains(key) else { throw scanner.fail("unknown field '\(key)' in \(what)", at: keyOffset) }
            guard fields.values.updateValue(offset, forKey: key) == nil else {
                throw scanner.fail("'\(key)' appears twice in \(what)", at: keyOffset)
            }
            fields.names.append((key, keyOffset))
            try read(&self, key)
        }
        return fields
    }

    private func required<T>(_ value: T?, _ field: String, of what: String, at start: Int) throws(Failure) -> T {
        guard let value else { throw scanner.fail("\(what) has no '\(field)'", at: start) }
        return value
    }

    private func expectIndex(_ id: Int, _ index: Int, field: String, of what: String, at offset: Int?) throws(Failure) {
        guard id == index else {
            throw scanner.fail("\(what) has \(field) \(id); entries must be numbered in order, so it should be \(index)", at: offset)
        }
    }

    // MARK: Signals

    private mutating func readSignal(_ index: Int) throws(Failure) -> TraceSignal {
        var id: Int?, kind: TraceSignal.Kind?, name: String?, description: String?, capacity: Int?, source: Int?, subject: Int?
        var plumbing = false
        var operation: SignalOperation?, receiver: Int?, site: String?
        let what = "signals[\(index)]"
        let allowed = ["id", "kind", "name", "description", "capacity", "source", "subject", "plumbing", "operation", "receiver", "site"]
        let fields = try readFields(of: what, allowed: allowed) {
            reader, key throws(Failure) in
            switch key {
            case "id": id = try reader.scanner.int()
            case "name": name = try reader.scanner.string()
            case "description": description = try reader.scanner.string()
            case "capacity": capacity = try reader.scanner.int()
            case "source": source = try reader.scanner.int()
            case "subject": subject = try reader.scanner.int()
            case "plumbing": plumbing = try reader.scanner.bool()
            case "operation":
                if reader.scanner.peek() == UInt8(ascii: "\"") {
                    // Version 1's RAC description of an operator: read and left, as it says nothing typed.
                    if reader.textOperation == nil { reader.textOperation = reader.scanner.offset }
                    _ = try reader.scanner.string()
                } else {
                    if reader.typedOperation == nil { reader.typedOperation = reader.scanner.offset }
                    operation = try reader.readOperation(of: what)
                }
            case "receiver": receiver = try reader.scanner.int()
            case "site": site = try reader.scanner.string()
            default:
                let offset = reader.scanner.offset
                let text = try reader.scanner.string()
                guard let known = TraceSignal.Kind.byName[text] else {
                    throw reader.scanner.fail(
                        "unknown signal kind '\(text)'; expected one of \(TraceSignal.Kind.byName.keys.sorted().joined(separator: ", "))",
                        at: offset)
                }
                kind = known
            }
        }
        let start = fields.start
        try expectIndex(try required(id, "id", of: what, at: start), index, field: "id", of: what, at: fields.values["id"])
        var signalKind = try required(kind, "kind", of: what, at: start)
        if let capacity {
            guard case .replaySubject = signalKind else {
                throw scanner.fail("only a replaySubject has a capacity", at: fields[name: "capacity"])
            }
            guard capacity >= 0 else { throw scanner.fail("a capacity must not be negative", at: fields.values["capacity"]) }
            signalKind = .replaySubject(capacity: capacity)
        }
        if signalKind != .connection {
            if let offset = fields[name: "source"] ?? fields[name: "subject"] {
                throw scanner.fail("only a connection has a source and a subject", at: offset)
            }
        } else if subject == nil {
            throw scanner.fail("\(what) is a connection with no 'subject'", at: start)
        }
        return TraceSignal(
            id: index, kind: signalKind, name: try required(name, "name", of: what, at: start), description: description,
            source: source, subject: subject, isPlumbing: plumbing, operation: operation, receiver: receiver,
            site: site)
    }

    /// Reads a signal's `operation`: an object with its `name` and its arguments by label.
    private mutating func readOperation(of what: String) throws(Failure) -> SignalOperation {
        let start = scanner.offset
        var name: SignalOperation.Name?
        var arguments: [String: SignalOperation.Value] = [:]
        var keys: [(key: String, offset: Int)] = []
        var first = true
        try scanner.beginObject()
        while let (key, keyOffset, offset) = try scanner.nextKey(first: &first) {
            guard !keys.contains(where: { $0.key == key }) else {
                throw scanner.fail("'\(key)' appears twice in \(what)'s operation", at: keyOffset)
            }
            keys.append((key, keyOffset))
            if key == "name" {
                let text = try scanner.string()
                guard let known = SignalOperation.Name(rawValue: text) else {
                    throw scanner.fail("unknown operation '\(shortened(text, to: 64))' in \(what)", at: offset)
                }
                name = known
            } else {
                arguments[key] = try readOperationValue()
            }
        }
        guard let name else { throw scanner.fail("\(what)'s operation has no 'name'", at: start) }
        guard let operation = SignalOperation(name: name, arguments: arguments) else {
            throw scanner.fail(
                "\(what)'s operation '\(name.rawValue)' is missing an argument, or has one of the wrong type "
                    + "(docs/trace-format.md lists each operation's arguments)", at: start)
        }
        let labels = operation.arguments.map(\.label)
        if let unknown = keys.first(where: { $0.key != "name" && !labels.contains($0.key) }) {
            throw scanner.fail("unknown field '\(unknown.key)' in the operation '\(name.rawValue)' of \(what)", at: unknown.offset)
        }
        return operation
    }

    /// One argument of an operation, by its JSON type: a whole number (or `null`) for a count or a
    /// signal, another number for seconds, a string, a boolean, or an array of signals.
    private mutating func readOperationValue() throws(Failure) -> SignalOperation.Value {
        switch scanner.peek() {
        case UInt8(ascii: "\""): return .text(try scanner.string())
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .flag(try scanner.bool())
        case UInt8(ascii: "n"):
            guard scanner.null() else { throw scanner.fail("expected a value, found \(scanner.found())") }
            return .count(nil)
        case UInt8(ascii: "["):
            var signals: [Int?] = []
            var first = true
            try scanner.beginArray()
            while try scanner.nextElement(first: &first) { signals.append(scanner.null() ? nil : try scanner.int()) }
            return .signals(signals)
        default:
            let number = try scanner.number()
            return number.whole.map { .count($0) } ?? .seconds(number.fractional)
        }
    }

    // MARK: Subscriptions

    private mutating func readSubscription(_ index: Int) throws(Failure) -> TraceSubscription {
        var id: Int?, signal: Int?, subscriber: TraceSubscription.Subscriber?, parent: Int?, owner: Int?, site: String?
        let what = "subscriptions[\(index)]"
        let fields = try readFields(of: what, allowed: ["id", "signal", "subscriber", "parent", "owner", "site"]) { reader, key throws(Failure) in
            switch key {
            case "id": id = try reader.scanner.int()
            case "signal": signal = try reader.scanner.int()
            case "parent": parent = try reader.scanner.int()
            case "owner": owner = try reader.scanner.int()
            case "site": site = try reader.scanner.string()
            default: subscriber = try reader.readSubscriber(of: what)
            }
        }
        let start = fields.start
        try expectIndex(try required(id, "id", of: what, at: start), index, field: "id", of: what, at: fields.values["id"])
        return TraceSubscription(
            id: index,
            signal: try required(signal, "signal", of: what, at: start),
            subscriber: try required(subscriber, "subscriber", of: what, at: start),
            parent: parent,
            owner: owner, site: site)
    }

    private mutating func readSubscriber(of what: String) throws(Failure) -> TraceSubscription.Subscriber {
        var subscriber = TraceSubscription.Subscriber.anonymous
        let fields = try readFields(of: "the subscriber of \(what)", allowed: ["label", "signal", "subscription"]) {
            reader, key throws(Failure) in
            switch key {
            case "label": subscriber = .label(try reader.scanner.string())
            case "signal": subscriber = .signal(try reader.scanner.int())
            default: subscriber = .subscription(try reader.scanner.int())
            }
        }
        guard fields.names.count <= 1 else {
            throw scanner.fail("the subscriber of \(what) has more than one of 'label', 'signal' and 'subscription'",
                               at: fields.names[1].offset)
        }
        return subscriber
    }

    // MARK: Events

    /// A field an event may have: `seq`, `time`, `kind`, `cause` or one of the vocabulary's.
    private enum EventField: Equatable {
        case seq, time, kind, cause
        case payload(TraceEvent.Field)

        var name: String {
            switch self {
            case .seq: "seq"
            case .time: "time"
            case .kind: "kind"
            case .cause: "cause"
            case .payload(let field): field.name
            }
        }
    }

    /// What reading events needs of ``TraceEvent/vocabulary``, made once. Each reader keeps it:
    /// it is consulted for every field of every event, where a global's check that it has been
    /// made would cost more than the look-up itself.
    private struct EventTables: Sendable {
        /// Every field an event may have, in the order names are tried (the order they usually come in).
        let fields: [EventField]
        /// Their names, and the names' bytes.
        let names: [String]
        private let utf8: [[UInt8]]
        /// The names of the kinds, by tag, as bytes.
        private let kinds: [[UInt8]]
        /// By tag, the bits (see ``bit(_:)``) of the kind's fields, and of those and the fields every event has.
        let required: [UInt16]
        let allowed: [UInt16]
        /// By tag, the row's ``TraceEvent/Definition/make``.
        let makers: [@Sendable (TraceEvent.Payload) -> TraceEvent.Kind]

        static let shared = EventTables()

        private init() {
            fields = [.seq, .time, .kind] + TraceEvent.Field.allCases.map(EventField.payload) + [.cause]
            names = fields.map(\.name)
            utf8 = names.map { Array($0.utf8) }
            kinds = TraceEvent.vocabulary.map { Array($0.name.utf8) }
            let fields = fields
            func bits(_ chosen: [EventField]) -> UInt16 {
                chosen.reduce(0) { $0 | 1 << UInt16(fields.firstIndex(of: $1)!) }
            }
            required = TraceEvent.vocabulary.map { bits($0.fields.map(EventField.payload)) }
            allowed = required.map { $0 | bits([.seq, .time, .kind, .cause]) }
            makers = TraceEvent.Tag.makers
        }

        /// The bit of the field at `position` in ``fields``, in the set of fields seen.
        func bit(_ position: Int) -> UInt16 { 1 << UInt16(position) }

        /// The position in ``fields`` of the field named by `bytes`, compared byte by byte: no string is made.
        func field(named bytes: UnsafeBufferPointer<UInt8>) -> Int? { matching(bytes, utf8) }

        func field(named text: String) -> Int? { names.firstIndex(of: text) }

        /// The kind named by `bytes`.
        func kind(named bytes: UnsafeBufferPointer<UInt8>) -> TraceEvent.Tag? {
            matching(bytes, kinds).map { TraceEvent.Tag(rawValue: UInt8($0))! }
        }
    }

    /// Reads one event. The common case, a well-formed event, makes no string
    /// but its value and no dictionary: fields and kinds are matched on their
    /// bytes, and messages (with the event's path) are made only for a problem.
    private mutating func readEvent(_ index: Int) throws(Failure) -> TraceEvent {
        var seq: Int?, time: Double?, kind: TraceEvent.Tag?, cause: Int?
        // No kind has two fields in one slot, and a field the kind does not have is refused: one of each is enough.
        var id = 0, text = "", flag = false
        var seqOffset = 0
        var seen: UInt16 = 0
        let start = scanner.offset
        var firstKey = true
        try scanner.beginObject()
        while let (position, keyOffset) = try nextEventField(first: &firstKey, index: index) {
            let bit = tables.bit(position)
            guard seen & bit == 0 else {
                throw scanner.fail("'\(tables.names[position])' appears twice in events[\(index)]", at: keyOffset)
            }
            seen |= bit
            switch tables.fields[position] {
            case .seq:
                seqOffset = scanner.offset
                seq = try scanner.int()
            case .time: time = try scanner.double()
            case .kind:
                let offset = scanner.offset
                if let raw = scanner.rawString(), let name = tables.kind(named: raw) {
                    kind = name
                } else {
                    scanner = JSONScanner(scanner.bytes, at: offset)
                    let name = try scanner.string()
                    guard let known = TraceEvent.Tag(name: name) else {
                        throw scanner.fail(
                            "unknown event kind '\(name)'; expected one of \(TraceEvent.vocabulary.map(\.name).sorted().joined(separator: ", "))",
                            at: offset)
                    }
                    kind = known
                }
            case .cause: cause = try scanner.int()
            case .payload(let field):
                switch field.slot {
                case .id: id = try scanner.int()
                case .text: text = try scanner.string()
                case .flag: flag = try scanner.bool()
                }
            }
        }
        guard let seq else { throw scanner.fail("events[\(index)] has no 'seq'", at: start) }
        try expectIndex(seq, index, field: "seq", of: "events[\(index)]", at: seqOffset)
        guard let kind else { throw scanner.fail("events[\(index)] has no 'kind'", at: start) }
        let allowed = tables.allowed[Int(kind.rawValue)]
        if seen & ~allowed != 0 {
            let offending = tables.fields.indices.filter { seen & ~allowed & tables.bit($0) != 0 }.map { tables.names[$0] }
            var rescan = JSONScanner(scanner.bytes, at: start)
            let offset = (try? rescan.offsetOfFirstKey(in: offending, inObjectAt: start)) ?? start
            let key = offending.first { name in
                var probe = JSONScanner(scanner.bytes, at: offset)
                return (try? probe.string()) == name
            } ?? offending[0]
            throw scanner.fail("a '\(kind.definition.name)' event has no field '\(key)'", at: offset)
        }
        let required = tables.required[Int(kind.rawValue)]
        if seen & required != required {
            let definition = kind.definition
            let missing = definition.fields.first { seen & tables.bit(tables.fields.firstIndex(of: .payload($0))!) == 0 }!
            throw scanner.fail("events[\(index)] ('\(definition.name)') has no '\(missing.name)'", at: start)
        }
        guard let time else { throw scanner.fail("events[\(index)] has no 'time'", at: start) }
        let make = tables.makers[Int(kind.rawValue)]
        return TraceEvent(time: time, kind: make(.init(id: id, text: text, flag: flag)), cause: cause)
    }

    /// The position in `EventTables.fields` of the next field of an event and the offset of its
    /// name, or `nil` at the event's end.
    private mutating func nextEventField(first: inout Bool, index: Int) throws(Failure) -> (Int, Int)? {
        if scanner.peek() == UInt8(ascii: "}") {
            return try scanner.nextKey(first: &first).map { _ in (0, 0) }  // consumes the brace
        }
        if !first { try scanner.expect(UInt8(ascii: ","), "',' or '}'") }
        first = false
        guard scanner.peek() == UInt8(ascii: "\"") else {
            throw scanner.fail("expected a field name in quotes, found \(scanner.found())")
        }
        let keyOffset = scanner.offset
        let field: Int
        if let raw = scanner.rawString(), let known = tables.field(named: raw) {
            field = known
        } else {
            // Escapes, or an unknown name: read it as a string, with its checks and messages.
            scanner = JSONScanner(scanner.bytes, at: keyOffset)
            let key = try scanner.string()
            guard let known = tables.field(named: key) else {
                throw scanner.fail("unknown field '\(key)' in events[\(index)]", at: keyOffset)
            }
            field = known
        }
        try scanner.expect(UInt8(ascii: ":"), "':' after the field name")
        scanner.skipWhitespace()
        return (field, keyOffset)
    }

    // MARK: Locating problems

    /// Turns a validation problem into an error at the offending field.
    func locate(_ problem: TraceValidationError) -> TraceFormatError {
        var offset = 0
        let offsets: [Int]
        switch problem.table {
        case .signals: offsets = signalOffsets
        case .subscriptions: offsets = subscriptionOffsets
        case .events: offsets = eventOffsets
        }
        if offsets.indices.contains(problem.index) {
            offset = offsets[problem.index]
            if let field = problem.field {
                var scanner = JSONScanner(self.scanner.bytes)
                offset = (try? scanner.offsetOfField(field, inObjectAt: offset)) ?? offset
            }
        }
        let (line, column) = scanner.lineAndColumn(of: offset)
        return TraceFormatError(line: line, column: column, message: problem.description)
    }
}

/// The index of the names' entry equal to `bytes`, if any.
private func matching(_ bytes: UnsafeBufferPointer<UInt8>, _ names: [[UInt8]]) -> Int? {
    names.firstIndex { $0.elementsEqual(bytes) }
}

extension Array {
    fileprivate subscript(_ index: Int?) -> Element? { index.map { self[$0] } }
}

extension JSONScanner {
    /// The offset of the name of the first field named in `names`, in the object starting at `start`.
    mutating func offsetOfFirstKey(in names: [String], inObjectAt start: Int) throws(Failure) -> Int? {
        self = JSONScanner(bytes, at: start)
        var first = true
        try beginObject()
        while let (key, keyOffset, _) = try nextKey(first: &first) {
            if names.contains(key) { return keyOffset }
            try skipValue()
        }
        return nil
    }

    /// The offset of the value of `field` in the object starting at `start`, if it has one.
    mutating func offsetOfField(_ field: String, inObjectAt start: Int) throws(Failure) -> Int? {
        self = JSONScanner(bytes, at: start)
        var first = true
        try beginObject()
        while let (key, _, offset) = try nextKey(first: &first) {
            if key == field { return offset }
            try skipValue()
        }
        return nil
    }
}
