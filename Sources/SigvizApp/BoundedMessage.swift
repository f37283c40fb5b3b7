import Tracer

/// An error message as sigviz prints it: bounded whatever values it quotes, and with control and
/// bidi characters escaped. ArgumentParser's messages repeat a bad flag's value, an unknown
/// option or an unknown name whole; a 100 KB value would make a 100 KB error line.
package enum BoundedMessage {
    /// The most characters of a run of non-blank characters (a value, a path, an option) in a
    /// message: a longer one is cut in the middle.
    package static let longestWord = 200
    /// The most characters of one line of a message.
    package static let longestLine = 2_000

    /// `message` with each line escaped (``visiblyEscaped(_:)``), each word longer than
    /// ``longestWord`` cut to its start and end around `…(N characters)…`, and each line longer than
    /// ``longestLine`` cut at its end with how much more there was.
    package static func bounded(_ message: String) -> String {
        message.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var shown = visiblyEscaped(String(line)).split(separator: " ", omittingEmptySubsequences: false).map { word in
                guard word.count > longestWord else { return String(word) }
                return "\(word.prefix(longestWord / 2))…(\(word.count) characters)…\(word.suffix(longestWord / 4))"
            }.joined(separator: " ")
            if shown.count > longestLine {
                shown = "\(shown.prefix(longestLine))… (\(shown.count - longestLine) more characters)"
            }
            return shown
        }.joined(separator: "\n")
    }
}
