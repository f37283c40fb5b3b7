/// The signals of commands a file names where a signal is expected (`subscribe "Alert" to
/// login.errors`, `merge a, save.executing`): each is declared once, as `let login.errors =
/// login.errors` would be (a name no declaration can take: a declared name has no point), placed
/// before the statement that first names it. So the signal is named as the user wrote it, as a
/// `let`'s is: the file's text form of the command's signal (its errors' messages, "true" and
/// "false" for executing and enabled).
final class ImplicitCommandSignals {
    /// A declaration not yet placed: the name it declares, the command, which of its signals, and
    /// the column of the first use.
    struct Declaration {
        let name: String
        let command: String
        let signal: ScenarioFile.CommandSignal
        let column: Int
    }

    private var pending: [Declaration] = []
    private var declared: Set<String> = []

    /// The name of `command`'s `signal`, declaring it if this is its first use.
    func use(_ command: String, _ signal: ScenarioFile.CommandSignal, column: Int) -> String {
        let name = command + "." + signal.rawValue
        if declared.insert(name).inserted { pending.append(Declaration(name: name, command: command, signal: signal, column: column)) }
        return name
    }

    /// The declarations made since the last call, in the order of their first use.
    func takePending() -> [Declaration] {
        defer { pending = [] }
        return pending
    }
}
