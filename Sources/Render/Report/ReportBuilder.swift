import Foundation
import Findings
import Tracer

/// Builds a self-contained static HTML site from traces: an index of every
/// scenario with a headline comparison and its count of findings, and one page
/// per scenario with, in order, its timeline, its findings (each with its
/// suggestion and, when proven, the change, its runs before and after, what each
/// labelled subscriber received differently, and the two runs drawn on one time
/// axis), its explanation, its didSubscribe runs (counted, and
/// each with the chain of subscriptions that caused it), its subscription graph,
/// its source and a table of its events. A scenario whose expectations failed is
/// marked on the index, and its page opens, under the title, with the expected
/// and actual marbles of each. The diagrams scale down to the page's width.
///
/// ```swift
/// let entries = Catalog.scenarios.map {
///     RecordedScenario(name: $0.name, title: $0.title, about: $0.summary, trace: $0.trace())
/// }
/// let site = ReportBuilder(headline: .init(traces: [cold, publish, replay])).build(entries)
/// for file in site { try file.contents.write(to: directory.appendingPathComponent(file.path)) }
/// ```
///
/// The site has `index.html` and `scenarios/<slug>.html`, with relative links
/// only, so it works from `file://`. Every page embeds its own style sheet and
/// SVGs (no scripts, styles, fonts or images from elsewhere), follows the
/// viewer's light or dark preference, escapes every piece of text, and reads
/// fully without JavaScript; a few lines of inline script highlight, when a
/// marble is hovered, its row in the events table and the events connected to
/// it by their causes, and hovering a finding highlights its events (style
/// rules do that much without the script, where `:has()` is supported). The pages
/// are also well-formed XML. The same entries give the same bytes.
public struct ReportBuilder: Sendable {
    /// A comparison of several traces drawn stacked on one time axis at the top of the index.
    public struct Headline: Sendable, Hashable {
        /// The comparison's title, drawn in the diagram and used as the section's heading.
        public var title: String
        /// A sentence or two under the heading; `nil` for none.
        public var caption: String?
        /// The traces, one panel each, top to bottom.
        public var traces: [Trace]

        /// Makes a headline comparison.
        public init(title: String = "Cold vs hot vs replay", caption: String? = nil, traces: [Trace]) {
            self.title = title
            self.caption = caption
            self.traces = traces
        }
    }

    /// The caller's sentences on the scenario pages, pointing at its own tools; none by default.
    public struct Hints: Sendable, Hashable {
        /// After "Showing the first N of M events." over a cut events table: how to get every event.
        public var allEvents: Hint?
        /// In parentheses after "What the runtime did is not what the scenario file's expect lines
        /// say": what else reports the failed expectations.
        public var failedExpectations: Hint?

        /// Hints saying `allEvents` and `failedExpectations`.
        public init(allEvents: Hint? = nil, failedExpectations: Hint? = nil) {
            self.allEvents = allEvents
            self.failedExpectations = failedExpectations
        }
    }

    /// The site's title, at the top of the index.
    public var title: String
    /// The comparison at the top of the index; `nil` (or no traces) for none.
    public var headline: Headline?
    /// The caller's sentences on the scenario pages.
    public var hints: Hints

    /// Makes a builder.
    /// - Parameters:
    ///   - title: The site's title.
    ///   - headline: The comparison drawn at the top of the index, if any.
    ///   - hints: The caller's sentences on the scenario pages.
    public init(title: String = "sigviz report", headline: Headline? = nil, hints: Hints = Hints()) {
        self.title = title
        self.headline = headline
        self.hints = hints
    }

    /// The site's files: relative paths (`index.html` first, then
    /// `scenarios/<slug>.html` in path order) and their UTF-8 contents.
    public func build(_ entries: [RecordedScenario]) -> [(path: String, contents: Data)] {
        let slugs = Self.slugs(for: entries.map(\.name))
        let pages = zip(entries, slugs).map { ReportPage.Link(entry: $0.0, slug: $0.1) }
        var files: [(path: String, contents: Data)] = [("index.html", Data(ReportPage.index(title: title, headline: headline, pages: pages).utf8))]
        for (index, page) in pages.enumerated() {
            let html = ReportPage.scenario(
                page, siteTitle: title, hints: hints,
                previous: index > 0 ? pages[index - 1] : nil,
                next: index + 1 < pages.count ? pages[index + 1] : nil)
            files.append((Self.path(ofPageWithSlug: page.slug), Data(html.utf8)))
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The relative path of the page whose slug is `slug`: `scenarios/<slug>.html`.
    public static func path(ofPageWithSlug slug: String) -> String { "scenarios/" + slug + ".html" }

    /// The longest slug, in characters (before a `-2`-style suffix).
    static let slugLimit = 64

    /// A file-name-safe form of `name`: lowercase ASCII letters, digits and
    /// single hyphens, at most 64 characters, never empty (`scenario`), so
    /// never `.`, `..` or anything with a `/`.
    public static func slug(_ name: String) -> String {
        var result = ""
        var pendingHyphen = false
        for scalar in name.unicodeScalars {
            let character: Character?
            switch scalar.value {
            case 0x61...0x7A, 0x30...0x39: character = Character(scalar)
            case 0x41...0x5A: character = Character(Unicode.Scalar(scalar.value + 0x20)!)
            default: character = nil
            }
            guard let character else {
                pendingHyphen = true
                continue
            }
            if pendingHyphen, !result.isEmpty {
                if result.count + 1 >= slugLimit { break }
                result.append("-")
            }
            pendingHyphen = false
            if result.count >= slugLimit { break }
            result.append(character)
        }
        return result.isEmpty ? "scenario" : result
    }

    /// One slug per name (see ``slug(_:)``), made unique by appending `-2`,
    /// `-3`, ... to the later of names whose slugs are the same.
    public static func slugs(for names: [String]) -> [String] {
        var taken = Set<String>()
        return names.map { name in
            let base = slug(name)
            var candidate = base
            var number = 2
            while taken.contains(candidate) {
                candidate = base + "-" + String(number)
                number += 1
            }
            taken.insert(candidate)
            return candidate
        }
    }
}
