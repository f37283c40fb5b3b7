import Foundation
import Findings
@testable import Scenarios
import Testing
import Tracer

// Issue 29: a gallery of real RAC pitfalls (Examples/pitfalls), each from a public report of it and
// with the finding it must give, and a fixed twin that must give none. Its recall (pitfalls whose
// finding is given) and precision (twins with no finding, catalog scenarios with none unexpected) are
// measured here, and docs/pitfalls.md
// lists it.

/// One file of the gallery: a pitfall (`# pitfall: KIND`) or the fixed twin of one (`# fixed: NAME`).
struct GalleryFile {
    let name: String
    let file: ScenarioFile
    /// The finding a pitfall must give.
    let expected: Finding.Kind?
    /// The pitfall a twin fixes.
    let fixes: String?

    static let folder = repositoryURL("Examples/pitfalls")

    /// Every file of the gallery, by name.
    static func all() throws -> [GalleryFile] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".sigviz") }.sorted()
        return try names.map { entry in
            let text = try String(contentsOf: folder.appendingPathComponent(entry), encoding: .utf8)
            let first = String(text.prefix { $0 != "\n" })
            let name = String(entry.dropLast(".sigviz".count))
            let file = try ScenarioFile(parsing: text, file: entry)
            if first.hasPrefix("# pitfall: ") {
                let kind = try #require(Finding.Kind(rawValue: String(first.dropFirst("# pitfall: ".count))), "\(entry): \(first)")
                return GalleryFile(name: name, file: file, expected: kind, fixes: nil)
            }
            try #require(first.hasPrefix("# fixed: "), "\(entry) starts with neither '# pitfall: KIND' nor '# fixed: NAME'")
            return GalleryFile(name: name, file: file, expected: nil, fixes: String(first.dropFirst("# fixed: ".count)))
        }
    }

    /// The kinds of the findings of its run.
    func kinds() throws -> [Finding.Kind] {
        try file.scenario(named: name).trace(maximumEvents: Trace.defaultMaximumEvents).findings().map(\.kind)
    }

    /// Its public source: the first address in its `about`.
    var source: String? {
        file.about.split(separator: " ").first { $0.hasPrefix("https://") || $0.hasPrefix("http://") }.map { String($0) }
    }
}

@Suite("The pitfall gallery: real RAC pitfalls, the finding each gives, and fixed twins that give none")
struct PitfallGalleryTests {
    @Test("every pitfall gives its finding and every fixed twin gives none: recall and precision, printed")
    func recallAndPrecision() throws {
        let gallery = try GalleryFile.all()
        let pitfalls = gallery.filter { $0.expected != nil }, twins = gallery.filter { $0.fixes != nil }
        var found = 0, clean = 0
        for pitfall in pitfalls {
            let kinds = try pitfall.kinds()
            if kinds.contains(pitfall.expected!) { found += 1 } else {
                Issue.record("\(pitfall.name): expected \(pitfall.expected!.rawValue), found \(kinds.map(\.rawValue))")
            }
        }
        for twin in twins {
            let kinds = try twin.kinds()
            if kinds.isEmpty { clean += 1 } else { Issue.record("\(twin.name), the fix of \(twin.fixes!): found \(kinds.map(\.rawValue))") }
        }
        // The catalog's scenarios show the articles' experiments, some of them a pitfall on purpose: a
        // finding of a kind its experiment does not show (FindingKindsTests.catalogKinds, reviewed one
        // by one) is unexpected.
        var expectedOnly = 0
        for scenario in Catalog.scenarios {
            let kinds = Set(scenario.trace().findings().map(\.kind))
            let shown = Set(FindingKindsTests.catalogKinds[scenario.name] ?? [])
            if kinds.isSubset(of: shown) { expectedOnly += 1 } else {
                Issue.record("catalog \(scenario.name): unexpected \(kinds.subtracting(shown).map(\.rawValue).sorted())")
            }
        }
        func percent(_ part: Int, _ whole: Int) -> String { whole == 0 ? "-" : "\(100 * part / whole)%" }
        print("pitfall gallery: recall \(found) of \(pitfalls.count) pitfalls (\(percent(found, pitfalls.count))); "
              + "precision: \(clean) of \(twins.count) fixed twins with no finding (\(percent(clean, twins.count))), "
              + "\(expectedOnly) of \(Catalog.scenarios.count) catalog scenarios with no unexpected finding "
              + "(\(percent(expectedOnly, Catalog.scenarios.count)))")
        #expect(!pitfalls.isEmpty)
    }

    @Test("every pitfall names its public source and has one fixed twin; every twin fixes a pitfall of the gallery")
    func pairs() throws {
        let gallery = try GalleryFile.all()
        let pitfalls = Set(gallery.filter { $0.expected != nil }.map(\.name))
        for file in gallery {
            if file.expected != nil {
                #expect(file.source != nil, "\(file.name) names no source in its about")
                #expect(gallery.filter { $0.fixes == file.name }.count == 1, "\(file.name) has no fixed twin, or more than one")
                #expect(file.file.title != nil, "\(file.name) has no title")
            } else {
                #expect(pitfalls.contains(file.fixes!), "\(file.name) fixes \(file.fixes!), which is not a pitfall of the gallery")
                #expect(file.name == file.fixes! + "-fixed")
            }
        }
    }

    @Test("docs/pitfalls.md lists the gallery, as it is written from the files")
    func page() throws {
        let gallery = try GalleryFile.all()
        var lines = ["| pitfall | what goes wrong | finding | source |", "| --- | --- | --- | --- |"]
        for pitfall in gallery where pitfall.expected != nil {
            let link = "[\(pitfall.name)](../Examples/pitfalls/\(pitfall.name).sigviz) ([fixed](../Examples/pitfalls/\(pitfall.name)-fixed.sigviz))"
            lines.append("| \(link) | \(pitfall.file.title ?? "") | \(pitfall.expected!.words) | \(pitfall.source ?? "") |")
        }
        try checkSection(
            "docs/pitfalls.md", from: "<!-- The gallery's table is written from Examples/pitfalls by PitfallGalleryTests. -->",
            to: "<!-- end of the gallery's table -->", is: lines.joined(separator: "\n"), rewrittenBy: "PitfallGalleryTests")
    }
}
