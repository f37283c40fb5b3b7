/// How a diagram's SVG is written: as a document of its own (an `.svg` file), or inside an HTML
/// page, where several diagrams share the page's ids and the page's script reads the marks.
struct SVGForm: Hashable, Sendable {
    /// The prefix of the ids of its title and description (`PREFIX-title`, `PREFIX-desc`).
    var idPrefix = "sigviz"
    /// Whether it opens with an XML declaration: a document does, a diagram in a page does not.
    var declaresXML = true
    /// Whether each mark names its event (`data-event`), for the page's script and styles to
    /// reach it: not for a diagram of other traces than the page's.
    var marksEvents = true
    /// How its text is escaped.
    var context = MarkupContext.svg

    /// A document of its own.
    static let document = SVGForm()

    /// A diagram inside an HTML page, its ids starting with `idPrefix` (unique on the page); its
    /// marks naming their events when `marksEvents`.
    static func inPage(idPrefix: String, marksEvents: Bool = true) -> SVGForm {
        SVGForm(idPrefix: idPrefix, declaresXML: false, marksEvents: marksEvents, context: .svgInHTML)
    }
}
