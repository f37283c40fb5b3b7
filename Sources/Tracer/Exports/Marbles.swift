/// Why a trace cannot be written as marbles.
public struct MarbleError: Error, Hashable, CustomStringConvertible {
    /// What went wrong, with a way out.
    public let message: String
    /// Whether the frame is what is wrong (not a positive number, too coarse for the events of one
    /// frame to fit before the next, too fine for a lane to stay within ``marbleFrameLimit``
    /// frames), rather than the trace (more distinct values than there are symbols) or the request.
    public let isAboutTheFrame: Bool
    /// The message.
    public var description: String { message }

    init(message: String, isAboutTheFrame: Bool = false) {
        self.message = message
        self.isAboutTheFrame = isAboutTheFrame
    }
}

extension Trace {
    /// The trace as marble text in the RxJS marble syntax, one lane per subscriber.
    ///
    /// Each lane is a labelled subscription (every subscription when none is
    /// labelled), named like "Subscriber 1 → subject", with up to three marbles
    /// that all start at time 0 and use the same frame:
    /// - `events`: what the subscriber received: `-` a frame with nothing, a
    ///   letter a value (the legend at the top gives its label), `|` completed,
    ///   `#` error, `( )` several events in one frame;
    /// - `subscription`: `^` where it subscribed and `!` where it was disposed,
    ///   RxJS's subscription-marble syntax;
    /// - `replayed`: only when the lane received replayed history: those deliveries alone.
    ///
    /// As in RxJS, every character advances time by one frame, the
    /// parentheses of a group included, so that a marble parsed by RxJS's
    /// `TestScheduler` gives every event its frame.
    ///
    /// - Parameter frame: Seconds per frame. With `nil`, the largest frame
    ///   that puts every event exactly on a frame and leaves room for the
    ///   groups, within ``marbleFrameLimit`` frames per lane.
    /// - Throws: ``MarbleError`` when a given frame is too coarse for the
    ///   events of one frame to fit before the next, or a lane would be longer than ``marbleFrameLimit``.
    public func marbles(frame: Double? = nil) throws(MarbleError) -> String {
        let lanes = marbleLanes()
        let chosen: Double
        if let frame {
            guard frame.isFinite, frame > 0 else {
                throw MarbleError(message: "a frame must be a positive number of seconds, not \(frame)", isAboutTheFrame: true)
            }
            chosen = frame
        } else {
            chosen = try automaticFrame(for: lanes)
        }
        let frame = chosen
        let legend = try MarbleLegend(lanes: lanes)
        var drawn: [(name: String, events: String, subscription: String, replayed: String?, error: String?)] = []
        var width = 0
        for lane in lanes {
            let events = try lane.draw({ _ in true }, frame: frame, legend: legend)
            let subscription = try lane.drawSubscription(frame: frame)
            let replayedOnly = lane.deliveries.contains { $0.replayed }
                ? try lane.draw({ $0.replayed }, frame: frame, legend: legend) : nil
            width = max(width, events.count, subscription.count, replayedOnly?.count ?? 0)
            drawn.append((lane.name, events, subscription, replayedOnly, lane.errorMessage))
        }
        var text = "# \(title.map { visiblyEscaped($0) + ": " } ?? "")marbles, one frame = \(SecondsFormat(unit: .seconds).format(frame)) (RxJS marble syntax)\n"
        if !legend.symbols.isEmpty {
            text += "# values:\n"
            for (label, symbol) in legend.ordered {
                text += "#   \(symbol) = \(quoted(label))\n"
            }
        }
        for lane in drawn {
            text += "\n\(visiblyEscaped(lane.name))\n"
            text += "  events:       \(padded(lane.events, to: width))\n"
            text += "  subscription: \(padded(lane.subscription, to: width))\n"
            if let replayed = lane.replayed { text += "  replayed:     \(padded(replayed, to: width))\n" }
            if let error = lane.error { text += "  # = \(quoted(error))\n" }
        }
        return text
    }

    /// The `events` marble of one subscription, with the characters you choose for its values.
    ///
    /// This is how a diagram-as-test compares what a subscriber received
    /// with what was expected: a value whose label is in `symbols` is drawn
    /// with that character, a one-character label not in it as itself, and
    /// any other value as `?`.
    /// - Parameters:
    ///   - subscription: The subscription's id.
    ///   - frame: Seconds per frame.
    ///   - symbols: The character for each value label.
    /// - Throws: ``MarbleError`` when the frame is not positive or too coarse for the events.
    public func eventsMarble(of subscription: Int, frame: Double, symbols: [String: Character]) throws(MarbleError) -> String {
        guard frame.isFinite, frame > 0 else { throw MarbleError(message: "a frame must be a positive number of seconds, not \(frame)", isAboutTheFrame: true) }
        guard subscriptions.indices.contains(subscription) else { throw MarbleError(message: "there is no subscription \(subscription)") }
        let lane = marbleLanes(of: [subscriptions[subscription]])[0]
        return try lane.draw({ _ in true }, frame: frame, legend: MarbleLegend(fixed: symbols))
    }

    /// The subscription marble of subscription `subscription` at `frame` seconds per frame: `^` in
    /// the frame it subscribed and `!` in the frame it was disposed (`(^!)` when both are in one),
    /// as the `subscription:` lines of ``marbles(frame:)`` and RxJS's subscription marbles write it.
    /// - Throws: ``MarbleError`` for a frame that is not a positive number or a subscription the trace does not have.
    public func subscriptionMarble(of subscription: Int, frame: Double) throws(MarbleError) -> String {
        guard frame.isFinite, frame > 0 else { throw MarbleError(message: "a frame must be a positive number of seconds, not \(frame)", isAboutTheFrame: true) }
        guard subscriptions.indices.contains(subscription) else { throw MarbleError(message: "there is no subscription \(subscription)") }
        return try marbleLanes(of: [subscriptions[subscription]])[0].drawSubscription(frame: frame)
    }

    /// The earliest time in the lanes of ``marbles(frame:)`` (a delivery, a subscription or a
    /// disposal) that is not on a frame of `frame` seconds, which it draws at the nearest frame;
    /// `nil` when every time is on a frame, or `frame` is not a positive number.
    public func firstTimeBetweenFrames(frame: Double) -> Double? {
        guard frame.isFinite, frame > 0 else { return nil }
        return marbleLanes().flatMap(\.times).filter { time in
            let frames = time / frame
            return abs(frames - frames.rounded()) > 1e-9 * max(1, abs(frames))
        }.min()
    }

    private func marbleLanes() -> [MarbleLane] {
        let labelled = labelledSubscriptions
        return marbleLanes(of: labelled.isEmpty ? subscriptions : labelled)
    }

    private func marbleLanes(of chosen: [TraceSubscription]) -> [MarbleLane] {
        var lanes = chosen.map { MarbleLane(name: describe(subscription: $0.id)) }
        var laneOf = [Int?](repeating: nil, count: subscriptions.count)
        for (index, subscription) in chosen.enumerated() { laneOf[subscription.id] = index }
        let (roles, abouts) = (TraceEvent.Tag.roles, TraceEvent.Tag.abouts)
        for event in events {
            let (tag, payload) = event.kind.parts
            guard abouts[Int(tag.rawValue)] == .subscription, laneOf.indices.contains(payload.id),
                  let lane = laneOf[payload.id] else { continue }
            switch roles[Int(tag.rawValue)] {
            case .subscribes: lanes[lane].subscribed = event.time
            case .disposes: lanes[lane].disposed = event.time
            case .delivers(let delivery):
                let symbol: MarbleLane.Symbol
                switch delivery {
                case .next: symbol = .value(payload.text)
                case .error:
                    symbol = .error
                    lanes[lane].errorMessage = payload.text
                case .completed: symbol = .completed
                }
                lanes[lane].deliveries.append(.init(time: event.time, symbol: symbol, replayed: payload.flag))
            default: break
            }
        }
        return lanes
    }

    /// The largest frame, in whole nanoseconds, that divides every time and fits every group.
    private func automaticFrame(for lanes: [MarbleLane]) throws(MarbleError) -> Double {
        let times = lanes.flatMap(\.times)
        guard times.allSatisfy({ abs($0) < nanosecondTimeLimit }) else { return try coarseFrame(for: lanes, times: times) }
        var divisor: Int64 = 0
        for lane in lanes {
            for time in lane.times { divisor = gcd(divisor, nanoseconds(time)) }
        }
        guard divisor > 0 else { return 1 }
        let duration = lanes.flatMap(\.times).map(nanoseconds).max() ?? 0
        // Too fine a divisor (wall-clock traces) would give absurdly long lanes: round to a coarser frame.
        let budget = Int64(marbleFrameLimit / 4)
        var frame = duration / divisor > budget ? (duration + budget - 1) / budget : divisor
        while frame >= 1 {
            let seconds = Double(frame) / 1e9
            if lanes.allSatisfy({ $0.fits(frame: seconds) }) { return seconds }
            frame /= 2
        }
        throw MarbleError(message: "the events are too close together to draw as marbles within \(marbleFrameLimit) frames", isAboutTheFrame: true)
    }

    /// A frame for a trace too long to count in nanoseconds: the latest time over a quarter of
    /// ``marbleFrameLimit`` frames, halved until every group fits, as long as the lanes stay within the limit.
    private func coarseFrame(for lanes: [MarbleLane], times: [Double]) throws(MarbleError) -> Double {
        let latest = times.map { abs($0) }.max() ?? 0
        var frame = latest / Double(marbleFrameLimit / 4)
        while frame.isFinite, frame > 0, frame >= latest / Double(marbleFrameLimit) {
            if lanes.allSatisfy({ $0.fits(frame: frame) }) { return frame }
            frame /= 2
        }
        throw MarbleError(message: "the events are too close together to draw as marbles within \(marbleFrameLimit) frames", isAboutTheFrame: true)
    }
}

/// Times from this many seconds (about 285 years) on do not fit in `Int64` nanoseconds, with room for the sums of
/// ``Trace/marbles(frame:)``: such traces get a frame of whole seconds or more instead.
private let nanosecondTimeLimit = 9e9

/// The most frames a marble lane may have.
public let marbleFrameLimit = 10_000

private func nanoseconds(_ seconds: Double) -> Int64 { Int64((seconds * 1e9).rounded()) }

private func gcd(_ a: Int64, _ b: Int64) -> Int64 {
    var (a, b) = (a, b)
    while b != 0 { (a, b) = (b, a % b) }
    return a
}

private func padded(_ marble: String, to width: Int) -> String {
    marble + String(repeating: "-", count: max(0, width - marble.count))
}

/// `text` in double quotes with quotes, backslashes and invisible characters escaped.
func quoted(_ text: String) -> String {
    "\"" + visiblyEscaped(text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")) + "\""
}

/// One subscriber's lane.
private struct MarbleLane {
    enum Symbol: Hashable {
        case value(String)
        case error
        case completed
    }

    struct Delivery {
        let time: Double
        let symbol: Symbol
        let replayed: Bool
    }

    let name: String
    var subscribed: Double?
    var disposed: Double?
    var deliveries: [Delivery] = []
    var errorMessage: String?

    init(name: String) { self.name = name }

    var times: [Double] { [subscribed, disposed].compactMap { $0 } + deliveries.map(\.time) }

    func fits(frame: Double) -> Bool {
        var end = 0
        for group in groups(frame: frame, where: { _ in true }) {
            guard group.frame >= end else { return false }
            end = group.frame + (group.deliveries.count == 1 ? 1 : group.deliveries.count + 2)
        }
        return end <= marbleFrameLimit
    }

    private func groups(frame: Double, where include: (Delivery) -> Bool) -> [(frame: Int, deliveries: [Delivery])] {
        var groups: [(frame: Int, deliveries: [Delivery])] = []
        for delivery in deliveries where include(delivery) {
            let index = frameIndex(delivery.time, frame: frame)
            if groups.last?.frame == index {
                groups[groups.count - 1].deliveries.append(delivery)
            } else {
                groups.append((index, [delivery]))
            }
        }
        return groups
    }

    private func frameIndex(_ time: Double, frame: Double) -> Int {
        let index = (time / frame).rounded()
        return index < Double(marbleFrameLimit) ? Int(index) : marbleFrameLimit
    }

    func draw(_ include: (Delivery) -> Bool, frame: Double, legend: MarbleLegend) throws(MarbleError) -> String {
        var marble = ""
        var position = 0
        for group in groups(frame: frame, where: include) {
            guard group.frame >= position else {
                throw MarbleError(message: """
                    a frame of \(SecondsFormat(unit: .seconds).format(frame)) is too coarse for \(visiblyEscaped(name)): \
                    its events at frame \(group.frame) overlap the group before them; choose a smaller frame
                    """, isAboutTheFrame: true)
            }
            marble += String(repeating: "-", count: group.frame - position)
            let symbols = group.deliveries.map { legend.character(for: $0.symbol) }
            marble += symbols.count == 1 ? String(symbols[0]) : "(" + String(symbols) + ")"
            position = group.frame + (symbols.count == 1 ? 1 : symbols.count + 2)
        }
        guard position <= marbleFrameLimit else {
            throw MarbleError(message: "\(visiblyEscaped(name)) would take more than \(marbleFrameLimit) frames; choose a larger frame", isAboutTheFrame: true)
        }
        return marble
    }

    func drawSubscription(frame: Double) throws(MarbleError) -> String {
        guard let subscribed else { return "" }
        let start = frameIndex(subscribed, frame: frame)
        var marble = String(repeating: "-", count: start)
        guard let disposed else { return marble + "^" }
        let end = frameIndex(disposed, frame: frame)
        if end == start { return marble + "(^!)" }
        marble += "^" + String(repeating: "-", count: end - start - 1) + "!"
        return marble
    }
}

/// The characters that stand for values: a–z, A–Z, then Greek and Cyrillic letters.
private struct MarbleLegend {
    static let alphabet: [Character] = {
        var scalars: [UInt32] = Array(0x61...0x7A) + Array(0x41...0x5A)
        scalars += Array(0x3B1...0x3C9).filter { $0 != 0x3C2 } + Array(0x391...0x3A9).filter { $0 != 0x3A2 }
        scalars += Array(0x430...0x44F) + Array(0x410...0x42F)
        return scalars.map { Character(Unicode.Scalar($0)!) }
    }()

    private(set) var symbols: [String: Character] = [:]
    private(set) var ordered: [(String, Character)] = []
    /// Whether labels not in `symbols` of one character stand for themselves.
    private var isFixed = false

    init(fixed symbols: [String: Character]) {
        self.symbols = symbols
        isFixed = true
    }

    init(lanes: [MarbleLane]) throws(MarbleError) {
        for lane in lanes {
            for delivery in lane.deliveries {
                guard case .value(let label) = delivery.symbol, symbols[label] == nil else { continue }
                guard ordered.count < Self.alphabet.count else {
                    throw MarbleError(message: "the trace has more than \(Self.alphabet.count) distinct values, too many to draw as marbles")
                }
                let symbol = Self.alphabet[ordered.count]
                symbols[label] = symbol
                ordered.append((label, symbol))
            }
        }
    }

    func character(for symbol: MarbleLane.Symbol) -> Character {
        switch symbol {
        case .value(let label): symbols[label] ?? (isFixed && label.count == 1 ? label.first! : "?")
        case .error: "#"
        case .completed: "|"
        }
    }
}
