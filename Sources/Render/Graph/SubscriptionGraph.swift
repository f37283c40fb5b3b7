import Tracer

/// The nodes and arrows of a trace's subscription graph: who subscribed to whom, and how often.
///
/// Signals, subjects, connections and labelled subscribers are nodes; an arrow goes from a
/// subscriber to the signal it subscribed to. The one-shot signals operators make inside
/// (`return`, `empty`, `error`) are left out, unless a labelled subscriber subscribed to one
/// (`take 0` is `empty`; a command that is not enabled returns an `error`): every labelled
/// subscriber is a node with its arrow. Repeated subscriptions between the same two
/// nodes are one arrow with their count (fetchData's "× 6"). So is plumbing (a command's
/// machinery), but for the plumbing signals the user's own nodes subscribe to (a command's
/// `executing`), drawn without what they are built of.
struct SubscriptionGraph {
    struct Node {
        enum Kind: Equatable {
            case signal(TraceSignal.Kind)
            case subscriber
        }

        let id: Int
        let name: String
        let kind: Kind
        /// RAC's description of the signal, when that is not its name.
        var description: String?
        /// For a cold signal, how many times its didSubscribe ran: its side effects.
        var runs: Int?
    }

    struct Edge: Hashable {
        /// What an arrow stands for.
        enum Link: Hashable {
            /// A subscription, from the subscriber to the signal.
            case subscription
            /// A connection's link to its subject or its source.
            case connection
            /// A channel terminal's link to the subject its subscribers read.
            case reads
            /// A channel terminal's link to the subject what is sent into it goes to.
            case writes
            /// A plumbing signal's link to a signal of the user's that its machinery subscribed to,
            /// through the runtime's own nodes, which the graph leaves out (a command's `enabled` is
            /// made of the user's `canSubmit`).
            case machinery
        }

        let from: Int
        let to: Int
        let link: Link
        var count: Int

        /// Dashed: a link that is no subscription of its own.
        var isConnection: Bool { link != .subscription }
        /// Whether the arrow goes from what is made of a signal to that signal, as a subscription does:
        /// what the rows are laid out by.
        var isDependency: Bool { link == .subscription || link == .machinery }
    }

    var nodes: [Node] = []
    var edges: [Edge] = []

    init(_ trace: Trace) {
        var signalNodes: [Int: Int] = [:]
        let subscribedByLabel = Set(trace.subscriptions.lazy.filter { $0.label != nil }.map(\.signal))
        for signal in trace.signals {
            switch signal.kind {
            case .return where !subscribedByLabel.contains(signal.id), .empty where !subscribedByLabel.contains(signal.id),
                 .error where !subscribedByLabel.contains(signal.id):
                continue
            // An operator's own inner machinery, such as merge's signal of the signals it merges: RAC
            // makes it with createSignal inside the operator, and only the operator subscribes to it.
            case .operator where signal.operation == .createSignal:
                continue
            default:
                signalNodes[signal.id] = nodes.count
                nodes.append(Node(id: nodes.count, name: signal.name, kind: .signal(signal.kind), description: signal.description,
                                  runs: signal.runsBlockPerSubscription ? 0 : nil))
            }
        }
        // Each cold signal's didSubscribe runs, from the trace's events.
        for event in trace.events {
            guard case .didSubscribe(let subscription) = event.kind, trace.subscriptions.indices.contains(subscription),
                  let node = signalNodes[trace.subscriptions[subscription].signal], let runs = nodes[node].runs
            else { continue }
            nodes[node].runs = runs + 1
        }
        var subscriberNodes: [String: Int] = [:]
        var edgeIndex: [[Int]: Int] = [:]
        func connect(_ from: Int, _ to: Int, _ link: Edge.Link = .subscription) {
            guard from != to else { return }
            let key = [from, to, link == .subscription ? 0 : 1]
            if let index = edgeIndex[key] {
                edges[index].count += 1
            } else {
                edgeIndex[key] = edges.count
                edges.append(Edge(from: from, to: to, link: link, count: 1))
            }
        }
        /// The node that consumes subscription `id`'s values.
        func consumer(of id: Int, depth: Int = 0) -> Int? {
            guard depth < 32, trace.subscriptions.indices.contains(id) else { return nil }
            let subscription = trace.subscriptions[id]
            switch subscription.subscriber {
            case .label(let label):
                if let node = subscriberNodes[label] { return node }
                subscriberNodes[label] = nodes.count
                nodes.append(Node(id: nodes.count, name: label, kind: .subscriber))
                return nodes.count - 1
            case .signal(let signal): return signalNodes[signal]
            case .subscription(let other):
                // Fed into another subscription's subscriber on behalf of that subscription's signal (concat, startWith).
                guard trace.subscriptions.indices.contains(other) else { return nil }
                return signalNodes[trace.subscriptions[other].signal] ?? consumer(of: other, depth: depth + 1)
            case .anonymous:
                guard let parent = subscription.parent, trace.subscriptions.indices.contains(parent) else { return nil }
                return signalNodes[trace.subscriptions[parent].signal] ?? consumer(of: parent, depth: depth + 1)
            }
        }
        for subscription in trace.subscriptions {
            guard let target = signalNodes[subscription.signal], let from = consumer(of: subscription.id) else { continue }
            connect(from, target)
        }
        for signal in trace.signals where signal.kind == .connection {
            guard let node = signalNodes[signal.id] else { continue }
            if let subject = signal.subject.flatMap({ signalNodes[$0] }) { connect(node, subject, .connection) }
            if let source = signal.source.flatMap({ signalNodes[$0] }) { connect(node, source, .connection) }
        }
        // A subscription to a channel terminal is one to the subject it reads: the terminal is
        // joined to that subject and to the one it writes to, as its operation says.
        for signal in trace.signals {
            guard case .channelTerminal(_, let values, let other)? = signal.operation, let node = signalNodes[signal.id] else {
                continue
            }
            if let values = values.flatMap({ signalNodes[$0] }) { connect(node, values, .reads) }
            if let other = other.flatMap({ signalNodes[$0] }) { connect(node, other, .writes) }
        }
        leaveOutPlumbing(trace, signalNodes: signalNodes)
    }

    /// Leaves out plumbing (the trace's one policy, ``Tracer/Trace/plumbing()``): removes the
    /// plumbing nodes that no other node subscribes to, and every arrow from plumbing; a plumbing
    /// node that is kept gets, in place of its arrows, one to each of the user's signals its
    /// machinery subscribed to through plumbing alone, so that "what drives the button?" is
    /// answered through a command's `enabled` to the user's own pipeline.
    private mutating func leaveOutPlumbing(_ trace: Trace, signalNodes: [Int: Int]) {
        var plumbing = Set<Int>()
        var executions = Set<Int>()
        for (signal, isPlumbing) in trace.plumbing().enumerated() where isPlumbing {
            guard let node = signalNodes[signal] else { continue }
            plumbing.insert(node)
            if case .commandExecution? = trace.signals[signal].operation { executions.insert(node) }
        }
        guard !plumbing.isEmpty else { return }
        let subscribedTo = Set(edges.filter { !plumbing.contains($0.from) }.map(\.to))
        var targets: [Int: [Int]] = [:]
        for edge in edges where edge.isDependency { targets[edge.from, default: []].append(edge.to) }
        for node in subscribedTo.sorted() where plumbing.contains(node) {
            // The user's signals reached from the kept node through plumbing alone.
            var seen: Set<Int> = [node]
            var stack = [node]
            while let current = stack.popLast() {
                for target in targets[current] ?? [] where seen.insert(target).inserted {
                    if plumbing.contains(target) { stack.append(target) } else { edges.append(Edge(from: node, to: target, link: .machinery, count: 1)) }
                }
            }
        }
        // A user's signal only the runtime subscribed to (a command's execution of it, with
        // nothing subscribed to the execution): the nearest execution above it is kept, joined to
        // it, so that the graph still says what ran it. An execution is the one piece of plumbing
        // its user holds (what `execute` returns), so the one to name.
        var keptForOrphans = Set<Int>()
        let arrowedInto = Set(edges.filter { !plumbing.contains($0.from) || $0.link == .machinery }.map(\.to))
        var consumers: [Int: [Int]] = [:]
        for edge in edges where edge.isDependency { consumers[edge.to, default: []].append(edge.from) }
        for node in nodes.indices where !plumbing.contains(node) && !arrowedInto.contains(node) {
            var seen: Set<Int> = [node]
            var queue = (consumers[node] ?? []).filter(plumbing.contains)
            var next = 0
            while next < queue.count {
                let current = queue[next]
                next += 1
                guard seen.insert(current).inserted else { continue }
                if executions.contains(current) {
                    keptForOrphans.insert(current)
                    edges.append(Edge(from: current, to: node, link: .machinery, count: 1))
                    break
                }
                queue += (consumers[current] ?? []).filter(plumbing.contains)
            }
        }
        let kept = nodes.filter { !plumbing.contains($0.id) || subscribedTo.contains($0.id) || keptForOrphans.contains($0.id) }
        var renumbered: [Int: Int] = [:]
        nodes = kept.enumerated().map { index, node in
            renumbered[node.id] = index
            return Node(id: index, name: node.name, kind: node.kind, description: node.description, runs: node.runs)
        }
        edges = edges.compactMap { edge in
            guard !plumbing.contains(edge.from) || edge.link == .machinery, let from = renumbered[edge.from],
                  let to = renumbered[edge.to] else { return nil }
            return Edge(from: from, to: to, link: edge.link, count: edge.count)
        }
    }
}

extension SubscriptionGraph {
    /// What an arrow says, in words, for its tooltip: "results subscribed to searchRequest × 6".
    func sentence(for edge: Edge) -> String {
        let from = nodes[edge.from].name, to = nodes[edge.to].name
        switch edge.link {
        case .connection:
            // A connection's arrows go from it to its subject and to its source.
            return nodes[edge.to].kind.isHotSignal ? "\(from) feeds its subject \(to)"
                : "\(from) subscribes its subject to \(to) when connected"
        case .reads: return "a subscription to the terminal \(from) is one to \(to)"
        case .writes: return "what is sent into the terminal \(from) goes to \(to)"
        case .machinery: return "\(from) is made of \(to), through the runtime's own signals"
        case .subscription: break
        }
        return "\(from) subscribed to \(to)" + (edge.count > 1 ? " × \(edge.count)" : "")
    }

    /// What a node says, in words, for its tooltip: "fetchData: cold; its didSubscribe ran 6 times".
    func sentence(for node: Node) -> String {
        var sentence = "\(node.name): \(node.kind.name)"
        if let runs = node.runs {
            sentence += runs == 0 ? "; its didSubscribe never ran" : "; its didSubscribe ran \(times(runs))"
        }
        if let description = node.description { sentence += "; RAC's name: \(description)" }
        return sentence
    }

    /// The second line of a node, under its name: its kind, and a cold signal's runs ("cold · 6 runs").
    func caption(for node: Node) -> String {
        guard let runs = node.runs else { return node.kind.name }
        return "\(node.kind.name) · " + (runs == 0 ? "no runs" : runs == 1 ? "1 run" : "\(runs) runs")
    }

    private func times(_ count: Int) -> String {
        switch count {
        case 1: "once"
        case 2: "twice"
        default: "\(count) times"
        }
    }
}

extension SubscriptionGraph.Node.Kind {
    var isHotSignal: Bool {
        if case .signal(let kind) = self { return kind.isHot }
        return false
    }

    /// The kind's name as a node shows it: "subscriber", "connection", "cold", "replaySubject".
    var name: String {
        switch self {
        case .subscriber: "subscriber"
        case .signal(let kind): kind.name
        }
    }
}
