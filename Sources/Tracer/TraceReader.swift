/// Reads the trace JSON format into a ``Trace``, remembering where each
/// table entry and event starts so that later problems can be located.
struct TraceReader: ~Copyable {
    var scanner: JSONScanner
    private var signalOffsets: [Int] = []
    private var subscriptionOffsets: [Int] = []
    private var eventOffsets: [Int] = []
    /// The most events to read; the next one is refused.
    private let maximumEvents: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, maximumEvents: Int = Trace.defaultMaximumEvents) {
        scanner = JSONScanner(bytes)
        self.maximumEvents = maximumEvents
    }

    typealias Failure = JSONScanner.Failure

    mutating func read() throws(Failure) -> Trace {
        var trace = Trace()
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
                let version = try scanner.int()
                guard version == Trace.formatVersion else {
                    throw scanner.fail("unknown trace version \(version); this sigviz reads version \(Trace.formatVersion)", at: offset)
                }
            case "title": trace.title = scanner.null() ? nil : try scanner.string()
            case "signals":
                (trace.signals, signalOffsets) = try readArray { reader, index throws(Failure) in try reader.readSignal(index) }
            case "subscriptions":
                (trace.subscriptions, subscriptionOffsets) = try readArray { reader, index throws(Failure) in
                    try reader.readSubscription(index)
                }
            case "events":
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
    /// refuses an element past `limit` (the events' ``Trace/defaultMaximumEvents``).
    private mutating func readArray<Element>(
        limit: Int = .max, _ element: (inout TraceReader, Int) throws(Failure) -> Element
    ) throws(Failure) -> ([Element], [Int]) {
        var elements: [Element] = []
        var offsets: [Int] = []
        var first = true
        try scanner.beginArray()
        while try scanner.nextElement(first: &first) {
            guard elements.count < limit else {
                throw scanner.fail("the trace has more than \(limit) events, the limit (sigviz --max-events sets it)")
            }
            offsets.append(scanner.offset)
            elements.append(try element(&self, elements.count))
        }
        return (elements, offsets)
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
        var id: Int?, kind: TraceSignal.Kind?, name: String?, capacity: Int?, source: Int?, subject: Int?
        let what = "signals[\(index)]"
        let fields = try readFields(of: what, allowed: ["id", "kind", "name", "capacity", "source", "subject"]) {
            reader, key throws(Failure) in
            switch key {
            case "id": id = try reader.scanner.int()
            case "name": name = try reader.scanner.string()
            case "capacity": capacity = try reader.scanner.int()
            case "source": source = try reader.scanner.int()
            case "subject": subject = try reader.scanner.int()
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
        return TraceSignal(id: index, kind: signalKind, name: try required(name, "name", of: what, at: start), source: source, subject: subject)
    }

    // MARK: Subscriptions

    private mutating func readSubscription(_ index: Int) throws(Failure) -> TraceSubscription {
        var id: Int?, signal: Int?, subscriber: TraceSubscription.Subscriber?, parent: Int?
        let what = "subscriptions[\(index)]"
        let fields = try readFields(of: what, allowed: ["id", "signal", "subscriber", "parent"]) { reader, key throws(Failure) in
            switch key {
            case "id": id = try reader.scanner.int()
            case "signal": signal = try reader.scanner.int()
            case "parent": parent = try reader.scanner.int()
            default: subscriber = try reader.readSubscriber(of: what)
            }
        }
        let start = fields.start
        try expectIndex(try required(id, "id", of: what, at: start), index, field: "id", of: what, at: fields.values["id"])
        return TraceSubscription(
            id: index,
            signal: try required(signal, "signal", of: what, at: start),
            subscriber: try required(subscriber, "subscriber", of: what, at: start),
            parent: parent)
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

    /// The fields an event may have.
    private enum EventField: Int, CaseIterable {
        case seq, time, kind, subscription, signal, value, message, replayed, first, cause

        var name: String { "\(self)" }
        var bit: UInt16 { 1 << UInt16(rawValue) }

        /// The field named by `bytes`, compared byte by byte: no string is made.
        static func named(_ bytes: UnsafeBufferPointer<UInt8>) -> EventField? { all[matching(bytes, utf8)] }

        static func named(_ text: String) -> EventField? { all.first { $0.name == text } }

        /// `allCases` and their names' bytes, made once (each use of `allCases` makes an array).
        static let all = allCases
        private static let utf8 = all.map { Array($0.name.utf8) }
    }

    /// The kinds of event, with the fields each has besides seq, time, kind and cause.
    private enum EventName: Int, CaseIterable {
        case signal, subscribe, didSubscribe, next, error, completed, dispose, send, sendError, sendCompleted, connect

        var name: String { "\(self)" }

        var fields: [EventField] {
            switch self {
            case .signal: [.signal]
            case .subscribe, .didSubscribe, .dispose: [.subscription]
            case .next: [.subscription, .value, .replayed]
            case .error: [.subscription, .message, .replayed]
            case .completed: [.subscription, .replayed]
            case .send: [.signal, .value]
            case .sendError: [.signal, .message]
            case .sendCompleted: [.signal]
            case .connect: [.signal, .first]
            }
        }

        /// ``fields`` and the fields every event may have, as bits.
        var allowed: UInt16 { Self.allowedBits[rawValue] }

        private static let allowedBits = all.map { name in
            name.fields.reduce(EventField.seq.bit | EventField.time.bit | EventField.kind.bit | EventField.cause.bit) { $0 | $1.bit }
        }

        static func named(_ bytes: UnsafeBufferPointer<UInt8>) -> EventName? { all[matching(bytes, utf8)] }

        static func named(_ text: String) -> EventName? { all.first { $0.name == text } }

        /// `allCases` and their names' bytes, made once.
        static let all = allCases
        private static let utf8 = all.map { Array($0.name.utf8) }
    }

    /// Reads one event. The common case, a well-formed event, makes no string
    /// but its value and no dictionary: fields and kinds are matched on their
    /// bytes, and messages (with the event's path) are made only for a problem.
    private mutating func readEvent(_ index: Int) throws(Failure) -> TraceEvent {
        var seq: Int?, time: Double?, kind: EventName?, subscription: Int?, signal: Int?
        var text: String?, replayed: Bool?, first: Bool?, cause: Int?
        var seqOffset = 0
        var seen: UInt16 = 0
        let start = scanner.offset
        var firstKey = true
        try scanner.beginObject()
        while let (field, keyOffset) = try nextEventField(first: &firstKey, index: index) {
            guard seen & field.bit == 0 else {
                throw scanner.fail("'\(field.name)' appears twice in events[\(index)]", at: keyOffset)
            }
            seen |= field.bit
            switch field {
            case .seq:
                seqOffset = scanner.offset
                seq = try scanner.int()
            case .time: time = try scanner.double()
            case .kind:
                let offset = scanner.offset
                if let raw = scanner.rawString(), let name = EventName.named(raw) {
                    kind = name
                } else {
                    scanner = JSONScanner(scanner.bytes, at: offset)
                    let name = try scanner.string()
                    guard let known = EventName.named(name) else {
                        throw scanner.fail(
                            "unknown event kind '\(name)'; expected one of \(EventName.allCases.map(\.name).sorted().joined(separator: ", "))",
                            at: offset)
                    }
                    kind = known
                }
            case .subscription: subscription = try scanner.int()
            case .signal: signal = try scanner.int()
            case .value, .message: text = try scanner.string()
            case .replayed: replayed = try scanner.bool()
            case .first: first = try scanner.bool()
            case .cause: cause = try scanner.int()
            }
        }
        guard let seq else { throw scanner.fail("events[\(index)] has no 'seq'", at: start) }
        try expectIndex(seq, index, field: "seq", of: "events[\(index)]", at: seqOffset)
        guard let kind else { throw scanner.fail("events[\(index)] has no 'kind'", at: start) }
        if seen & ~kind.allowed != 0 {
            let offending = EventField.allCases.filter { seen & ~kind.allowed & $0.bit != 0 }.map(\.name)
            var rescan = JSONScanner(scanner.bytes, at: start)
            let offset = (try? rescan.offsetOfFirstKey(in: offending, inObjectAt: start)) ?? start
            let key = offending.first { name in
                var probe = JSONScanner(scanner.bytes, at: offset)
                return (try? probe.string()) == name
            } ?? offending[0]
            throw scanner.fail("a '\(kind.name)' event has no field '\(key)'", at: offset)
        }
        func need<T>(_ value: T?, _ field: String) throws(Failure) -> T {
            guard let value else { throw scanner.fail("events[\(index)] ('\(kind.name)') has no '\(field)'", at: start) }
            return value
        }
        let eventKind: TraceEvent.Kind
        switch kind {
        case .signal: eventKind = .signal(try need(signal, "signal"))
        case .subscribe: eventKind = .subscribe(try need(subscription, "subscription"))
        case .didSubscribe: eventKind = .didSubscribe(try need(subscription, "subscription"))
        case .next:
            eventKind = .next(subscription: try need(subscription, "subscription"), value: try need(text, "value"),
                              replayed: try need(replayed, "replayed"))
        case .error:
            eventKind = .error(subscription: try need(subscription, "subscription"), message: try need(text, "message"),
                               replayed: try need(replayed, "replayed"))
        case .completed:
            eventKind = .completed(subscription: try need(subscription, "subscription"), replayed: try need(replayed, "replayed"))
        case .dispose: eventKind = .dispose(try need(subscription, "subscription"))
        case .send: eventKind = .send(signal: try need(signal, "signal"), value: try need(text, "value"))
        case .sendError: eventKind = .sendError(signal: try need(signal, "signal"), message: try need(text, "message"))
        case .sendCompleted: eventKind = .sendCompleted(signal: try need(signal, "signal"))
        case .connect: eventKind = .connect(signal: try need(signal, "signal"), first: try need(first, "first"))
        }
        guard let time else { throw scanner.fail("events[\(index)] has no 'time'", at: start) }
        return TraceEvent(time: time, kind: eventKind, cause: cause)
    }

    /// The next field of an event and the offset of its name, or `nil` at the event's end.
    private mutating func nextEventField(first: inout Bool, index: Int) throws(Failure) -> (EventField, Int)? {
        if scanner.peek() == UInt8(ascii: "}") {
            return try scanner.nextKey(first: &first).map { _ in (EventField.seq, 0) }  // consumes the brace
        }
        if !first { try scanner.expect(UInt8(ascii: ","), "',' or '}'") }
        first = false
        guard scanner.peek() == UInt8(ascii: "\"") else {
            throw scanner.fail("expected a field name in quotes, found \(scanner.found())")
        }
        let keyOffset = scanner.offset
        let field: EventField
        if let raw = scanner.rawString(), let known = EventField.named(raw) {
            field = known
        } else {
            // Escapes, or an unknown name: read it as a string, with its checks and messages.
            scanner = JSONScanner(scanner.bytes, at: keyOffset)
            let key = try scanner.string()
            guard let known = EventField.named(key) else {
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
