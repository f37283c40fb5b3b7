import Tracer

/// The HTML of the report's pages. Every page is HTML5 that is also
/// well-formed XML (polyglot markup), so the tests can parse it.
enum ReportPage {
    /// An entry and the slug its page is named by.
    struct Link {
        let entry: RecordedScenario
        let slug: String

        var path: String { ReportBuilder.path(ofPageWithSlug: slug) }
    }

    // The index is ReportIndexPage, a scenario's page ReportScenarioPage, its events table
    // EventsTable and its findings FindingsSection; here, what every page shares.

    /// The page's head: its title, description and style sheet, and `style`, rules of the page's own.
    static func head(title: String, description: String, style: String = "") -> String {
        var html = MarkupWriter(capacity: 8192, context: .html)
        html.raw("<!DOCTYPE html>\n")
        html.open("html", [("xmlns", "http://www.w3.org/1999/xhtml"), ("lang", "en")])
        html.newline()
        html.open("head")
        html.newline()
        for attributes in [[("charset", "utf-8")], [("name", "viewport"), ("content", "width=device-width, initial-scale=1")],
                           [("name", "color-scheme"), ("content", "light dark")], [("name", "generator"), ("content", "sigviz")],
                           [("name", "description"), ("content", description)]] {
            html.empty("meta", attributes)
            html.newline()
        }
        html.line("title", text: title)
        // The style sheet is this module's (report.css, the palette) and the page's own rules:
        // markup of its own, without `<` or `&`.
        html.open("style")
        html.raw(styleSheet + style)
        html.close("style")
        html.newline()
        html.raw("</head>\n<body>\n")
        return html.text
    }

    static func footer() -> String {
        var html = MarkupWriter(capacity: 256, context: .html)
        html.line("footer", [("class", "r-footer")], text: "Made by sigviz from recorded traces of the ReactiveCocoa 2.5 runtime on virtual time.")
        return html.text
    }

    /// The page's style sheet: the theme's colours as custom properties (from ``Palette``, as the
    /// diagrams draw them), then the rules, Resources/report.css. The inline SVGs bring their own
    /// (``Theme/auto``), whose rules apply to the whole page, so every class of report.css starts
    /// with `r-` to keep clear of them. No `<` or `&`, for XML.
    static let styleSheet = """

        :root{color-scheme:light dark;--bg:\(Palette.light.background);--panel:\(Palette.light.panel);--fg:\(Palette.light.foreground);\
        --muted:\(Palette.light.muted);--grid:\(Palette.light.grid);--link:#005a8f;--hl:#D55E00;--hl-row:#fde9c8;--hl-main:#f9c98a;--target:#d7ecf9;\
        --fail:#b34100;--fail-bg:#fdeee6}
        @media (prefers-color-scheme:dark){:root{--bg:\(Palette.dark.background);--panel:\(Palette.dark.panel);--fg:\(Palette.dark.foreground);\
        --muted:\(Palette.dark.muted);--grid:\(Palette.dark.grid);--link:#79c0ff;--hl:#F0B431;--hl-row:#3a2e12;--hl-main:#5c4516;--target:#12324a;\
        --fail:#F07A3A;--fail-bg:#3a1d0e}}

        """ + String(decoding: PackageResources.report_css, as: UTF8.self)

    /// The hover script, Resources/report.js: plain JavaScript, no libraries. It reads each row's
    /// `data-event` and `data-cause`, and on hovering anything with `data-event` (a mark or a
    /// row) highlights that event, the events in its chain of causes and the events whose chain of
    /// causes leads to it; on hovering a finding (`data-finding-events`), the finding's events.
    /// Wrapped in a commented CDATA section by the page, for XML.
    static let script = String(decoding: PackageResources.report_js, as: UTF8.self)

    /// A table's head: a row of column headings (`scope="col"`), each with its class if any; then
    /// the body opens.
    static func headings(_ html: inout MarkupWriter, _ columns: [(String, String?)]) {
        html.open("thead")
        html.open("tr")
        for (heading, className) in columns {
            html.element("th", [("scope", "col")] + (className.map { [("class", $0)] } ?? []), text: heading)
        }
        html.close("tr")
        html.close("thead")
        html.newline()
        html.open("tbody")
        html.newline()
    }

    /// A diagram in its figure.
    static func figure(_ html: inout MarkupWriter, _ svg: String) {
        html.open("figure", [("class", "r-figure")])
        html.newline()
        html.raw(svg)
        html.close("figure")
        html.newline()
    }

    /// Opens a section labelled by its heading: `<section aria-labelledby="ID">` and `<h2 id="ID">`.
    static func openSection(_ html: inout MarkupWriter, id: String, heading: String, class className: String? = nil) {
        html.open("section", (className.map { [("class", $0)] } ?? []) + [("aria-labelledby", id)])
        html.newline()
        html.line("h2", [("id", id)], text: heading)
    }
}
