/// An event a marble shows: a value, the completion or an error.
///
/// In the marble syntax (docs/marbles.md) a value is a character, standing for itself or for the
/// text a values table gives it, `|` is the completion and `#` an error.
public enum MarbleEvent: Sendable, Hashable {
    /// A value, by its label.
    case next(String)
    /// The completion: `|`.
    case completed
    /// An error, whatever its message: `#`.
    case error

    /// An event at a time.
    public struct Timed: Sendable, Hashable {
        /// Seconds.
        public var time: Double
        /// The event.
        public var event: MarbleEvent

        /// Makes one.
        public init(time: Double, event: MarbleEvent) {
            self.time = time
            self.event = event
        }
    }
}
