import Scenarios
import Testing

@Suite("An expect names one subscriber: a file where two could match is refused at the expect")
struct AmbiguousExpectationTests {
    @Test("two subscribers with one label to one signal", arguments: [
        ("subscribe \"S\" to c\nat 1 subscribe \"S\" to c", "(lines 2 and 3)"),
        ("subscribe \"S\" to c until 1\nat 2 subscribe \"S\" to c", "(lines 2 and 3)"),
        ("subscribe \"S\" to c\nsubscribe \"S\" to c\nsubscribe \"S\" to c", "3 subscribers labelled \"S\" may subscribe to c (lines 2, 3 and 4)"),
    ])
    func sameLabel(subscriptions: String, part: String) throws {
        let text = "cold c: +1 next \"a\", +2 completed\n\(subscriptions)\nexpect \"S\" to c \"-a|\""
        let refusal = try #require(error(parsing: text))
        #expect(refusal.line == text.split(separator: "\n").count)
        #expect(refusal.column == 8, "at the label")
        #expect(refusal.message.hasPrefix("expect \"S\" is ambiguous: "))
        #expect(refusal.message.contains(part), "\(refusal.message)")
        #expect(refusal.message.hasSuffix("; give each its own label"))
    }

    @Test("groups are labelled by their keys: two `each` to one groupBy, or a subscriber labelled like a key")
    func groups() throws {
        let header = "cold c: +1 next \"1\", +2 next \"2\", +3 completed\nlet g = c | groupBy \"1\" = \"odd\", \"2\" = \"even\"\n"
        let twice = header + "subscribe \"A\" to g each\nsubscribe \"B\" to g each\nexpect \"odd\" to g \"-1--|\""
        #expect(error(parsing: twice)?.message.contains("(lines 3 and 4)") == true)
        let labelledLikeAKey = header + "subscribe \"A\" to g each\nsubscribe \"odd\" to g each\nexpect \"odd\" to g \"-1--|\""
        #expect(error(parsing: labelledLikeAKey)?.message.contains("(lines 3 and 4)") == true)
        // One `each`: its own label and each key name one subscription.
        let once = header + "subscribe \"A\" to g each\nexpect \"odd\" to g \"-1--|\"\nexpect \"A\" to g \"-ab|\" values a = \"odd\", b = \"even\""
        #expect(error(parsing: once) == nil)
    }

    @Test("different labels, different signals, or no expect at all are not ambiguous")
    func unambiguous() {
        let header = "cold c: +1 next \"a\", +2 completed\nlet d = c | map \"{}\"\n"
        #expect(error(parsing: header + "subscribe \"S\" to c\nsubscribe \"S\" to d\nexpect \"S\" to c \"-a|\"\nexpect \"S\" to d \"-a|\"") == nil)
        #expect(error(parsing: header + "subscribe \"S\" to c\nsubscribe \"T\" to c\nexpect \"S\" to c \"-a|\"") == nil)
        #expect(error(parsing: header + "subscribe \"S\" to c\nsubscribe \"S\" to c") == nil, "nothing expected of them")
    }

    @Test("the check is in the parse, so check, render --expect, report and docs all refuse the file")
    func checkNeverRuns() throws {
        let text = "cold c: +1 next \"a\", +2 completed\nsubscribe \"S\" to c\nat 1 subscribe \"S\" to c\nexpect \"S\" to c \"-a|\""
        #expect(throws: ScenarioFileError.self) { try ScenarioFile(parsing: text, file: "a.sigviz") }
    }
}
