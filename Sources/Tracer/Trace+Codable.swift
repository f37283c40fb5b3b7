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
        guard version == Trace.formatVersion else {
            throw DecodingError.dataCorruptedError(
                forKey: .version, in: container,
                debugDescription: "unknown trace version \(version); this sigviz reads version \(Trace.formatVersion)")
        }
        title = try container.decodeIfPresent(String.self, forKey: .title)
        signals = try container.decode([TraceSignal].self, forKey: .signals)
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
        case id, kind, capacity, name, source, subject
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
        try container.encodeIfPresent(source, forKey: .source)
        try container.encodeIfPresent(subject, forKey: .subject)
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
        source = try container.decodeIfPresent(Int.self, forKey: .source)
        subject = try container.decodeIfPresent(Int.self, forKey: .subject)
    }
}

extension TraceSubscription: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, signal, subscriber, parent
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
    }
}

/// An event with its sequence number, as the format writes it.
private struct SequencedEvent: Codable {
    let sequence: Int
    let event: TraceEvent

    init(sequence: Int, event: TraceEvent) {
        self.sequence = sequence
        self.event = event
    }

    private enum CodingKeys: String, CodingKey {
        case seq, time, kind, subscription, signal, value, message, replayed, first, cause
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sequence, forKey: .seq)
        try container.encode(event.time, forKey: .time)
        try container.encode(event.kind.name, forKey: .kind)
        switch event.kind {
        case .signal(let signal):
            try container.encode(signal, forKey: .signal)
        case .subscribe(let subscription):
            try container.encode(subscription, forKey: .subscription)
        case .didSubscribe(let subscription):
            try container.encode(subscription, forKey: .subscription)
        case .next(let subscription, let value, let replayed):
            try container.encode(subscription, forKey: .subscription)
            try container.encode(value, forKey: .value)
            try container.encode(replayed, forKey: .replayed)
        case .error(let subscription, let message, let replayed):
            try container.encode(subscription, forKey: .subscription)
            try container.encode(message, forKey: .message)
            try container.encode(replayed, forKey: .replayed)
        case .completed(let subscription, let replayed):
            try container.encode(subscription, forKey: .subscription)
            try container.encode(replayed, forKey: .replayed)
        case .dispose(let subscription):
            try container.encode(subscription, forKey: .subscription)
        case .send(let signal, let value):
            try container.encode(signal, forKey: .signal)
            try container.encode(value, forKey: .value)
        case .sendError(let signal, let message):
            try container.encode(signal, forKey: .signal)
            try container.encode(message, forKey: .message)
        case .sendCompleted(let signal):
            try container.encode(signal, forKey: .signal)
        case .connect(let signal, let first):
            try container.encode(signal, forKey: .signal)
            try container.encode(first, forKey: .first)
        }
        try container.encodeIfPresent(event.cause, forKey: .cause)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sequence = try container.decode(Int.self, forKey: .seq)
        let time = try container.decode(Double.self, forKey: .time)
        let name = try container.decode(String.self, forKey: .kind)
        func int(_ key: CodingKeys) throws -> Int { try container.decode(Int.self, forKey: key) }
        func string(_ key: CodingKeys) throws -> String { try container.decode(String.self, forKey: key) }
        func bool(_ key: CodingKeys) throws -> Bool { try container.decode(Bool.self, forKey: key) }
        let kind: TraceEvent.Kind
        switch name {
        case "signal": kind = .signal(try int(.signal))
        case "subscribe": kind = .subscribe(try int(.subscription))
        case "didSubscribe": kind = .didSubscribe(try int(.subscription))
        case "next": kind = .next(subscription: try int(.subscription), value: try string(.value), replayed: try bool(.replayed))
        case "error": kind = .error(subscription: try int(.subscription), message: try string(.message), replayed: try bool(.replayed))
        case "completed": kind = .completed(subscription: try int(.subscription), replayed: try bool(.replayed))
        case "dispose": kind = .dispose(try int(.subscription))
        case "send": kind = .send(signal: try int(.signal), value: try string(.value))
        case "sendError": kind = .sendError(signal: try int(.signal), message: try string(.message))
        case "sendCompleted": kind = .sendCompleted(signal: try int(.signal))
        case "connect": kind = .connect(signal: try int(.signal), first: try bool(.first))
        default:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "unknown event kind '\(name)'")
        }
        event = TraceEvent(time: time, kind: kind, cause: try container.decodeIfPresent(Int.self, forKey: .cause))
    }
}
