import Reactive

/// The text of an event, as a scenario file's `materialize` sends it and `dematerialize` reads it:
/// `next(VALUE)`, `error(MESSAGE)` or `completed`.
///
/// Values are text in a scenario file, so RAC's `-materialize` sends each event as text, and
/// `-dematerialize` reads those texts back: `materialize | dematerialize` gives the events it was given.
enum EventText {
    /// The text of `event`: `next(a)`, `error(message)` (the error's description) or `completed`.
    static func text(of event: Event<String>) -> String {
        switch event {
        case .next(let value): "next(" + value + ")"
        case .error(let error): "error(" + message(of: error) + ")"
        case .completed: "completed"
        }
    }

    /// The bytes of UTF-8 of ``text(of:)``, without making it.
    static func bytes(of event: Event<String>) -> Int {
        switch event {
        case .next(let value): 6 + value.utf8.count
        case .error(let error): 7 + message(of: error).utf8.count
        case .completed: 9
        }
    }

    /// The message a scenario file shows for an error, as traces show it: its description.
    static func message(of error: any Error) -> String {
        String(describing: error)
    }

    /// The event `text` stands for: `next(VALUE)` is a value (any text between the first `(` and the
    /// last `)`, parentheses included), `error(MESSAGE)` an error with that message, `completed` the
    /// completion. Any other text is an error that names it (cut to 60 characters):
    /// `dematerialize: "hello" is not next(VALUE), error(MESSAGE) or completed`.
    static func event(of text: String) -> Event<String> {
        if text == "completed" { return .completed }
        if let value = inside(text, after: "next(") { return .next(value) }
        if let message = inside(text, after: "error(") { return .error(ScenarioError(description: message)) }
        return .error(ScenarioError(
            description: "dematerialize: \"\(ScenarioParser.shortened(text))\" is not next(VALUE), error(MESSAGE) or completed"))
    }

    /// What `text` holds between `opening` and a closing `)` at its end, if it has both.
    ///
    /// Compared in UTF-8 bytes, not characters: a value that starts with a combining mark
    /// (`next(\u{301})`) still reads back, as `materialize` wrote it.
    private static func inside(_ text: String, after opening: String) -> String? {
        let bytes = text.utf8, head = opening.utf8
        guard bytes.count > head.count, bytes.starts(with: head), bytes.last == UInt8(ascii: ")") else { return nil }
        return String(decoding: bytes.dropFirst(head.count).dropLast(), as: UTF8.self)
    }
}
