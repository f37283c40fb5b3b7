/// A use of a declared name in a scenario file: where the parser read it as a reference to
/// the signal, subject, connection or command of that name.
struct NameReference: Sendable, Hashable {
    let name: String
    /// The 1-based line, and the 1-based column, in characters, of the name's first character.
    let line: Int
    let column: Int
}

/// The uses of names a parse has read so far, in the order it read them: kept by reference, so
/// that the parser's reading functions can note them as they read.
final class ReferenceLog {
    private(set) var all: [NameReference] = []

    func note(_ name: String, line: Int, column: Int) {
        all.append(NameReference(name: name, line: line, column: column))
    }
}
