import Foundation
import Render
import Scenarios
import Testing
import Tracer

// The layout of a scenario's page: the timeline first after the title, tables whose headers line up
// with their cells, and diagrams that scale to their container (issue 14).

/// A user's search box whose one expectation fails: each query is a request per binding.
let searchBoxFile = """
    title "Search box"
    about "Each query typed is a request, once for each binding of the results."
    frame 0.5
    subject query
    cold searchRequest: +0.5 next "results", +0.6 completed
    let results = query | flattenMap searchRequest
    subscribe "list" to results
    subscribe "count" to results
    at 1 send query "s"
    at 2 send query "sw"
    expect "list" to results "----r"
    """

/// A report of scenario files written for these tests, as `sigviz report` makes it: the search box
/// (with a failed expectation) and a cold signal's file whose expectation holds, each with its source.
func userReport() throws -> [(path: String, contents: Data)] {
    func entry(_ text: String, name: String) throws -> RecordedScenario {
        let file = try ScenarioFile(parsing: text, file: name + ".sigviz")
        let (trace, results) = file.check(named: name)
        let outcomes = results.map {
            ExpectationOutcome(
                line: $0.expectation.line, label: $0.expectation.label, signal: $0.expectation.signal,
                expected: $0.expectation.expected, subscription: $0.subscription, comparison: $0.comparison, problem: $0.problem)
        }
        return RecordedScenario(name: name, title: trace.title ?? name, about: "What \(name) shows.", source: text, trace: trace,
                           expectations: outcomes)
    }
    let cold = """
        title "Two requests"
        frame 0.5
        cold request: +1 next "A", +2 completed
        subscribe "S" to request
        at 1 subscribe "T" to request
        expect "S" to request "--A-|"
        """
    return ReportBuilder().build([try entry(searchBoxFile, name: "search"), try entry(cold, name: "requests")])
}

/// The text of the page at `path` in `site`.
private func page(_ site: [(path: String, contents: Data)], _ path: String) throws -> String {
    String(decoding: try #require(site.first { $0.path == path }).contents, as: UTF8.self)
}

/// Where `marker` first is in `text`, as an offset; -1 when it is not there.
private func position(of marker: String, in text: String) -> Int {
    text.range(of: marker).map { text.distance(from: text.startIndex, to: $0.lowerBound) } ?? -1
}

/// Each table of a page: per column, the class of its header cell and the classes of its cells.
private func tableColumns(_ html: String) -> [(table: String, headers: [String], rows: [[String]])] {
    html.matches(of: /<table class="([^"]*)"[^>]*>([\s\S]*?)<\/table>/).map { table in
        let body = String(table.output.2)
        let headers = body.matches(of: /<th scope="col"(?: class="([^"]*)")?>/).map { $0.output.1.map(String.init) ?? "" }
        let rows = body.matches(of: /<tr[^>]*>((?:<td[\s\S]*?<\/td>)+)<\/tr>/).map { row in
            String(row.output.1).matches(of: /<td(?: class="([^"]*)")?>/).map { $0.output.1.map(String.init) ?? "" }
        }
        return (String(table.output.1), headers, rows)
    }
}

@Suite("The layout of the report's pages")
struct ReportLayoutTests {
    /// The sections of a scenario page after its title, in the order they must come.
    static let order = [
        "<section aria-labelledby=\"timeline\">", "<section aria-labelledby=\"about\">", "<section aria-labelledby=\"counts\">",
        "<section aria-labelledby=\"graph\">", "<section aria-labelledby=\"source\">", "<section aria-labelledby=\"events-heading\">",
    ]

    @Test("the timeline comes first after the title; then what it shows, the runs, the graph, the source and the events")
    func timelineFirst() throws {
        let site = try userReport()
        for path in ["scenarios/search.html", "scenarios/requests.html"] {
            let html = try page(site, path)
            let positions = Self.order.map { position(of: $0, in: html) }
            #expect(positions.allSatisfy { $0 > 0 }, "\(path): \(positions)")
            #expect(positions == positions.sorted(), "\(path): sections out of order: \(positions)")
            #expect(position(of: "</header>", in: html) < positions[0])
        }
        // Nothing between the title and the timeline when the expectations held…
        #expect(try page(site, "scenarios/requests.html").contains("</p></header>\n<main>\n<section aria-labelledby=\"timeline\">"))
        // …and only the failed expectations, right under the title, when one failed.
        let failing = try page(site, "scenarios/search.html")
        #expect(failing.contains("</p></header>\n<main>\n<section class=\"r-expectations\" aria-labelledby=\"expectations\">"))
        let box = position(of: "<section class=\"r-expectations\"", in: failing)
        let boxEnd = try #require(failing.range(of: "</section>\n", range: failing.range(of: "<section class=\"r-expectations\"")!.upperBound..<failing.endIndex))
        #expect(failing[boxEnd.upperBound...].hasPrefix("<section aria-labelledby=\"timeline\">"), "the timeline right after the box")
        #expect(box < position(of: Self.order[0], in: failing))
        // The catalog's pages too (without a source).
        for file in catalogReport() where file.path != "index.html" {
            let html = String(decoding: file.contents, as: UTF8.self)
            let positions = Self.order.filter { !$0.contains("source") }.map { position(of: $0, in: html) }
            #expect(positions.allSatisfy { $0 > 0 } && positions == positions.sorted(), "\(file.path): \(positions)")
        }
    }

    @Test("every table's header cells are aligned as their columns' cells: numbers right in both, text left in both")
    func headersMatchCells() throws {
        let pages = try userReport() + catalogReport()
        var numericHeaders = Set<String>()
        for file in pages {
            let html = String(decoding: file.contents, as: UTF8.self)
            let tables = tableColumns(html)
            #expect(!tables.isEmpty, "\(file.path)")
            for table in tables {
                for row in table.rows {
                    #expect(row.count == table.headers.count, "\(file.path) \(table.table): \(row.count) cells, \(table.headers.count) headers")
                    for (column, cell) in row.enumerated() where column < table.headers.count {
                        #expect(cell.contains("r-number") == table.headers[column].contains("r-number"),
                                "\(file.path) \(table.table), column \(column): header \"\(table.headers[column])\", cell \"\(cell)\"")
                    }
                }
            }
            for header in html.matches(of: /<th scope="col" class="r-number">([^<]*)<\/th>/) { numericHeaders.insert(String(header.output.1)) }
        }
        #expect(numericHeaders == ["#", "time (s)", "runs", "run", "event", "Findings"])
        // The style sheet right-aligns a number cell over the tables' left-aligned default (`.r-table td`), not only its header.
        let style = try #require(try page(pages, "scenarios/search.html").firstMatch(of: /<style>([\s\S]*?)<\/style>/)).output.1
        #expect(style.contains(".r-table .r-number{text-align:right"))
        #expect(!style.contains("th.r-number"), "a rule for number headers alone, which the cells do not follow")
    }

    @Test("diagrams scale to their container: every SVG has a viewBox, and the page keeps them at most 100% wide at every width")
    func diagramsScale() throws {
        for file in try userReport() + catalogReport() {
            let html = String(decoding: file.contents, as: UTF8.self)
            let svgs = html.matches(of: /<svg xmlns="http:\/\/www.w3.org\/2000\/svg" ([^>]*)>/)
            #expect(file.path == "index.html" ? svgs.count <= 1 : svgs.count == 2, "\(file.path): the headline, or the timeline and graph")
            for svg in svgs {
                let attributes = String(svg.output.1)
                let box = try #require(attributes.firstMatch(of: /viewBox="0 0 ([0-9.]+) ([0-9.]+)" width="([0-9.]+)" height="([0-9.]+)"/),
                                       "\(file.path): \(attributes.prefix(200))")
                #expect(box.output.1 == box.output.3 && box.output.2 == box.output.4, "the viewBox is the drawing's size")
            }
            let style = try #require(html.firstMatch(of: /<style>([\s\S]*?)<\/style>/)).output.1
            #expect(style.contains(".r-figure svg{display:block;max-width:100%;height:auto}"), "\(file.path)")
            // No other rule (a narrow screen's, say) lets an SVG grow past its container.
            for rule in style.split(separator: "}") {
                guard let brace = rule.lastIndex(of: "{") else { continue }
                let selector = rule[..<brace], declarations = rule[rule.index(after: brace)...]
                // Widths only, not stroke widths.
                if selector.contains("svg"), declarations.contains(/(^|;)(max-|min-)?width:/) {
                    #expect(declarations.contains("max-width:100%") && !declarations.contains("max-width:none"), "\(file.path): \(rule)")
                }
            }
        }
    }
}
