import Reactive

// Codable conformances that read and write the same format as
// `Trace.json()` / `Trace(json:)`, for use with any encoder or decoder.
// Decoding validates the trace, as `Trace(json:)` does.

extension Trace: Codable {
    private enum CodingKeys: String, CodingKey {
        case format, version, title, signals, subscriptions, events
    }

    /// Encodes the trace with the fields of the trace JSON format.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("sigviz-trace", forKey: .format)
        try container.encode(Trace.formatVersion, forKey: .version)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encode(signals, forKey: .signals)
        try container.encode(subscriptions, forKey: .subscriptions)
        var events = container.nestedUnkeyedContainer(forKey: .events)
        for (index, event) in self.events.enumerated() {
            try events.encode(SequencedEvent(sequence: index, event: event))
        }
    }

    /// Decodes a trace and checks it with ``validate()``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let format = try container.decodeIfPresent(String.self, forKey: .format), format != "sigviz-trace" {
            throw DecodingError.dataCorruptedError(
                forKey: .format, in: container, debugDescription: "this is not a sigviz trace: format is '\(format)'")
        }
        let version = try container.decode(Int.self, forKey: .version)
        guard Trace.readableVersions.contains(version) else {
            throw DecodingError.dataCorruptedError(
                forKey: .version, in: container,
                debugDescription: "unknown trace version \(version); this sigviz reads versions 1 to \(Trace.formatVersion)")
        }
        title = try container.decodeIfPresent(String.self, forKey: .title)
        signals = try container.decode([TraceSignal].self, forKey: .signals)
        // Version 1 wrote an operation as text (passed over), version 2 as an object: as Trace(json:),
        // the form of the other version is refused.
        let texts = try container.decode([OperationForm].self, forKey: .signals)
        if let index = texts.indices.first(where: { texts[$0].isText == (version != 1) && texts[$0].isPresent }) {
            throw DecodingError.dataCorruptedError(
                forKey: .signals, in: container,
                debugDescription: version == 1
                    ? "signals[\(index)]: a trace of version 1 gives an operation as text, not an object"
                    : "signals[\(index)]: an operation is an object with a 'name' since version 2, not text")
        }
        subscriptions = try container.decode([TraceSubscription].self, forKey: .subscriptions)
        let sequenced = try container.decode([SequencedEvent].self, forKey: .events)
        events = sequenced.map(\.event)
        if let misplaced = sequenced.indices.first(where: { sequenced[$0].sequence != $0 }) {
            throw DecodingError.dataCorruptedError(
                forKey: .events, in: container, debugDescription: "events[\(misplaced)].seq should be \(misplaced)")
        }
        do {
            try validate()
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }
}

extension TraceSignal: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, kind, capacity, name, description, source, subject, plumbing, operation, receiver, site
    }

    /// Encodes the entry with the fields of the trace JSON format.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(kind.name, forKey: .kind)
        if case .replaySubject(let capacity) = kind {
            try container.encodeIfPresent(capacity, forKey: .capacity)
        }
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(description, forKey: .description)
        try container.encodeIfPresent(source, forKey: .source)
        try container.encodeIfPresent(subject, forKey: .subject)
        if isPlumbing { try container.encode(true, forKey: .plumbing) }
        try container.encodeIfPresent(operation.map(CodableOperation.init), forKey: .operation)
        try container.encodeIfPresent(receiver, forKey: .receiver)
        try container.encodeIfPresent(site, forKey: .site)
    }

    /// Decodes an entry.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        let kindName = try container.decode(String.self, forKey: .kind)
        guard var kind = Kind.byName[kindName] else {
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "unknown signal kind '\(kindName)'")
        }
        if let capacity = try container.decodeIfPresent(Int.self, forKey: .capacity) {
            guard kind == .replaySubject(capacity: nil) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .capacity, in: container, debugDescription: "only a replaySubject has a capacity")
            }
            kind = .replaySubject(capacity: capacity)
        }
        self.kind = kind
        name = try container.decode(String.self, forKey: .name)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        source = try container.decodeIfPresent(Int.self, forKey: .source)
        subject = try container.decodeIfPresent(Int.self, forKey: .subject)
        isPlumbing = try container.decodeIfPresent(Bool.self, forKey: .plumbing) ?? false
        // Version 1's text is passed over here, and dropped by the trace's decoder.
        operation = (try? container.decodeIfPresent(String.self, forKey: .operation)) != nil
            ? nil : try container.decodeIfPresent(CodableOperation.self, forKey: .operation)?.operation
        receiver = try container.decodeIfPresent(Int.self, forKey: .receiver)
        site = try container.decodeIfPresent(String.self, forKey: .site)
    }
}

/// Which form a signal entry's `operation` has, if it has one: text (version 1) or an object.
private struct OperationForm: Decodable {
    let isPresent: Bool
    let isText: Bool

    private enum CodingKeys: String, CodingKey { case operation }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        isPresent = container.contains(.operation) && !((try? container.decodeNil(forKey: .operation)) ?? false)
        isText = (try? container.decode(String.self, forKey: .operation)) != nil
    }
}

/// A signal's ``SignalOperation`` as the trace format writes it: an object with its `name` and its
/// arguments by label.
private struct CodableOperation: Codable {
    let operation: SignalOperation

    init(_ operation: SignalOperation) { self.operation = operation }

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(operation.name.rawValue, forKey: Key("name"))
        for (label, value) in operation.arguments {
            let key = Key(label)
            switch value {
            case .count(let number), .signal(let number):
                if let number { try container.encode(number, forKey: key) } else { try container.encodeNil(forKey: key) }
            case .seconds(let seconds): try container.encode(seconds, forKey: key)
            case .text(let text): try container.encode(text, forKey: key)
            case .flag(let flag): try container.encode(flag, forKey: key)
            case .signals(let signals): try container.encode(signals, forKey: key)
            }
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let text = try container.decode(String.self, forKey: Key("name"))
        guard let name = SignalOperation.Name(rawValue: text) else {
            throw DecodingError.dataCorruptedError(
                forKey: Key("name"), in: container, debugDescription: "unknown operation '\(text)'")
        }
        var arguments: [String: SignalOperation.Value] = [:]
        for key in container.allKeys where key.stringValue != "name" {
            if try container.decodeNil(forKey: key) {
                arguments[key.stringValue] = .count(nil)
            } else if let flag = try? container.decode(Bool.self, forKey: key) {
                arguments[key.stringValue] = .flag(flag)
            } else if let count = try? container.decode(Int.self, forKey: key) {
                arguments[key.stringValue] = .count(count)
            } else if let seconds = try? container.decode(Double.self, forKey: key) {
                arguments[key.stringValue] = .seconds(seconds)
            } else if let text = try? container.decode(String.self, forKey: key) {
                arguments[key.stringValue] = .text(text)
            } else {
                arguments[key.stringValue] = .signals(try container.decode([Int?].self, forKey: key))
            }
        }
        guard let operation = SignalOperation(name: name, arguments: arguments) else {
            throw DecodingError.dataCorruptedError(
                forKey: Key("name"), in: container,
                debugDescription: "the operation '\(text)' is missing an argument, or has one of the wrong type")
        }
        let labels = operation.arguments.map(\.label)
        if let unknown = container.allKeys.first(where: { $0.stringValue != "name" && !labels.contains($0.stringValue) }) {
            throw DecodingError.dataCorruptedError(
                forKey: unknown, in: container, debugDescription: "unknown field '\(unknown.stringValue)' in the operation '\(text)'")
        }
        self.operation = operation
    }
}

extension TraceSubscription: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, signal, subscriber, parent, owner, site
    }

    private enum SubscriberKeys: String, CodingKey {
        case label, signal, subscription
    }

    /// Encodes the entry with the fields of the trace JSON format.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(signal, forKey: .signal)
        var who = container.nestedContainer(keyedBy: SubscriberKeys.self, forKey: .subscriber)
        switch subscriber {
        case .label(let label): try who.encode(label, forKey: .label)
        case .signal(let signal): try who.encode(signal, forKey: .signal)
        case .subscription(let subscription): try who.encode(subscription, forKey: .subscription)
        case .anonymous: break
        }
        try container.encodeIfPresent(parent, forKey: .parent)
        try container.encodeIfPresent(owner, forKey: .owner)
        try container.encodeIfPresent(site, forKey: .site)
    }

    /// Decodes an entry.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        signal = try container.decode(Int.self, forKey: .signal)
        let who = try container.nestedContainer(keyedBy: SubscriberKeys.self, forKey: .subscriber)
        guard who.allKeys.count <= 1 else {
            throw DecodingError.dataCorruptedError(
                forKey: .subscriber, in: container, debugDescription: "a subscriber has one of label, signal and subscription")
        }
        if let label = try who.decodeIfPresent(String.self, forKey: .label) {
            subscriber = .label(label)
        } else if let signal = try who.decodeIfPresent(Int.self, forKey: .signal) {
            subscriber = .signal(signal)
        } else if let subscription = try who.decodeIfPresent(Int.self, forKey: .subscription) {
            subscriber = .subscription(subscription)
        } else {
            subscriber = .anonymous
        }
        parent = try container.decodeIfPresent(Int.self, forKey: .parent)
        owner = try container.decodeIfPresent(Int.self, forKey: .owner)
        site = try container.decodeIfPresent(String.self, forKey: .site)
    }
}

/// An event with its sequence number, as the format writes it: its fields are those of its
/// kind's row of ``TraceEvent/vocabulary``, as for ``Trace/json()``.
private struct SequencedEvent: Codable {
    let sequence: Int
    let event: TraceEvent

    init(sequence: Int, event: TraceEvent) {
        self.sequence = sequence
        self.event = event
    }

    /// A field's name: `seq`, `time`, `kind`, `cause` or one of ``TraceEvent/Field``.
    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }

        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.init(stringValue) }
        init?(intValue: Int) { nil }

        static let seq = Key("seq"), time = Key("time"), kind = Key("kind"), cause = Key("cause")
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(sequence, forKey: .seq)
        try container.encode(event.time, forKey: .time)
        let (tag, payload) = event.kind.parts
        let definition = tag.definition
        try container.encode(definition.name, forKey: .kind)
        for field in definition.fields {
            switch field.slot {
            case .id: try container.encode(payload.id, forKey: Key(field.name))
            case .text: try container.encode(payload.text, forKey: Key(field.name))
            case .flag: try container.encode(payload.flag, forKey: Key(field.name))
            }
        }
        try container.encodeIfPresent(event.cause, forKey: .cause)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        sequence = try container.decode(Int.self, forKey: .seq)
        let time = try container.decode(Double.self, forKey: .time)
        let name = try container.decode(String.self, forKey: .kind)
        guard let tag = TraceEvent.Tag(name: name) else {
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "unknown event kind '\(name)'")
        }
        var payload = TraceEvent.Payload(id: 0)
        for field in tag.definition.fields {
            switch field.slot {
            case .id: payload.id = try container.decode(Int.self, forKey: Key(field.name))
            case .text: payload.text = try container.decode(String.self, forKey: Key(field.name))
            case .flag: payload.flag = try container.decode(Bool.self, forKey: Key(field.name))
            }
        }
        let cause = try container.decodeIfPresent(Int.self, forKey: .cause)
        event = TraceEvent(time: time, kind: TraceEvent.Kind(tag, payload), cause: cause)
    }
}
