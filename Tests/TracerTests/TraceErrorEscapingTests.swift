import Foundation
import Testing
import Tracer

/// A one-signal trace whose signal kind is `kind`, written as raw JSON string content.
private func trace(kind: String) -> Data {
    Data(("{\"version\": 1, \"signals\": [{\"id\": 0, \"kind\": \"" + kind + "\", \"name\": \"s\"}], \"subscriptions\": [], \"events\": []}").utf8)
}

private func error(decoding data: Data) -> TraceFormatError? {
    do {
        _ = try Trace(json: data)
        return nil
    } catch {
        return error
    }
}

@Suite("Trace errors keep quoted text visible")
struct TraceErrorEscapingTests {
    @Test("control, format and separator characters become escapes; everything else is kept", arguments: [
        ("a\nb", #"a\nb"#), ("a\rb", #"a\rb"#), ("a\tb", #"a\tb"#), ("\u{1B}[2J", #"\u{1B}[2J"#), ("\u{0}", #"\u{0}"#),
        ("\u{7F}", #"\u{7F}"#), ("\u{9B}", #"\u{9B}"#), ("\u{202E}x", #"\u{202E}x"#), ("\u{2066}", #"\u{2066}"#),
        ("\u{200B}\u{200D}", #"\u{200B}\u{200D}"#), ("\u{FEFF}", #"\u{FEFF}"#), ("\u{2028}\u{2029}", #"\u{2028}\u{2029}"#),
        ("\u{E0041}", #"\u{E0041}"#), ("\u{061C}", #"\u{61C}"#),
        (#"back\slash \u{1B}"#, #"back\slash \u{1B}"#), ("é 😀 مرحبا e\u{301} \u{A0}", "é 😀 مرحبا e\u{301} \u{A0}"),
    ])
    func escapes(text: String, escaped: String) {
        #expect(visiblyEscaped(text) == escaped)
    }

    @Test("a kind that forges an error line stays on the message's line", arguments: [
        (#"cold\nError: forged"#, #"cold\nError: forged"#), (#"\u001b]0;pwned\u0007"#, #"\u{1B}]0;pwned\u{7}"#),
        (#"\u202ecold"#, #"\u{202E}cold"#), (#"co\u0000ld"#, #"co\u{0}ld"#),
    ])
    func forgedKind(json: String, shown: String) throws {
        let problem = try #require(error(decoding: trace(kind: json)))
        #expect(problem.message.hasPrefix("unknown signal kind '\(shown)'; expected one of"))
        #expect(!problem.message.contains("\n"))
        #expect(!problem.description.unicodeScalars.contains { $0.properties.generalCategory == .control })
    }

    @Test("an unknown field name and format are escaped too")
    func fieldAndFormat() throws {
        let field = try #require(error(decoding: Data(#"{"\u001b[2J": 1}"#.utf8)))
        #expect(field.message == #"unknown field '\u{1B}[2J' in the trace"#)
        let format = try #require(error(decoding: Data(#"{"format": "\u001b[31mred"}"#.utf8)))
        #expect(format.message == #"this is not a sigviz trace: format is '\u{1B}[31mred', expected 'sigviz-trace'"#)
    }

    @Test("TraceFormatError escapes any message it is made with")
    func initEscapes() {
        #expect(TraceFormatError(line: 1, column: 2, message: "a\u{1B}b\nc").message == #"a\u{1B}b\nc"#)
        #expect(TraceFormatError(line: 1, column: 2, message: "plain").message == "plain")
    }
}
