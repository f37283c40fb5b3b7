/// A way in which a trace's parts do not fit together, found by ``Trace/validate()``.
public struct TraceValidationError: Error, Hashable, CustomStringConvertible {
    /// The table the problem is in.
    public enum Table: String, Sendable, Hashable {
        case signals, subscriptions, events
    }

    /// The table the problem is in.
    public let table: Table
    /// The position of the entry or event in its table.
    public let index: Int
    /// The field at fault, if one is.
    public let field: String?
    /// What is wrong.
    public let message: String

    /// Where the problem is, such as `events[12].subscription`.
    public var path: String { "\(table.rawValue)[\(index)]" + (field.map { ".\($0)" } ?? "") }

    /// "events[12].subscription: there is no subscription 99".
    public var description: String { "\(path): \(message)" }
}

extension Trace {
    /// Checks that the trace is one the runtime could have recorded.
    ///
    /// - Ids are positions: `signals[i].id == i`, `subscriptions[i].id == i`.
    /// - Every id refers to an existing entry (no dangling ids); a connection
    ///   joins a source to a subject; an event's cause is an earlier event.
    /// - Times are finite, not negative and never go backwards.
    /// - Every signal has one `signal` event and every subscription one
    ///   `subscribe` event, before anything else refers to them.
    /// - A subscription gets nothing after an `error` or `completed`, or
    ///   after its `dispose`; it is disposed and runs `didSubscribe` at most once.
    /// - `send` events go to subjects, `connect` events to connections.
    /// - A `hop` names a subscription that is made and not yet terminated or disposed, and a scheduler's name as a
    ///   label is cut: at most ``traceLabelLimit`` characters and 1,024 bytes of UTF-8.
    /// - A `drop` names a subscription after its `subscribe` event; it may follow its termination or disposal.
    ///
    /// - Throws: ``TraceValidationError`` for the first problem, in table order, then event order.
    public func validate() throws(TraceValidationError) {
        try validateSignals()
        try validateSubscriptions()
        try validateEvents()
    }

    private func validateSignals() throws(TraceValidationError) {
        func fail(_ index: Int, _ field: String?, _ message: String) -> TraceValidationError {
            TraceValidationError(table: .signals, index: index, field: field, message: message)
        }
        for (index, signal) in signals.enumerated() {
            guard signal.id == index else { throw fail(index, "id", "id \(signal.id) should be \(index), its position") }
            if case .replaySubject(let capacity?) = signal.kind, capacity < 0 {
                throw fail(index, "capacity", "a capacity must not be negative")
            }
            // What an operation names is a signal of the table, never a connection.
            for (field, id) in [("receiver", signal.receiver)] + (signal.operation?.signals ?? []).map({ ("operation", $0) }) {
                guard let id else { continue }
                guard signals.indices.contains(id) else { throw fail(index, field, "there is no signal \(id)") }
                guard signals[id].kind != .connection else {
                    throw fail(index, field, "signal \(id) is a connection, not a signal")
                }
            }
            guard signal.kind == .connection else {
                if signal.source != nil { throw fail(index, "source", "only a connection has a source") }
                if signal.subject != nil { throw fail(index, "subject", "only a connection has a subject") }
                continue
            }
            guard let subject = signal.subject else { throw fail(index, nil, "a connection needs a subject") }
            guard signals.indices.contains(subject) else { throw fail(index, "subject", "there is no signal \(subject)") }
            guard signals[subject].kind.isHot else {
                throw fail(index, "subject", "signal \(subject) is not a subject")
            }
            if let source = signal.source {
                guard signals.indices.contains(source) else { throw fail(index, "source", "there is no signal \(source)") }
                guard signals[source].kind != .connection else {
                    throw fail(index, "source", "signal \(source) is a connection, not a signal")
                }
            }
        }
    }

    private func validateSubscriptions() throws(TraceValidationError) {
        func fail(_ index: Int, _ field: String, _ message: String) -> TraceValidationError {
            TraceValidationError(table: .subscriptions, index: index, field: field, message: message)
        }
        for (index, subscription) in subscriptions.enumerated() {
            guard subscription.id == index else { throw fail(index, "id", "id \(subscription.id) should be \(index), its position") }
            guard signals.indices.contains(subscription.signal) else {
                throw fail(index, "signal", "there is no signal \(subscription.signal)")
            }
            guard signals[subscription.signal].kind != .connection else {
                throw fail(index, "signal", "signal \(subscription.signal) is a connection; subscribe to its subject")
            }
            switch subscription.subscriber {
            case .signal(let signal) where !signals.indices.contains(signal):
                throw fail(index, "subscriber", "there is no signal \(signal)")
            case .subscription(let other) where !subscriptions.indices.contains(other) || other == index:
                throw fail(index, "subscriber", other == index ? "a subscription cannot feed itself" : "there is no subscription \(other)")
            default: break
            }
            if let parent = subscription.parent {
                guard subscriptions.indices.contains(parent), parent != index else {
                    throw fail(index, "parent", parent == index ? "a subscription cannot be its own parent" : "there is no subscription \(parent)")
                }
            }
            if let owner = subscription.owner, !signals.indices.contains(owner) || signals[owner].kind == .connection {
                throw fail(index, "owner", signals.indices.contains(owner) ? "signal \(owner) is a connection, not a signal that ends" : "there is no signal \(owner)")
            }
        }
    }

    private struct Lifecycle {
        var subscribed = false
        var ranDidSubscribe = false
        var terminated = false
        var disposed = false
    }

    private func validateEvents() throws(TraceValidationError) {
        func fail(_ index: Int, _ field: String?, _ message: String) -> TraceValidationError {
            TraceValidationError(table: .events, index: index, field: field, message: message)
        }
        var created = [Bool](repeating: false, count: signals.count)
        var disconnected = [Bool](repeating: false, count: signals.count)
        var lifecycles = [Lifecycle](repeating: Lifecycle(), count: subscriptions.count)
        var previousTime = 0.0
        let roles = TraceEvent.Tag.roles

        func signal(_ id: Int, at index: Int) throws(TraceValidationError) -> TraceSignal {
            guard signals.indices.contains(id) else { throw fail(index, "signal", "there is no signal \(id)") }
            guard created[id] else { throw fail(index, "signal", "signal \(id) is used before its 'signal' event") }
            return signals[id]
        }

        for (index, event) in events.enumerated() {
            guard event.time.isFinite, event.time >= 0 else {
                throw fail(index, "time", "a time must be a number of seconds from 0, not \(event.time)")
            }
            guard event.time >= previousTime else {
                throw fail(index, "time", "time goes backwards, from \(previousTime) to \(event.time)")
            }
            previousTime = event.time
            if let cause = event.cause, !(0..<index).contains(cause) {
                throw fail(index, "cause", "the cause must be an earlier event, not \(cause)")
            }
            let (tag, payload) = event.kind.parts
            let id = payload.id
            let role = roles[Int(tag.rawValue)]
            switch role {
            case .createsSignal:
                guard signals.indices.contains(id) else { throw fail(index, "signal", "there is no signal \(id)") }
                guard !created[id] else { throw fail(index, "signal", "signal \(id) is created twice") }
                created[id] = true
            case .sendsToSubject:
                guard try signal(id, at: index).kind.isHot else {
                    throw fail(index, "signal", "signal \(id) is not a subject, so nothing can be sent to it")
                }
            case .connects:
                guard try signal(id, at: index).kind == .connection else {
                    throw fail(index, "signal", "signal \(id) is not a connection")
                }
            case .disconnects:
                guard try signal(id, at: index).kind == .connection else {
                    throw fail(index, "signal", "signal \(id) is not a connection")
                }
                guard !disconnected[id] else { throw fail(index, "signal", "connection \(id) is disposed twice") }
                disconnected[id] = true
            case .drops:
                guard subscriptions.indices.contains(id) else { throw fail(index, "subscription", "there is no subscription \(id)") }
                guard lifecycles[id].subscribed else {
                    throw fail(index, "subscription", "subscription \(id) is used before its 'subscribe' event")
                }
            case .subscribes:
                guard subscriptions.indices.contains(id) else { throw fail(index, "subscription", "there is no subscription \(id)") }
                guard !lifecycles[id].subscribed else { throw fail(index, "subscription", "subscription \(id) is made twice") }
                let target = subscriptions[id].signal
                guard created[target] else {
                    throw fail(index, "subscription", "subscription \(id) subscribes to signal \(target) before its 'signal' event")
                }
                lifecycles[id].subscribed = true
            case .runsDidSubscribe, .delivers, .disposes, .hops:
                guard subscriptions.indices.contains(id) else { throw fail(index, "subscription", "there is no subscription \(id)") }
                var lifecycle = lifecycles[id]
                guard lifecycle.subscribed else {
                    throw fail(index, "subscription", "subscription \(id) is used before its 'subscribe' event")
                }
                guard !lifecycle.disposed else {
                    throw fail(index, "kind", "subscription \(id) was already disposed")
                }
                switch role {
                case .runsDidSubscribe:
                    guard !lifecycle.ranDidSubscribe else {
                        throw fail(index, "kind", "didSubscribe runs once per subscription; subscription \(id) ran it already")
                    }
                    lifecycle.ranDidSubscribe = true
                case .delivers(let delivery):
                    guard !lifecycle.terminated else {
                        throw fail(index, "kind", "subscription \(id) already received its error or completed")
                    }
                    lifecycle.terminated = delivery.isTerminal
                case .disposes:
                    lifecycle.disposed = true
                case .hops:
                    guard !lifecycle.terminated else {
                        throw fail(index, "kind", "subscription \(id) already received its error or completed")
                    }
                    // A name as the recorder cuts it: the cut of a name that is already short enough is the name itself.
                    guard shortened(payload.text) == payload.text else {
                        throw fail(index, "scheduler", "a scheduler's name is at most \(traceLabelLimit) characters and 1,024 bytes of UTF-8")
                    }
                default: break
                }
                lifecycles[id] = lifecycle
            }
        }
        if let id = created.firstIndex(of: false) {
            throw TraceValidationError(table: .signals, index: id, field: nil, message: "signal \(id) has no 'signal' event")
        }
        if let id = lifecycles.firstIndex(where: { !$0.subscribed }) {
            throw TraceValidationError(table: .subscriptions, index: id, field: nil, message: "subscription \(id) has no 'subscribe' event")
        }
    }
}
