import Dispatch
import Foundation
import Synchronization
import Findings
import Tracer

/// One scenario of a docs folder, drawn: its two diagrams and its section of the page.
public struct DocsSection: Sendable, Hashable {
    /// The scenario's name, such as `fetchdata`: its diagrams are `NAME.svg` and `NAME-graph.svg`.
    public let name: String
    /// The section's heading.
    public let title: String
    /// The paragraph under the heading; empty for none.
    public let about: String
    /// How many times each cold signal's didSubscribe ran, in the trace's order of signals.
    public let didSubscribeRuns: [DidSubscribeRuns]
    /// The timeline SVG, as ``TimelineRenderer`` draws it.
    public let timeline: Data
    /// The subscription graph SVG, as ``GraphRenderer`` draws it.
    public let graph: Data
    /// How each `expect` line of the scenario's file came out, in the file's order: the page says
    /// they pass, or shows the expected and actual marbles of each that failed.
    public let expectations: [ExpectationOutcome]
    /// What went wrong in the scenario's run (``Trace/findings()``): listed under its diagrams,
    /// each with its suggestion, or "No findings.".
    public let findings: [Finding]

    /// A cold signal's name and how many times its didSubscribe ran.
    public struct DidSubscribeRuns: Sendable, Hashable {
        /// The signal's name.
        public let signal: String
        /// How many times its didSubscribe ran.
        public let runs: Int
    }
}

/// Builds a folder of diagrams for documentation: for each scenario its timeline
/// (`NAME.svg`) and subscription graph (`NAME-graph.svg`), and one Markdown page,
/// `scenarios.md`, that embeds them all with each scenario's title, explanation and
/// didSubscribe counts, the expected and actual marbles of any expectation that failed, and
/// under its diagrams its findings, each with its suggestion (what `sigviz docs` writes).
///
/// ```swift
/// let builder = DocsBuilder(theme: .auto)
/// let sections = traces.map { builder.section(name: $0.name, title: $0.title, about: "", trace: $0.trace) }
/// for file in builder.files(for: sections) { try file.contents.write(to: folder.appendingPathComponent(file.path)) }
/// ```
///
/// The folder is flat and its links are relative, so a DocC catalog, a static site or a
/// wiki can take it as it is. The page is CommonMark that reads as its text: titles and
/// explanations are escaped, never interpreted. The same sections give the same bytes.
public struct DocsBuilder: Sendable {
    /// The name of the Markdown page: `scenarios.md`.
    public static let pageName = "scenarios.md"

    /// The colours of the diagrams.
    public let theme: Theme

    /// Makes a builder drawing in `theme`.
    public init(theme: Theme) {
        self.theme = theme
    }

    /// Draws one scenario's diagrams and gathers its section; it may run on any thread,
    /// for several scenarios at once.
    ///
    /// `findings` are what its run found, their suggestions as proven (`sigviz docs` passes those of
    /// ``Explanation``s, whose unhelpful suggestions are dropped); the trace's own findings by default.
    /// Without `drawing`, the diagrams are not drawn (their data is empty): the section is for the page alone.
    public func section(
        name: String, title: String, about: String, trace: Trace, expectations: [ExpectationOutcome] = [],
        findings: [Finding]? = nil, drawing: Bool = true
    ) -> DocsSection {
        let runs = trace.sideEffectSources().map {
            DocsSection.DidSubscribeRuns(signal: $0.name, runs: trace.didSubscribeCount(of: $0.id))
        }
        return DocsSection(
            name: name, title: title, about: about, didSubscribeRuns: runs,
            timeline: drawing ? Data(TimelineRenderer(theme: theme, scale: nil).render(trace).utf8) : Data(),
            graph: drawing ? Data(GraphRenderer(theme: theme).render(trace).utf8) : Data(),
            expectations: expectations, findings: findings ?? trace.findings())
    }

    /// What a section is drawn from: a scenario's name, title, explanation and trace.
    public struct Scenario: Sendable {
        /// The scenario's name: its diagrams are `NAME.svg` and `NAME-graph.svg`.
        public var name: String
        /// The section's heading.
        public var title: String
        /// The paragraph under the heading; empty for none.
        public var about: String
        /// What the runtime did.
        public var trace: Trace
        /// How each `expect` line of its file came out; empty when it has none.
        public var expectations: [ExpectationOutcome]
        /// What its run found, when given (see ``DocsBuilder/section(name:title:about:trace:expectations:findings:drawing:)``).
        public var findings: [Finding]?
        /// Whether its diagrams are drawn; without, its section is for the page alone.
        public var drawing = true

        /// Makes a scenario to draw.
        public init(
            name: String, title: String, about: String, trace: Trace, expectations: [ExpectationOutcome] = [],
            findings: [Finding]? = nil
        ) {
            self.findings = findings
            self.name = name
            self.title = title
            self.about = about
            self.trace = trace
            self.expectations = expectations
        }
    }

    /// The sections of `items`, in their order, made `jobs` at a time: `scenario` gives
    /// each item's scenario (running it, say), and the builder draws it.
    ///
    /// Each item is handled on one thread from start to end, so the result does not
    /// depend on `jobs` or on which thread did what.
    /// - Throws: The error `scenario` threw for the first item, in their order, that failed.
    public func sections<Item: Sendable>(
        of items: [Item], jobs: Int, _ scenario: @escaping @Sendable (Item) throws -> Scenario
    ) throws -> [DocsSection] {
        try sections(of: items, jobs: jobs, scenario) { _, section in section }
    }

    /// ``sections(of:jobs:_:)``, each section handed to `keep` on the thread that drew it, and
    /// what `keep` returns kept instead: a caller can write a section's diagrams as soon as they are
    /// drawn and keep only what the page needs, so that memory does not grow with the items.
    /// - Throws: The error `scenario` or `keep` threw for the first item, in their order, that failed.
    public func sections<Item: Sendable, Kept: Sendable>(
        of items: [Item], jobs: Int, _ scenario: @escaping @Sendable (Item) throws -> Scenario,
        keeping keep: @escaping @Sendable (_ item: Item, _ section: DocsSection) throws -> Kept
    ) throws -> [Kept] {
        let results = IndexedResults<Kept>(count: items.count)
        let next = Atomic<Int>(0)
        /// The first item that failed: no worker takes an item after it.
        let firstFailure = Atomic<Int>(.max)
        let workers = max(1, min(jobs, items.count))
        // concurrentPerform runs the iterations on up to one thread per core; each worker takes the next item.
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < items.count, index < firstFailure.load(ordering: .relaxed) else { return }
                let result = Result {
                    let drawn = try scenario(items[index])
                    return try keep(items[index], section(
                        name: drawn.name, title: drawn.title, about: drawn.about, trace: drawn.trace, expectations: drawn.expectations,
                        findings: drawn.findings, drawing: drawn.drawing))
                }
                if case .failure = result { _ = firstFailure.min(index, ordering: .relaxed) }
                results.set(index, result)
            }
        }
        // The items before the first failure all ran: its error is the one of the first failing item.
        var sections: [Kept] = []
        for result in results.all() {
            guard let result else { break }
            sections.append(try result.get())
        }
        return sections
    }

    /// Every file of the folder, by name, in the order they are to be written: the images
    /// first, the page that embeds them last.
    public func files(for sections: [DocsSection]) -> [(path: String, contents: Data)] {
        var files: [(path: String, contents: Data)] = []
        for section in sections {
            files.append((section.name + ".svg", section.timeline))
            files.append((section.name + "-graph.svg", section.graph))
        }
        files.append(page(of: sections.map(pagePart)))
        return files
    }

    /// The part of the page, `scenarios.md`, that shows `section` (its diagrams are not read):
    /// ``page(of:)`` of every section's part is the page. Its text is all that needs keeping of a
    /// section while the others are drawn.
    public func pagePart(for section: DocsSection) -> String {
        DocsPage.section(section)
    }

    /// The page, `scenarios.md`, of the parts ``pagePart(for:)`` made of every section, in order.
    public func page(of parts: [String]) -> (path: String, contents: Data) {
        (Self.pageName, Data(DocsPage.markdown(of: parts).utf8))
    }
}

/// The Markdown page of a docs folder, and the Markdown escaping it needs.
enum DocsPage {
    /// The characters that ``markdownText(_:)`` escapes with a backslash, as bytes.
    private static let markdownSpecialBytes = Set("\\`*_[]<>#|!&~".utf8)

    /// The Markdown page: CommonMark that GitHub, static site generators and DocC all read.
    static func markdown(for documents: [DocsSection]) -> String {
        markdown(of: documents.map(section))
    }

    /// The page of the sections `parts` (``section(_:)``), in order.
    static func markdown(of parts: [String]) -> String {
        var page = """
            # Scenarios

            Timelines and subscription graphs of \(parts.count) scenario \(parts.count == 1 ? "file" : "files"), \
            drawn from what the ReactiveCocoa 2.5 runtime did on virtual time. Generated by `sigviz docs`: \
            edit the scenario files and run it again instead of editing this page.

            """
        for part in parts { page += part }
        return page
    }

    /// One scenario's section of the page: its heading, explanation, didSubscribe counts,
    /// expectations, diagrams and findings.
    static func section(_ document: DocsSection) -> String {
        let title = markdownText(document.title)
        let runs = document.didSubscribeRuns.isEmpty
            ? "none"
            : document.didSubscribeRuns.map { "\(codeSpan($0.signal)) × \($0.runs)" }.joined(separator: ", ")
        var page = "\n## \(title)\n\n"
        if !document.about.isEmpty { page += markdownText(document.about) + "\n\n" }
        page += "Scenario file \(codeSpan(document.name + ".sigviz")) · didSubscribe runs: \(runs)\n\n"
        page += expectations(document.expectations, file: document.name + ".sigviz")
        page += "![Timeline of \(markdownText(document.title))](\(link(document.name + ".svg")))\n\n"
        page += "![Subscription graph of \(markdownText(document.title))](\(link(document.name + "-graph.svg")))\n\n"
        page += findings(document.findings)
        return page
    }

    /// A scenario's findings, under its diagrams: "No findings.", or a numbered list of each one's
    /// kind and sentence, with its suggestion as a second paragraph.
    static func findings(_ findings: [Finding]) -> String {
        guard !findings.isEmpty else { return "No findings.\n" }
        var text = "**Findings:**\n\n"
        for (index, finding) in findings.enumerated() {
            let kind = finding.kind.words
            let marker = "\(index + 1). "
            text += marker + "**\(markdownText(kind.prefix(1).uppercased() + kind.dropFirst())):** \(markdownText(finding.sentence))\n"
            if let suggestion = finding.suggestion {
                text += "\n" + String(repeating: " ", count: marker.count) + "Suggestion: \(markdownText(suggestion.sentence))\n"
            }
            if index + 1 < findings.count { text += "\n" }
        }
        return text
    }

    /// What came of a scenario's expectations: "✓ 2 expectations pass.", or, when some failed, each
    /// failing one with its line, what it is about and why, and its expected and actual marbles
    /// lined up in a code block with the first difference marked (``MarbleComparison/sideBySide``).
    static func expectations(_ expectations: [ExpectationOutcome], file: String) -> String {
        guard !expectations.isEmpty else { return "" }
        let failed = expectations.failed
        guard !failed.isEmpty else { return "✓ \(expectations.summary).\n\n" }
        var text = "**✗ \(expectations.summary):** what the runtime did is not what \(codeSpan(file)) expects.\n\n"
        for (number, expectation) in failed.enumerated() {
            guard number < ExpectationOutcome.failuresShownWithMarbles else {
                // The rest by line alone: a page in proportion to the file, however many failed.
                text += "Also failed: " + failed.dropFirst(number).map { "line \($0.line)" }.joined(separator: ", ") + ".\n\n"
                break
            }
            text += "Line \(expectation.line), \(codeSpan(expectation.subject)): \(markdownText(expectation.problem ?? ""))\n\n"
            let lines = expectation.comparison?.sideBySide ?? []
            if lines.isEmpty {
                text += "Expected: \(codeSpan(expectation.expected.text))\n\n"
            } else {
                let block = lines.joined(separator: "\n")
                let fence = fence(for: block, atLeast: 3)
                text += fence + "text\n" + block + "\n" + fence + "\n\n"
            }
        }
        return text
    }

    /// `text` as one line of Markdown that reads as itself: no emphasis, links,
    /// HTML, headings or list markers, and no invisible or reordering character (a bidi override,
    /// a byte-order mark): those show as escapes such as `\u{202E}` (``visiblyEscaped(_:)``).
    static func markdownText(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in visiblyEscaped(onOneLine(text)) {
            // One of the characters Markdown reads, each a single ASCII byte (compared by byte: a
            // string's contains(Character) is slow, and the page has thousands of lines).
            if character.utf8.count == 1, let byte = character.utf8.first, markdownSpecialBytes.contains(byte) {
                result += "\\" + String(character)
            } else {
                result.append(character)
            }
        }
        // A line starting with "-", "+", "=" or "1." would be a list or a heading underline.
        if let first = result.first, "-+=".contains(first) {
            result = "\\" + result
        } else if let dot = result.firstIndex(where: { !$0.isASCII || !$0.isNumber }), dot != result.startIndex,
                  result[dot] == "." || result[dot] == ")" {
            result.insert("\\", at: dot)
        }
        return result
    }

    /// `text` as a Markdown code span, fenced by more backticks than it contains in a row.
    static func codeSpan(_ text: String) -> String {
        let text = visiblyEscaped(onOneLine(text))
        let fence = fence(for: text, atLeast: 1)
        let padding = text.hasPrefix("`") || text.hasSuffix("`") ? " " : ""
        return fence + padding + text + padding + fence
    }

    /// A run of backticks longer than any in `text`, and at least `minimum` long: what fences it
    /// as a code span (1) or a code block (3).
    static func fence(for text: String, atLeast minimum: Int) -> String {
        var longest = 0, run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        return String(repeating: "`", count: max(minimum, longest + 1))
    }

    /// `text` with its line breaks and C0 control characters as spaces.
    private static func onOneLine(_ text: String) -> String {
        String(text.map { $0.isNewline || ($0.isASCII && $0.asciiValue! < 0x20) ? " " : $0 })
    }

    /// A file name as a relative link, with anything but unreserved characters percent-encoded.
    static func link(_ name: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
        allowed.insert(charactersIn: "-._~")
        return name.addingPercentEncoding(withAllowedCharacters: allowed) ?? name
    }
}

/// The results of work done concurrently, kept by index.
private final class IndexedResults<Element: Sendable>: @unchecked Sendable {
    // @unchecked: `results` is only touched with `lock` held. An NSLock, not a Mutex:
    // ThreadSanitizer on Linux does not see Synchronization's Mutex.
    private let lock = NSLock()
    private var results: [Result<Element, any Error>?]

    init(count: Int) { results = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: Result<Element, any Error>) {
        lock.withLock { results[index] = result }
    }

    /// Every result, in order; `nil` for an index that was not set.
    func all() -> [Result<Element, any Error>?] {
        lock.withLock { results }
    }
}
