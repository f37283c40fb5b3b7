import Foundation
import Render
import Scenarios
import Testing
import Findings
import Tracer

/// What headless Chromium made of a page.
private struct BrowserRun {
    let status: Int32
    /// The DOM after the scripts ran (--dump-dom), or empty for a screenshot.
    let dom: String
    /// The browser's log: console messages appear as `CONSOLE` lines.
    let log: String
}

/// Runs headless Chromium on `page` with `arguments` (a `--dump-dom` or `--screenshot=...`), logging to standard error.
private func chromium(_ browser: URL, _ page: URL, _ arguments: [String], profile: URL) throws -> BrowserRun {
    let process = Process()
    process.executableURL = browser
    process.arguments = [
        "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
        "--enable-logging=stderr", "--v=0", "--user-data-dir=\(profile.path)",
    ] + arguments + [page.absoluteString]
    let output = Pipe(), errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    nonisolated(unsafe) var log = Data()
    let reading = DispatchGroup()
    DispatchQueue.global().async(group: reading) { log = errors.fileHandleForReading.readDataToEndOfFile() }
    let dom = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    reading.wait()
    return BrowserRun(status: process.terminationStatus, dom: String(decoding: dom, as: UTF8.self),
                      log: String(decoding: log, as: UTF8.self))
}

/// The console messages and uncaught errors in a browser log.
private func consoleErrors(_ log: String) -> [String] {
    log.split(separator: "\n").filter { $0.contains("CONSOLE") || $0.contains("Uncaught") }.map(String.init)
}

/// What a page measured in the browser after loading: the viewport's and the document's widths,
/// each SVG's box and viewBox, each table column whose header is aligned unlike one of its cells,
/// and the headers aligned right.
private struct PageMeasure: Decodable {
    struct Box: Decodable {
        let left, right, width, height, viewBoxWidth, viewBoxHeight: Double
    }

    let viewport: Double
    let scrollWidth: Double
    let svgs: [Box]
    let misaligned: [String]
    let rightAligned: [String]

    /// A script to put after a page's own: it measures the page and writes the result as JSON in a `pre#measure`.
    static let script = """
        <script>
        (function () {
          var out = {viewport: window.innerWidth, scrollWidth: document.documentElement.scrollWidth, svgs: [], misaligned: [], rightAligned: []};
          var svgs = document.querySelectorAll("svg"), i, c, k;
          for (i = 0; i < svgs.length; i++) {
            var r = svgs[i].getBoundingClientRect(), box = svgs[i].viewBox.baseVal;
            out.svgs.push({left: r.left, right: r.right, width: r.width, height: r.height,
                           viewBoxWidth: box ? box.width : 0, viewBoxHeight: box ? box.height : 0});
          }
          var tables = document.querySelectorAll("table");
          for (i = 0; i < tables.length; i++) {
            var headers = tables[i].tHead.rows[0].cells, rows = tables[i].tBodies[0].rows;
            for (c = 0; c < headers.length; c++) {
              var align = getComputedStyle(headers[c]).textAlign;
              if (align === "right") { out.rightAligned.push(headers[c].textContent); }
              for (k = 0; k < rows.length; k++) {
                var cell = rows[k].cells[c];
                if (cell && getComputedStyle(cell).textAlign !== align) {
                  out.misaligned.push(tables[i].className + " column " + c + ": header " + align + ", row " + k + " " + getComputedStyle(cell).textAlign);
                  break;
                }
              }
            }
          }
          var pre = document.createElement("pre");
          pre.id = "measure";
          pre.textContent = JSON.stringify(out);
          document.body.appendChild(pre);
        })();
        </script>
        """

    /// Opens `html` in `browser` at `width` pixels wide and reads what the script measured.
    static func measure(_ html: String, width: Int, browser: URL, in directory: URL) throws -> PageMeasure {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let page = directory.appendingPathComponent("measured.html")
        try Data(html.replacingOccurrences(of: "</body>", with: script + "\n</body>").utf8).write(to: page)
        let run = try chromium(browser, page, ["--dump-dom", "--window-size=\(width),1400"], profile: directory.appendingPathComponent("profile"))
        #expect(run.status == 0)
        #expect(consoleErrors(run.log).isEmpty, "\(consoleErrors(run.log))")
        let json = try #require(run.dom.firstMatch(of: /<pre id="measure">([^<]*)<\/pre>/), "the script did not run").output.1
        return try JSONDecoder().decode(PageMeasure.self, from: Data(String(json).replacingOccurrences(of: "&amp;", with: "&").utf8))
    }
}

@Suite("The report in a real browser")
struct ReportBrowserTests {
    @Test("headless Chromium opens the index and a scenario page from file:// with no console errors, every SVG drawn",
          .enabled(if: browser != nil || toolsRequired, "needs chromium (apt-get install chromium)"))
    func pagesLoad() throws {
        let browser = try #require(browser, "chromium is required (SIGVIZ_REQUIRE_TOOLS is set) but missing")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sigviz-report-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let site = directory.appendingPathComponent("site")
        for file in catalogReport() {
            let url = site.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try file.contents.write(to: url)
        }
        let profile = directory.appendingPathComponent("profile")

        for (path, svgs) in [("index.html", 1), ("scenarios/subject-vs-replay.html", 2), ("scenarios/fetchdata.html", 2)] {
            let page = site.appendingPathComponent(path)
            let run = try chromium(browser, page, ["--dump-dom"], profile: profile)
            #expect(run.status == 0, "\(path)")
            #expect(consoleErrors(run.log).isEmpty, "\(path): \(consoleErrors(run.log))")
            #expect(occurrences(of: "<svg ", in: run.dom) == svgs, "\(path): the SVGs in the DOM")
            #expect(occurrences(of: "</svg>", in: run.dom) == svgs)
            if path != "index.html" {
                // The script ran: it shows the hint that the page hides for readers without JavaScript.
                #expect(run.dom.contains("<p class=\"r-hint\" id=\"r-hint\">"), "\(path): the script did not run")
                #expect(occurrences(of: "<tr id=\"event-", in: run.dom) == Catalog.scenario(named: page.deletingPathExtension().lastPathComponent)!.trace().events.count)
            }

            let screenshot = directory.appendingPathComponent("shot.png")
            try? FileManager.default.removeItem(at: screenshot)
            let shot = try chromium(browser, page, ["--screenshot=\(screenshot.path)", "--window-size=1200,1600"], profile: profile)
            #expect(shot.status == 0)
            #expect(consoleErrors(shot.log).isEmpty, "\(path): \(consoleErrors(shot.log))")
            let image = try #require(PNGSummary(try Data(contentsOf: screenshot)), "\(path): no screenshot")
            #expect(image.width == 1200 && image.height == 1600)
            #expect(image.distinctColours >= 8, "\(path): the screenshot looks blank: \(image.distinctColours) colours")
            #expect(image.inkFraction > 0.02, "\(path): too little drawn: \(image.inkFraction)")
        }
    }

    @Test("hovering a send highlights its row and the rows and marks of the deliveries it caused",
          .enabled(if: browser != nil || toolsRequired, "needs chromium (apt-get install chromium)"))
    func hoverHighlights() throws {
        let browser = try #require(browser, "chromium is required (SIGVIZ_REQUIRE_TOOLS is set) but missing")
        let trace = Catalog.scenario(named: "subject-vs-replay")!.trace()
        let site = ReportBuilder().build([RecordedScenario(name: "svr", title: "Subject vs ReplaySubject", about: "", trace: trace)])
        let send = try #require(trace.events.firstIndex { if case .send = $0.kind { true } else { false } })
        let caused = trace.events.indices.filter { trace.events[$0].cause == send }
        #expect(caused.count >= 2)
        // The page, plus a test script after the page's own that hovers the send's mark.
        var html = String(decoding: site[1].contents, as: UTF8.self)
        html = html.replacingOccurrences(of: "</body>", with: """
            <script>
            document.querySelector('svg [data-event="\(send)"]').dispatchEvent(new MouseEvent("mouseover", {bubbles: true}));
            </script>
            </body>
            """)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sigviz-hover-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let page = directory.appendingPathComponent("page.html")
        try Data(html.utf8).write(to: page)
        let run = try chromium(browser, page, ["--dump-dom"], profile: directory.appendingPathComponent("profile"))
        #expect(run.status == 0)
        #expect(consoleErrors(run.log).isEmpty, "\(consoleErrors(run.log))")
        #expect(run.dom.contains("<tr id=\"event-\(send)\" data-event=\"\(send)\" class=\"r-kind-send r-hl-main\">"))
        for event in caused {
            #expect(run.dom.contains("<tr id=\"event-\(event)\" data-event=\"\(event)\" data-cause=\"\(send)\" class=\"r-kind-next r-hl\">"))
            #expect(run.dom.contains("<g data-event=\"\(event)\" class=\"r-hl\">"), "the mark of event \(event)")
        }
        #expect(run.dom.matches(of: /class="(?:[^"]* )?r-hl"/).count == 2 * caused.count + 1, "only the connected events")
        #expect(run.dom.contains("<p class=\"r-status\" id=\"r-status\" aria-live=\"polite\">#\(send) at "))
    }

    @Test("hovering a finding highlights its item, the marks of its events on the timeline and their rows, and nothing else",
          .enabled(if: browser != nil || toolsRequired, "needs chromium (apt-get install chromium)"))
    func hoverFinding() throws {
        let browser = try #require(browser, "chromium is required (SIGVIZ_REQUIRE_TOOLS is set) but missing")
        let (trace, finding) = try fetchdataWithRunsFinding()
        let site = ReportBuilder().build([
            RecordedScenario(name: "fetchdata", title: "fetchData", about: "", trace: trace, explanations: [Explanation(finding: finding)]),
        ])
        let cssMarks = "body:has(#finding-1) :is(" + finding.events.map { "svg [data-event=\"\($0)\"]" }.joined(separator: ",")
            + ") :is(circle,path,rect,line)"
        #expect(String(decoding: site[1].contents, as: UTF8.self).contains(cssMarks.replacingOccurrences(of: "#finding-1)", with: "#finding-1:hover)")))
        var html = String(decoding: site[1].contents, as: UTF8.self)
        html = html.replacingOccurrences(of: "</body>", with: """
            <script>
            document.querySelector('#finding-1 strong').dispatchEvent(new MouseEvent("mouseover", {bubbles: true}));
            // What the page's style rules for readers without JavaScript select, less the :hover.
            document.body.setAttribute("data-css-marks", document.querySelectorAll('\(cssMarks)').length);
            </script>
            </body>
            """)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sigviz-finding-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let page = directory.appendingPathComponent("page.html")
        try Data(html.utf8).write(to: page)
        let run = try chromium(browser, page, ["--dump-dom"], profile: directory.appendingPathComponent("profile"))
        #expect(run.status == 0)
        #expect(consoleErrors(run.log).isEmpty, "\(consoleErrors(run.log))")
        #expect(run.dom.contains("<li class=\"r-finding r-hl-finding\" id=\"finding-1\""))
        #expect(run.dom.contains("id=\"r-findings-hint\">"), "the script shows the hint")
        for event in finding.events {
            #expect(run.dom.contains("<g data-event=\"\(event)\" class=\"r-hl\">"), "the mark of event \(event)")
            let row = try Regex("<tr id=\"event-\(event)\" data-event=\"\(event)\"[^>]* class=\"[^\"]*r-hl-main\">")
            #expect(run.dom.contains(row), "the row of event \(event)")
        }
        #expect(run.dom.matches(of: /class="(?:[^"]* )?r-hl"/).count == finding.events.count, "only the finding's marks")
        #expect(run.dom.matches(of: /class="(?:[^"]* )?r-hl-main"/).count == finding.events.count, "only the finding's rows")
        #expect(run.dom.contains("data-css-marks=\"\(finding.events.count)\""), "the style rules select each diamond")
    }

    @Test("hovering a didSubscribe diamond of fetchdata names, under the timeline, the chain of subscriptions that caused the run",
          .enabled(if: browser != nil || toolsRequired, "needs chromium (apt-get install chromium)"))
    func hoverNamesChain() throws {
        let browser = try #require(browser, "chromium is required (SIGVIZ_REQUIRE_TOOLS is set) but missing")
        let trace = Catalog.scenario(named: "fetchdata")!.trace()
        let fetchData = try #require(trace.signal(named: "fetchData")).id
        let run = try #require(trace.events.firstIndex {
            if case .didSubscribe(let subscription) = $0.kind { trace.subscriptions[subscription].signal == fetchData } else { false }
        })
        let site = ReportBuilder().build([RecordedScenario(name: "fetchdata", title: "fetchData", about: "", trace: trace)])
        var html = String(decoding: site[1].contents, as: UTF8.self)
        html = html.replacingOccurrences(of: "</body>", with: """
            <script>
            document.querySelector('svg [data-event="\(run)"]').dispatchEvent(new MouseEvent("mouseover", {bubbles: true}));
            </script>
            </body>
            """)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sigviz-chain-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let page = directory.appendingPathComponent("page.html")
        try Data(html.utf8).write(to: page)
        let result = try chromium(browser, page, ["--dump-dom"], profile: directory.appendingPathComponent("profile"))
        #expect(result.status == 0)
        #expect(consoleErrors(result.log).isEmpty, "\(consoleErrors(result.log))")
        let status = try #require(result.dom.firstMatch(of: /<p class="r-status" id="r-status" aria-live="polite">([^<]*)<\/p>/)).output.1
        #expect(status.hasPrefix("#\(run) at 0 s: didSubscribe, "), "\(status)")
        #expect(status.hasSuffix(", caused by someLabel → someLabelText → catchTo of title → title → fetchData"), "\(status)")
    }

    @Test("at 600 px wide every diagram shows whole, scaled down to the page, with no horizontal scrollbar; every table's headers are aligned as their cells",
          .enabled(if: browser != nil || toolsRequired, "needs chromium (apt-get install chromium)"))
    func narrowWindow() throws {
        let browser = try #require(browser, "chromium is required (SIGVIZ_REQUIRE_TOOLS is set) but missing")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sigviz-narrow-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let catalog = catalogReport(), user = try userReport()
        let pages = [
            ("index.html", catalog), ("scenarios/fetchdata.html", catalog), ("scenarios/login-form.html", catalog),
            ("scenarios/search.html", user), ("scenarios/requests.html", user),
        ]
        for (index, (path, site)) in pages.enumerated() {
            let html = String(decoding: try #require(site.first { $0.path == path }).contents, as: UTF8.self)
            for width in [600, 1100] {
                let measure = try PageMeasure.measure(html, width: width, browser: browser,
                                                      in: directory.appendingPathComponent("\(index)-\(width)"))
                #expect(measure.viewport == Double(width), "\(path)")
                #expect(measure.scrollWidth <= measure.viewport, "\(path) at \(width) px: the page scrolls sideways (\(measure.scrollWidth) px)")
                #expect(measure.svgs.count == (path == "index.html" ? 1 : 2), "\(path)")
                for svg in measure.svgs {
                    #expect(svg.viewBoxWidth > 0 && svg.viewBoxHeight > 0, "\(path): an SVG without a viewBox")
                    #expect(svg.left >= 0 && svg.right <= measure.viewport, "\(path) at \(width) px: an SVG from \(svg.left) to \(svg.right)")
                    // Scaled, not cropped or squashed: the drawing's proportions, at its own size when there is room.
                    #expect(abs(svg.height / svg.width - svg.viewBoxHeight / svg.viewBoxWidth) < 0.01, "\(path) at \(width) px: \(svg)")
                    #expect(svg.width <= svg.viewBoxWidth + 0.5)
                    if svg.viewBoxWidth > measure.viewport { #expect(svg.width < svg.viewBoxWidth, "\(path): a \(svg.viewBoxWidth) px diagram is scaled down") }
                }
                #expect(measure.misaligned.isEmpty, "\(path) at \(width) px: \(measure.misaligned)")
                if path != "index.html" {
                    #expect(Set(measure.rightAligned).isSuperset(of: ["#", "time (s)"]), "\(path): \(measure.rightAligned)")
                }
            }
        }
    }
}
