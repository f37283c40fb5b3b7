import Testing
@testable import Tracer

@Suite("Parsing marbles")
struct MarbleParsingTests {
    @Test("every character but a space is a frame; a group's events share the frame of its '('", arguments: [
        ("", []),
        ("---", []),
        ("a", [Marble.Group(frame: 0, events: [.next("a")])]),
        ("-a-b|", [.init(frame: 1, events: [.next("a")]), .init(frame: 3, events: [.next("b")]), .init(frame: 4, events: [.completed])]),
        ("-(ab)c", [.init(frame: 1, events: [.next("a"), .next("b")]), .init(frame: 5, events: [.next("c")])]),
        ("(a|)", [.init(frame: 0, events: [.next("a"), .completed])]),
        ("--#", [.init(frame: 2, events: [.error])]),
        ("  a b  c", [.init(frame: 0, events: [.next("a")]), .init(frame: 1, events: [.next("b")]), .init(frame: 2, events: [.next("c")])]),
        ("()-a", [.init(frame: 3, events: [.next("a")])]),
    ] as [(String, [Marble.Group])])
    func groups(text: String, groups: [Marble.Group]) throws {
        #expect(try Marble(parsing: text).groups == groups)
    }

    @Test("a values table gives characters their text; other characters stand for themselves")
    func values() throws {
        let marble = try Marble(parsing: "ab-é", values: ["a": "one", "é": "accent"])
        #expect(marble.groups.flatMap(\.events) == [.next("one"), .next("b"), .next("accent")])
        #expect(marble.text == "ab-é")
        #expect(marble.values == ["a": "one", "é": "accent"])
    }

    @Test("the timeline puts each event at its frame times the seconds per frame")
    func timeline() throws {
        let marble = try Marble(parsing: "-a-(b|)")
        #expect(marble.timeline(frame: 0.5) == [
            MarbleEvent.Timed(time: 0.5, event: .next("a")), .init(time: 1.5, event: .next("b")), .init(time: 1.5, event: .completed),
        ])
        #expect(try Marble(parsing: "").timeline(frame: 1).isEmpty)
    }

    @Test("a mistake is reported at its character, counted from 0 with spaces and grapheme clusters as one", arguments: [
        ("a((b))", 2, "groups cannot be nested"),
        ("a)", 1, "')' without '('"),
        ("  ab(c", 5, "a group is not closed: expected ')'"),
        ("--a^--|", 3, "'^' marks subscriptions; a source marble has only values, '-', '|', '#' and groups"),
        ("-a-!", 3, "'!' marks subscriptions; a source marble has only values, '-', '|', '#' and groups"),
        ("--a|b", 4, "nothing can follow '|' or '#' in a marble"),
        ("#-a", 2, "nothing can follow '|' or '#' in a marble"),
        ("é-(👩‍👩‍👧|)x", 6, "nothing can follow '|' or '#' in a marble"),
    ])
    func mistakes(text: String, offset: Int, message: String) {
        #expect(throws: MarbleSyntaxError(offset: offset, message: message)) { try Marble(parsing: text) }
    }

    @Test("after '|' or '#' only empty frames and groups may follow")
    func afterTheEnd() throws {
        #expect(try Marble(parsing: "a|---").groups.count == 2)
        #expect(try Marble(parsing: "#()").groups == [Marble.Group(frame: 0, events: [.error])])
    }
}
