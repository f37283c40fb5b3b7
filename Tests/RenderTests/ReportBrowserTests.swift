import Foundation
import Render
import Scenarios
import Testing
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
        let site = ReportBuilder().build([ReportEntry(name: "svr", title: "Subject vs ReplaySubject", explanation: "", trace: trace)])
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
}
