import Tracer
/// What every diagram draws with: one SVG document in a theme's colours, its title and
/// description, a header, groups, shapes and text cut to fit.
///
/// The timelines draw on it through ``TimelinePainter``, which adds the time axis, the lanes and
/// their marks; the subscription graph draws its nodes and arrows on it directly.
struct Canvas {
    let theme: Theme
    /// How the document is written: on its own, or inside a page.
    let form: SVGForm
    /// The document's body so far: for the shapes a diagram writes itself.
    var svg: MarkupWriter
    /// What ``begin(width:height:title:description:)`` was given: the opening is written at
    /// ``end(height:)``, when a diagram whose legend took more rows than planned knows its height.
    private var opening: (width: Double, height: Double, title: String, description: String)?

    init(theme: Theme, form: SVGForm = .document) {
        self.theme = theme
        self.form = form
        svg = MarkupWriter(context: form.context)
    }

    // MARK: Document

    /// Opens the document `height` pixels high (or as ``end(height:)`` says): the `<svg>` element,
    /// its accessible title and description, the style sheet and the background, all written at the end.
    mutating func begin(width: Double, height: Double, title: String, description: String) {
        opening = (width, height, title, description)
    }

    /// Closes the document, `height` pixels high when given (else as begun), and returns it.
    mutating func end(height: Double? = nil) -> String {
        guard let opening else { return svg.text }
        let height = height ?? opening.height
        var head = MarkupWriter(capacity: 2048 + theme.styleSheet.utf8.count, context: form.context)
        if form.declaresXML { head.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n") }
        head.open("svg", [
            ("xmlns", "http://www.w3.org/2000/svg"), ("viewBox", "0 0 \(number(opening.width)) \(number(height))"),
            ("width", number(opening.width)), ("height", number(height)), ("role", "img"),
            ("aria-labelledby", "\(form.idPrefix)-title \(form.idPrefix)-desc"),
        ])
        head.newline()
        head.element("title", [("id", form.idPrefix + "-title")], text: shortened(opening.title, to: MarkupWriter.tooltipLimit))
        head.element("desc", [("id", form.idPrefix + "-desc")], text: shortened(opening.description, to: MarkupWriter.tooltipLimit * 4))
        head.newline()
        head.element("style", text: theme.styleSheet)
        head.newline()
        head.empty("rect", [("class", "bg"), ("x", "0"), ("y", "0"), ("width", number(opening.width)), ("height", number(height))])
        head.newline()
        return head.text + svg.text + "</svg>\n"
    }

    /// The height of the header, from its top to what is drawn below it.
    static let headerHeight = 58.0

    /// The diagram's title and, below it, a smaller subtitle: ``headerHeight`` high.
    mutating func header(title: String, subtitle: String, y: Double) {
        svg.element("text", [("class", "title"), ("x", "16"), ("y", number(y + 26))], text: shortened(title, to: 90))
        svg.element("text", [("class", "subtitle muted"), ("x", "16"), ("y", number(y + 46))], text: shortened(subtitle, to: 140))
        svg.newline()
    }

    // MARK: Pieces

    /// Opens a `<g>` of class `className`.
    mutating func group(_ className: String) { svg.open("g", [("class", className)]) }

    /// Closes the group opened last.
    mutating func endGroup() {
        svg.close("g")
        svg.newline()
    }

    /// An empty element such as `<rect .../>`.
    mutating func element(_ name: String, _ attributes: [(String, String)]) { svg.empty(name, attributes) }

    /// Text at (`x`, `y`), cut to `limit` characters; when cut, the whole text is its tooltip.
    mutating func text(_ text: String, class className: String, x: Double, y: Double, limit: Int, anchor: String? = nil) {
        var attributes = [("class", className), ("x", number(x)), ("y", number(y))]
        if let anchor { attributes.append(("text-anchor", anchor)) }
        let shown = shortened(text, to: limit)
        if shown != text {
            svg.open("text", attributes)
            svg.tooltip(text)
            svg.write(shown)
            svg.close("text")
        } else {
            svg.element("text", attributes, text: text)
        }
    }
}

extension Canvas {
    /// A square of `side` pixels centred on (x, y).
    mutating func square(class className: String, x: Double, y: Double, side: Double) {
        svg.empty("rect", [
            ("class", className), ("x", number(x - side / 2)), ("y", number(y - side / 2)), ("width", number(side)),
            ("height", number(side)),
        ])
    }

    /// A cross (an error) centred on (x, y), each arm reaching `arm` pixels across and down.
    mutating func cross(class className: String = "cross", x: Double, y: Double, arm: Double) {
        svg.empty("path", [
            ("class", className),
            ("d", "M\(number(x - arm)) \(number(y - arm))l\(number(2 * arm)) \(number(2 * arm))m0 -\(number(2 * arm))l-\(number(2 * arm)) \(number(2 * arm))"),
        ])
    }
}
