/// A marble string parsed into its events, frame by frame: what a scenario file's `cold` source or
/// `expect` line says happens.
///
/// The syntax is RxJS's (docs/marbles.md): `-` a frame with nothing, a character a value (the
/// values table gives its text; without an entry it stands for itself), `|` the completion, `#` an
/// error, `( )` several events in one frame. Every character but a space advances time by one frame,
/// the parentheses of a group included, so `"-(ab)c"` has `a` and `b` at frame 1 and `c` at frame 5.
///
/// ```swift
/// let marble = try Marble(parsing: "-a-(b|)", values: ["a": "1"])
/// marble.timeline(frame: 0.5)  // next "1" at 0.5 s, next "b" and completed at 1.5 s
/// ```
public struct Marble: Sendable, Hashable {
    /// Events in the same frame.
    public struct Group: Sendable, Hashable {
        /// The frame, counted from 0.
        public var frame: Int
        /// The events, in order.
        public var events: [MarbleEvent]

        /// Makes a group.
        public init(frame: Int, events: [MarbleEvent]) {
            self.frame = frame
            self.events = events
        }
    }

    /// The marble as written.
    public let text: String
    /// What each value character stands for; a character not listed stands for itself.
    public let values: [Character: String]
    /// The events, grouped by frame, in order.
    public let groups: [Group]

    /// Parses a marble.
    /// - Parameters:
    ///   - text: The marble, such as `"--a--b--|"`.
    ///   - values: What each value character stands for.
    /// - Throws: ``MarbleSyntaxError`` for the first mistake: a group inside a group, a `)` without
    ///   `(`, a group not closed, an event after `|` or `#`, or the subscription marks `^` and `!`.
    public init(parsing text: String, values: [Character: String] = [:]) throws(MarbleSyntaxError) {
        self.text = text
        self.values = values
        var groups: [Group] = []
        var position = 0
        var groupStart: Int?
        var terminated = false
        for (index, character) in text.enumerated() {
            func add(_ event: MarbleEvent) throws(MarbleSyntaxError) {
                guard !terminated else { throw MarbleSyntaxError(offset: index, message: "nothing can follow '|' or '#' in a marble") }
                let frame = groupStart ?? position
                if groups.last?.frame == frame {
                    groups[groups.count - 1].events.append(event)
                } else {
                    groups.append(Group(frame: frame, events: [event]))
                }
            }
            switch character {
            case "-": position += 1
            case " ": continue
            case "(":
                guard groupStart == nil else { throw MarbleSyntaxError(offset: index, message: "groups cannot be nested") }
                groupStart = position
                position += 1
            case ")":
                guard groupStart != nil else { throw MarbleSyntaxError(offset: index, message: "')' without '('") }
                groupStart = nil
                position += 1
            case "|":
                try add(.completed)
                terminated = true
                position += 1
            case "#":
                try add(.error)
                terminated = true
                position += 1
            case "^", "!":
                throw MarbleSyntaxError(
                    offset: index,
                    message: "'\(character)' marks subscriptions; a source marble has only values, '-', '|', '#' and groups")
            default:
                try add(.next(values[character] ?? String(character)))
                position += 1
            }
        }
        if groupStart != nil {
            throw MarbleSyntaxError(offset: text.count - 1, message: "a group is not closed: expected ')'")
        }
        self.groups = groups
    }

    /// The events with their times, at `frame` seconds per frame.
    public func timeline(frame: Double) -> [MarbleEvent.Timed] {
        groups.flatMap { group in
            group.events.map { MarbleEvent.Timed(time: Double(group.frame) * frame, event: $0) }
        }
    }
}

/// A mistake in a marble: what it is and where.
public struct MarbleSyntaxError: Error, Hashable, CustomStringConvertible {
    /// The character of the marble the mistake is at, counted from 0 (spaces included); for a group
    /// not closed, the last character.
    public let offset: Int
    /// What went wrong.
    public let message: String

    /// Makes one: the mistake `message` at character `offset`, counted from 0.
    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    /// "character 3: groups cannot be nested".
    public var description: String { "character \(offset + 1): \(message)" }
}
