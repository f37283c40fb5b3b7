@testable import Render
import Scenarios
import Tracer
import Testing

@Suite("Escaping text for SVG and HTML")
struct EscapingTests {
    @Test("markup characters are escaped in every context; the apostrophe as XML's or HTML's entity",
          arguments: MarkupContext.allCases)
    func markup(context: MarkupContext) {
        let apostrophe = context == .svg || context == .svgInHTML ? "&apos;" : "&#39;"
        #expect(escaped("&<>\"'", for: context) == "&amp;&lt;&gt;&quot;" + apostrophe)
        #expect(escaped("</script><!--", for: context) == "&lt;/script&gt;&lt;!--")
    }

    @Test("text with nothing to escape comes back as it is, whatever the context", arguments: MarkupContext.allCases)
    func unchanged(context: MarkupContext) {
        for text in ["", "plain", "é 👩‍👩‍👧 → ×", "\u{A0}\u{2028}\u{FEFF}"] {
            #expect(escaped(text, for: context) == text)
        }
    }

    @Test("line breaks and tabs are spaces, except in a <pre>, which keeps them with CR LF and CR as LF",
          arguments: MarkupContext.allCases)
    func lineBreaks(context: MarkupContext) {
        let expected = context == .preformattedHTML ? "a\nb\nc\nd\te" : "a b  c d e"
        #expect(escaped("a\nb\r\nc\rd\te", for: context) == expected)
    }

    /// The string of these scalars (Swift literals cannot spell the noncharacters).
    static func text(_ values: [UInt32]) -> String {
        String(String.UnicodeScalarView(values.map { Unicode.Scalar($0)! }))
    }

    static let forbidden: [UInt32] = [0x00, 0x1B, 0xFFFE, 0xFFFF, 0x7F, 0x80, 0x9F, 0xFDD0, 0xFDEF]

    @Test("C0 controls and U+FFFE/U+FFFF are U+FFFD everywhere; DEL, C1 and U+FDD0–U+FDEF only in HTML", arguments: [
        (MarkupContext.svg, text([0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD, 0x7F, 0x80, 0x9F, 0xFDD0, 0xFDEF])),
        (MarkupContext.svgInHTML, text([0xFFFD, 0xFFFD, 0xFFFD, 0xFFFD, 0x7F, 0xFFFD, 0xFFFD, 0xFDD0, 0xFDEF])),
        (MarkupContext.html, text(Array(repeating: 0xFFFD, count: 9))),
        (MarkupContext.preformattedHTML, text(Array(repeating: 0xFFFD, count: 9))),
    ])
    func forbidden(context: MarkupContext, expected: String) {
        #expect(escaped(Self.text(Self.forbidden), for: context) == expected)
        let allowed = Self.text([0xA0, 0xFDCF, 0xFDF0])
        #expect(escaped(allowed, for: context) == allowed)
    }

    @Test("every bidirectional control is shown as a visible escape", arguments: MarkupContext.allCases)
    func bidirectional(context: MarkupContext) {
        let controls: [UInt32] = [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]
        for value in controls {
            let scalar = Unicode.Scalar(value)!
            #expect(escaped("a\(scalar)b", for: context) == "a\\u{\(String(value, radix: 16, uppercase: true))}b")
        }
        #expect(escaped("\u{200D}\u{2065}\u{202F}", for: context) == "\u{200D}\u{2065}\u{202F}")
    }

    @Test("SVG text and attributes go through the same escaping")
    func writer() {
        var svg = MarkupWriter()
        svg.element("text", [("class", "a'b\n")], text: "x < y\u{202E}")
        #expect(svg.text == "<text class=\"a&apos;b \">x &lt; y\\u{202E}</text>")
    }
}

@Suite("Text outputs show invisible and reordering characters as escapes, as HTML and SVG do")
struct TextOutputEscapingTests {
    private let hidden = ["\u{202E}", "\u{FEFF}", "\u{200B}", "\u{2066}", "\u{061C}", "\u{2028}"]

    /// A trace of one value labelled `label`, titled `title`, on a subscriber labelled `label`.
    private func trace(label: String, title: String) throws -> Trace {
        let file = try ScenarioFile(parsing: """
            title "\(title)"
            cold c: +1 next "\(label)", +2 completed
            subscribe "\(label)" to c
            """, file: "hidden.sigviz")
        return file.scenario(named: "hidden").trace()
    }

    @Test("docs' scenarios.md writes a bidi override, a byte-order mark and other invisible characters of a title and about as escapes")
    func markdownPage() throws {
        for character in hidden {
            let text = "evil\(character)txt"
            let trace = try trace(label: "v", title: text)
            let builder = DocsBuilder(theme: .light)
            let section = builder.section(for: RecordedScenario(name: "hidden", title: text, about: "about \(text)", trace: trace))
            let page = try #require(builder.files(for: [section]).first { $0.path == DocsBuilder.pageName })
            let markdown = String(decoding: page.contents, as: UTF8.self)
            #expect(!markdown.unicodeScalars.contains(character.unicodeScalars.first!), "raw \(visiblyEscaped(character))")
            // A line separator is a line break, written as a space; the others are shown escaped.
            guard !character.first!.isNewline else { continue }
            let escape = "\\\\u{" + String(character.unicodeScalars.first!.value, radix: 16, uppercase: true) + "}"
            #expect(markdown.contains(escape), "shown as \(escape)")
        }
    }

    @Test("the marbles' legend, lanes and title write them as escapes")
    func marbles() throws {
        for character in hidden {
            let text = "evil\(character)txt"
            let marbles = try trace(label: text, title: text).marbles()
            #expect(!marbles.unicodeScalars.contains(character.unicodeScalars.first!), "raw \(visiblyEscaped(character))")
        }
    }

    @Test("an emoji sequence keeps its joiners in Markdown and marbles; a lone joiner is escaped")
    func emojiJoiners() throws {
        #expect(visiblyEscaped("👩‍👩‍👧") == "👩‍👩‍👧")
        #expect(visiblyEscaped("a\u{200D}b") == "a\\u{200D}b")
        #expect(visiblyEscaped("\u{200D}👩") == "\\u{200D}👩")
        let marbles = try trace(label: "👩‍👩‍👧", title: "family").marbles()
        #expect(marbles.contains("\"👩‍👩‍👧\""))
    }

    @Test("a web address in an about becomes a link to itself, escaped; nothing else becomes one")
    func addressesAreLinks() {
        let section = ReportPage.aboutSection(
            "Source: https://github.com/ReactiveCocoa/ReactiveCocoa/issues/1218 (How to avoid it), and "
                + "https://x.example/a\"onclick=\"alert(1)<b>, not javascript:alert(1) nor https:// alone.")
        #expect(section.contains(
            "<p>Source: <a href=\"https://github.com/ReactiveCocoa/ReactiveCocoa/issues/1218\">"
                + "https://github.com/ReactiveCocoa/ReactiveCocoa/issues/1218</a> (How to avoid it), and "
                + "<a href=\"https://x.example/a&quot;onclick=&quot;alert(1)&lt;b&gt;\">https://x.example/a&quot;onclick=&quot;alert(1)&lt;b&gt;</a>"
                + ", not javascript:alert(1) nor https:// alone.</p>"))
        #expect(section.components(separatedBy: "<a ").count == 3)
    }
}
