import Foundation
import Testing

/// The executable called `name` on the PATH, if any.
private func findExecutable(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
        let url = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return nil
}

/// Debian's chromium, which .ci/run installs (as in RenderTests/BrowserTests.swift).
private let hostileBrowser = findExecutable("chromium") ?? findExecutable("chromium-browser") ?? findExecutable("google-chrome")
/// CI sets SIGVIZ_REQUIRE_TOOLS=1, so that a missing browser fails the test instead of skipping it.
private let browserRequired = ProcessInfo.processInfo.environment["SIGVIZ_REQUIRE_TOOLS"] != nil

/// Text that tries to break out of SVG, HTML, CSS, CDATA and attributes, or to confuse a reader:
/// each would set the page's title to "pwned" if it ran.
enum Hostile {
    static let title = "</title><script>document.title='pwned'</script> Hostile"
    static let about = "</p><script>document.title='pwned'</script> ]]> </style><img src=x onerror=\"document.title='pwned'\">"
    static let subscriberA = "]]><script>document.title='pwned'</script>"
    static let subscriberB = "\u{2066}isolate\u{2069} --><script>document.title='pwned'</script><!--"
    static let subscriberC = "'onmouseover='document.title=\"pwned\"' x=\""
    static let signalName = "\u{202E}gnp.exe\u{202C} </style><style>*{display:none}</style>"
    static let values = [
        "</text><script>document.title='pwned'</script>",
        "\"onload=\"document.title='pwned'",
        "&lt;b&gt;not bold&lt;/b&gt; &amp;amp;",
        "nul\u{0}byte bell\u{7} esc\u{1B}[31mred del\u{7F}",
        "<![CDATA[ cdata ]]> <svg onload=\"document.title='pwned'\"/>",
        "javascript:document.title='pwned'",
        "line\u{2028}separator\u{2029}paragraph",
    ]
    static let error = "<img src=x onerror=\"document.title='pwned'\"> \u{202E}desrever"
    static let groupKey = "</textarea><script>document.title='pwned'</script>"

    /// `text` as a scenario-file string: quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A scenario file with every hostile text in a title, explanation, name, label, value, error or group key.
    static var scenario: String {
        """
        title \(quoted(title))
        about \(quoted(about))
        cold source: \(values.enumerated().map { "+\($0.offset + 1) next \(quoted($0.element))" }.joined(separator: ", ")), +9 error \(quoted(error))
        subject subject
        let named = source | named \(quoted(signalName))
        let groups = subject | groupBy \(quoted(values[0])) = \(quoted(groupKey))
        subscribe \(quoted(subscriberA)) to named
        subscribe \(quoted(subscriberB)) to subject
        subscribe \(quoted(subscriberC)) to groups each
        \(values.enumerated().map { "at \($0.offset + 1).5 send subject \(quoted($0.element))" }.joined(separator: "\n"))
        at 9 complete subject
        """
    }

    /// Every hostile text that a report page shows.
    static var all: [String] { [title, about, subscriberA, subscriberB, subscriberC, signalName, error, groupKey] + values }

    /// The runs of `text` that are plain characters: what must show as text once control, bidi and
    /// separator characters (which the pages escape or replace) are taken out.
    static func visibleRuns(of text: String) -> [String] {
        var runs: [String] = [], run = ""
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
                || (0x2066...0x2069).contains(value) || value == 0x2028 || value == 0x2029 {
                if run.count >= 2 { runs.append(run) }
                run = ""
            } else {
                run.unicodeScalars.append(scalar)
            }
        }
        if run.count >= 2 { runs.append(run) }
        return runs
    }
}

/// What the audit script found in a page after the page's own scripts ran.
private struct Audit: Decodable {
    let title: String
    let scripts: Int
    /// Event-handler attributes (`on...`) and `javascript:` links, as `ELEMENT@attribute`.
    let handlers: [String]
    /// Elements no page of sigviz has: img, iframe, object, embed, foreignObject, and style outside the head or an svg.
    let foreign: [String]
    /// The visible runs that were not found in the page's text.
    let missing: [String]
    /// Whether the page's text has a raw bidi control, which would reorder what a reader sees.
    let rawBidi: Bool
}

/// Opens `page` (HTML or SVG) in headless Chromium with an audit script added at its end, and returns the audit.
private func audit(_ page: URL, svg: Bool, expecting runs: [String], browser: URL, profile: URL) throws -> Audit? {
    var encoded = String(decoding: try JSONEncoder().encode(runs), as: UTF8.self)
    // Nothing in the script's data can end the script element or start markup.
    for (character, escape) in [("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026")] {
        encoded = encoded.replacingOccurrences(of: character, with: escape)
    }
    let script = """
        //<![CDATA[
        (function () {
          var runs = \(encoded);
          var root = document.body || document.documentElement;
          var texts = [], foreign = [], handlers = [];
          var walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, null);
          for (var node = walker.nextNode(); node; node = walker.nextNode()) {
            var parent = node.parentNode ? node.parentNode.nodeName.toLowerCase() : "";
            if (parent !== "script" && parent !== "style") texts.push(node.nodeValue);
          }
          var text = texts.join("\\n");
          var all = document.getElementsByTagName("*");
          for (var i = 0; i !== all.length; i++) {
            var element = all[i], name = element.nodeName.toLowerCase();
            if (["img", "iframe", "object", "embed", "foreignobject"].indexOf(name) !== -1) foreign.push(name);
            var parentName = element.parentNode ? element.parentNode.nodeName.toLowerCase() : "";
            if (name === "style" && parentName !== "head" && parentName !== "svg") foreign.push("style in " + parentName);
            for (var j = 0; j !== element.attributes.length; j++) {
              var attribute = element.attributes[j], key = attribute.name.toLowerCase();
              if (key.indexOf("on") === 0) handlers.push(name + "@" + key);
              if (/href$|src$/.test(key) && /^\\s*javascript:/i.test(attribute.value)) handlers.push(name + "@" + key + "=javascript:");
            }
          }
          var result = {
            title: document.title, scripts: document.getElementsByTagName("script").length,
            handlers: handlers, foreign: foreign,
            missing: runs.filter(function (run) { return text.indexOf(run) === -1; }),
            rawBidi: /[\\u202A-\\u202E\\u2066-\\u2069]/.test(text)
          };
          var out = document.createElementNS(root.namespaceURI, "\(svg ? "desc" : "pre")");
          out.setAttribute("id", "sigviz-audit");
          out.textContent = "AUD" + "IT:" + JSON.stringify(result) + ":TID" + "UA";  // split, so the markers are not in this source
          root.appendChild(out);
        })();
        //]]>
        """
    var source = try String(contentsOf: page, encoding: .utf8)
    let end = svg ? "</svg>" : "</body>"
    guard let range = source.range(of: end, options: .backwards) else { return nil }
    source.replaceSubrange(range, with: "<script>\(script)</script>\n\(end)")
    let audited = page.deletingLastPathComponent().appendingPathComponent("audit-" + page.lastPathComponent)
    try Data(source.utf8).write(to: audited)

    let process = Process()
    process.executableURL = browser
    process.arguments = [
        "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile.path)", "--dump-dom", audited.absoluteString,
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let dom = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    // The DOM is serialized as HTML (or XML): the audit's JSON has its &, < and > escaped.
    guard let start = dom.range(of: "AUDIT:"), let stop = dom.range(of: ":TIDUA", range: start.upperBound..<dom.endIndex) else { return nil }
    let json = String(dom[start.upperBound..<stop.lowerBound])
        .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
        .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
    return try JSONDecoder().decode(Audit.self, from: Data(json.utf8))
}

@Suite("Hostile labels in a real browser")
struct HostileLabelTests {
    @Test("the scenario file with hostile titles, labels and values is valid and keeps every text as it is")
    func scenarioKeepsTheTexts() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("hostile.sigviz")
        try Data(Hostile.scenario.utf8).write(to: file)
        let run = try sigviz("trace", file.path)
        #expect(run.status == 0, "\(run.errors)")
        let json = try JSONSerialization.jsonObject(with: run.data) as? [String: Any]
        #expect(json?["title"] as? String == Hostile.title)
        let values = (json?["events"] as? [[String: Any]] ?? []).compactMap { $0["value"] as? String }
        for value in Hostile.values { #expect(values.contains(value), "\(value.debugDescription)") }
    }

    @Test("sigviz report on hostile labels: in headless Chromium no script from a label runs, nothing is injected, every label shows as text",
          .enabled(if: hostileBrowser != nil || browserRequired, "needs chromium (apt-get install chromium)"))
    func reportInBrowser() throws {
        let browser = try #require(hostileBrowser, "chromium is required (SIGVIZ_REQUIRE_TOOLS is set) but missing")
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("hostile.sigviz")
        try Data(Hostile.scenario.utf8).write(to: file)
        let site = directory.appendingPathComponent("site")
        let run = try sigviz("report", file.path, "-o", site.path, "--title", Hostile.title)
        #expect(run.status == 0, "\(run.errors)")
        let profile = directory.appendingPathComponent("profile")

        // The scenario's page shows every text (in the table of events, the diagrams and the source).
        let page = try #require(try audit(site.appendingPathComponent("scenarios/hostile.html"), svg: false,
                                          expecting: Hostile.all.flatMap(Hostile.visibleRuns), browser: browser, profile: profile),
                                "the audit script did not run on the scenario's page")
        #expect(page.title == "\(Hostile.title) · \(Hostile.title)", "a label's script changed the title: \(page.title)")
        #expect(page.scripts == 2, "the page's own script and the audit's, no other")
        #expect(page.handlers.isEmpty, "\(page.handlers)")
        #expect(page.foreign.isEmpty, "\(page.foreign)")
        #expect(page.missing.isEmpty, "not shown as text: \(page.missing.map(\.debugDescription))")
        #expect(!page.rawBidi, "a raw bidi control reaches the page's text")

        // A control: the same page with one payload let through raw; the audit must notice it.
        let pagePath = site.appendingPathComponent("scenarios/hostile.html")
        let control = site.appendingPathComponent("scenarios/control.html")
        try Data(try String(contentsOf: pagePath, encoding: .utf8)
            .replacingOccurrences(of: "</body>", with: "<script>document.title='pwned'</script><p onclick=\"x\">x</p></body>").utf8)
            .write(to: control)
        let caught = try #require(try audit(control, svg: false, expecting: [], browser: browser, profile: profile))
        #expect(caught.title == "pwned" && caught.scripts == 3 && caught.handlers == ["p@onclick"], "the audit misses an injection: \(caught)")

        // The index shows the report's title and the scenario's.
        let index = try #require(try audit(site.appendingPathComponent("index.html"), svg: false,
                                           expecting: Hostile.visibleRuns(of: Hostile.title), browser: browser, profile: profile),
                                 "the audit script did not run on the index")
        #expect(index.title == Hostile.title, "a label's script changed the title: \(index.title)")
        #expect(index.scripts == 1, "only the audit's script")
        #expect(index.handlers.isEmpty && index.foreign.isEmpty, "\(index.handlers) \(index.foreign)")
        #expect(index.missing.isEmpty, "not shown as text: \(index.missing)")
        #expect(!index.rawBidi)
    }

    @Test("the timeline and graph SVGs of hostile labels, opened on their own: no script runs, labels show as text",
          .enabled(if: hostileBrowser != nil || browserRequired, "needs chromium (apt-get install chromium)"))
    func svgInBrowser() throws {
        let browser = try #require(hostileBrowser, "chromium is required (SIGVIZ_REQUIRE_TOOLS is set) but missing")
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("hostile.sigviz")
        try Data(Hostile.scenario.utf8).write(to: file)
        let labels = [Hostile.subscriberA, Hostile.subscriberB, Hostile.signalName].flatMap(Hostile.visibleRuns)
        for command in ["render", "graph"] {
            let svg = directory.appendingPathComponent("\(command).svg")
            let run = try sigviz(command, file.path, "-o", svg.path)
            #expect(run.status == 0, "\(command): \(run.errors)")
            let result = try #require(try audit(svg, svg: true, expecting: labels, browser: browser, profile: directory.appendingPathComponent("profile")),
                                      "\(command): the audit script did not run (is the SVG well formed?)")
            #expect(result.title.hasPrefix(Hostile.title), "\(command): a label's script changed the title: \(result.title)")
            #expect(result.scripts == 1, "\(command): only the audit's script")
            #expect(result.handlers.isEmpty && result.foreign.isEmpty, "\(command): \(result.handlers) \(result.foreign)")
            #expect(result.missing.isEmpty, "\(command): not shown as text: \(result.missing)")
            #expect(!result.rawBidi, "\(command): a raw bidi control reaches the text")
        }
    }
}
