import Scenarios

/// `sigviz list`: the built-in scenarios, one line each (its name, the article experiment it
/// reproduces and its title), and with ``verbose`` what each one shows.
package struct ListPipeline: Sendable {
    /// Whether to print what each scenario shows under its line.
    package var verbose = false

    /// A list of the built-in scenarios.
    package init() {}

    /// Writes the list on `console`.
    package func run(on console: Console) throws {
        let width = Catalog.scenarios.map(\.name.count).max() ?? 0
        var text = ""
        for scenario in Catalog.scenarios {
            let name = scenario.name.padding(toLength: width, withPad: " ", startingAt: 0)
            // As wide as "experiment N", so the titles line up.
            let experiment = scenario.experiment == 0 ? "(no article)" : "experiment \(scenario.experiment)"
            text += "\(name)  \(experiment)  \(scenario.title)\n"
            if verbose { text += Self.wrapped(scenario.summary, indent: 4) + "\n\n" }
        }
        try console.write(text)
    }

    /// Wraps `text` at 100 columns, indenting every line.
    static func wrapped(_ text: String, indent: Int) -> String {
        let prefix = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + word.count + 1 > 100 - indent {
                lines.append(prefix + line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(prefix + line) }
        return lines.joined(separator: "\n")
    }
}
