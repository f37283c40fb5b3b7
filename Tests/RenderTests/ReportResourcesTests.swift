import Foundation
@testable import Render
import Testing

@Suite("The report's style sheet and script, files of their own compiled into the module")
struct ReportResourcesTests {
    @Test("the style sheet is the palette's colours then report.css, with no character XML reads")
    func styleSheet() {
        let sheet = ReportPage.styleSheet
        #expect(sheet.hasPrefix("\n:root{color-scheme:light dark;--bg:\(Palette.light.background);"))
        #expect(sheet.contains("@media (prefers-color-scheme:dark){:root{--bg:\(Palette.dark.background);"))
        #expect(sheet.contains("\nhtml{background:var(--bg);color:var(--fg)}\n"), "report.css follows the colours")
        #expect(sheet.hasSuffix(".r-footer{margin-top:40px;padding-top:10px;border-top:1px solid var(--grid);color:var(--muted);font-size:13px}\n"))
        #expect(!sheet.contains("<") && !sheet.contains("&"), "the page is XML too")
    }

    @Test("the script is report.js, and cannot end the CDATA section the page wraps it in")
    func script() {
        #expect(ReportPage.script.hasPrefix("(function () {\n  \"use strict\";\n"))
        #expect(ReportPage.script.hasSuffix("})();\n"))
        #expect(!ReportPage.script.contains("]]>"))
    }
}
