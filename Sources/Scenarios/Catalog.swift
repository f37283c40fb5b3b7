import Foundation

/// The built-in scenarios: every experiment of the articles, then scenarios of the operators their
/// readers reach for next (a search box, combineLatest, takeUntil, retry, a command, a login form, a flaky request, a typeahead), as
/// the scenario files bundled with this module (Resources/scenarios, which Examples/scenarios links to).
///
/// Each file is read and parsed the first time the catalog is used, and a built-in scenario runs
/// exactly as `sigviz` runs the file itself: its name is the file's name without `.sigviz`, its
/// title, experiment and summary are the file's `title`, `experiment` and `about` lines.
/// ``contents`` gives their order. A bundled file that is missing or does not parse is a
/// programmer error: the first use of the catalog stops the program, naming the file.
public enum Catalog {
    /// The table of contents: the name of every bundled scenario file, without `.sigviz`, in the
    /// order of the articles' experiments, then the others. This list is the only place that order is kept; every
    /// bundled file is in it once (ScenarioTests checks both ways).
    static let contents = [
        "subject-vs-replay",
        "cold", "cold-on-demand",
        "cold-to-hot-subject", "cold-to-hot-multicast", "cold-to-hot-autoconnect",
        "fetchdata", "fetchdata-replaylazily",
        "multicast", "publish", "replay", "replaylast", "replaylazily",
        "behavior-subject", "replay-capacity", "groupby", "defer-then", "channel",
        // Beyond the articles: the operators their readers reach for next.
        "search-box", "combinelatest-requests", "combinelatest-replaylazily", "takeuntil-lifetime", "retry-request",
        "command-while-executing", "deliveron-main", "login-form", "flaky-request", "typeahead",
    ]

    /// The bundled files, parsed, in the order of ``contents``.
    private static let files: [ScenarioFile] = contents.map(bundledFile(named:))

    /// Every built-in scenario, in the order of the articles' experiments: each bundled scenario file, parsed.
    public static let scenarios: [Scenario] = zip(contents, files).map { name, file in file.scenario(named: name) }

    /// The scenario with the given name, if there is one.
    public static func scenario(named name: String) -> Scenario? {
        scenarios.first { $0.name == name }
    }

    /// The text of the scenario file that the built-in scenario `name` is, as shipped in
    /// Examples/scenarios (report pages show it as the scenario's source); `nil` if there is no
    /// built-in scenario of that name.
    public static func scenarioFile(named name: String) -> String? {
        contents.firstIndex(of: name).map { files[$0].source }
    }

    /// The scenario file that the built-in scenario `name` is, parsed, so that its `expect` lines can be
    /// checked (``ScenarioFile/check(named:maximumEvents:)``); `nil` if there is no built-in scenario of that name.
    public static func file(named name: String) -> ScenarioFile? {
        contents.firstIndex(of: name).map { files[$0] }
    }

    /// The bundled file `scenarios/NAME.sigviz`, parsed; stops the program if it is missing or
    /// does not parse, since the catalog is then broken.
    private static func bundledFile(named name: String) -> ScenarioFile {
        let path = "scenarios/\(name).sigviz"
        // fatalError rather than preconditionFailure: its message is kept in optimized builds.
        guard let url = Bundle.module.url(forResource: name, withExtension: "sigviz", subdirectory: "scenarios") else {
            fatalError("the catalog lists '\(name)', but the Scenarios module's bundle has no \(path)")
        }
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            fatalError("the catalog cannot read its bundled \(path): \(error)")
        }
        do {
            return try ScenarioFile(parsing: text, file: path)
        } catch {
            fatalError("the catalog's bundled scenario file does not parse:\n\(error)")
        }
    }
}
