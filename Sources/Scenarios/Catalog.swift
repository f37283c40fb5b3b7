import Foundation

/// The built-in scenarios: every experiment of the articles.
public enum Catalog {
    /// Every built-in scenario, in the order of the articles' experiments.
    public static let scenarios: [Scenario] = [
        subjectVersusReplay,
        cold, coldOnDemand,
        coldToHotSubject, coldToHotMulticast, coldToHotAutoconnect,
        fetchData, fetchDataReplayLazily,
        multicast, publish, replay, replayLast, replayLazily,
        behaviorSubject, replayCapacity, groupBy, deferThen, channel,
    ]

    /// The scenario with the given name, if there is one.
    public static func scenario(named name: String) -> Scenario? {
        scenarios.first { $0.name == name }
    }

    /// The scenario file equivalent to the built-in scenario `name` (it runs
    /// to the same trace), as shipped in Examples/scenarios; `nil` if there is none.
    public static func scenarioFile(named name: String) -> String? {
        guard scenario(named: name) != nil,
              let url = Bundle.module.url(forResource: name, withExtension: "sigviz", subdirectory: "scenarios") else { return nil }
        return try? String(contentsOf: url, encoding: .utf8)
    }
}
