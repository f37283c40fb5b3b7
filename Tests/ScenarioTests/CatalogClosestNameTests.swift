import Testing

import Scenarios

@Suite struct CatalogClosestNameTests {
    @Test("a slip of the keyboard: the built-in scenario closest by edit distance", arguments: [
        ("fetchdat", "fetchdata"), ("fetchdataa", "fetchdata"), ("replay-lazily", "replaylazily"), ("publsh", "publish"),
        ("replays", "replay"), ("replaylas", "replaylast"), ("cold-to-hot-multicst", "cold-to-hot-multicast"),
        ("Cold", "cold"), ("groupBy", "groupby"), ("chanel", "channel"),
    ])
    func closest(name: String, expected: String) {
        #expect(Catalog.closestName(to: name) == expected)
    }

    @Test("a name close to none: no suggestion", arguments: ["zzzz", "hot", "co", "x", "", "network-socket", "subject"])
    func none(name: String) {
        #expect(Catalog.closestName(to: name) == nil)
    }

    @Test("a built-in name is its own closest")
    func exact() {
        for scenario in Catalog.scenarios {
            #expect(Catalog.closestName(to: scenario.name) == scenario.name)
        }
    }
}
