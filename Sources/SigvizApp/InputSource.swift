import Scenarios

/// What a command-line input names, decided in one place: a built-in scenario (its name), a
/// scenario file (a path ending in `.sigviz`), or else a trace file.
package enum InputSource: Equatable {
    case builtIn(String)
    case scenarioFile(String)
    case traceFile(String)

    /// What `argument` names.
    package init(_ argument: String) {
        if Catalog.file(named: argument) != nil {
            self = .builtIn(argument)
        } else if argument.hasSuffix(".sigviz") {
            self = .scenarioFile(argument)
        } else {
            self = .traceFile(argument)
        }
    }

    /// The scenario file an input runs, and its scenario's name: a built-in scenario's bundled file
    /// and its name, or the file at the path, parsed, and the file's name (``Input/scenarioName(_:)``);
    /// `nil` for a trace file, which runs nothing.
    package func scenario() throws -> (file: ScenarioFile, name: String)? {
        switch self {
        case .builtIn(let name): Catalog.file(named: name).map { ($0, name) }
        case .scenarioFile(let path): (try Input.scenarioFile(path), Input.scenarioName(path))
        case .traceFile: nil
        }
    }
}
