import Foundation
@testable import Scenarios
import Testing

@Suite("Refusals that say what the user most likely meant")
struct TeachingErrorTests {
    @Test("another library's operator name says RAC 2.5's", arguments: [
        ("subject q\nlet d = q | debounce 0.3", 2, 13,
         "'debounce' is not an operator of RAC 2.5: RAC 2.5's `throttle S` is what other libraries call debounce: "
            + "a value is sent once S seconds pass without another"),
        ("subject q\ncold r: +1 next \"{}\"\nlet d = q | switchMap r", 3, 13,
         "'switchMap' is not an operator of RAC 2.5: `map NAME | switchToLatest`: each value's inner signal, the latest only"),
        ("subject q\nlet d = q | shareReplay", 2, 13, "'shareReplay' is not an operator of RAC 2.5: `replayLazily`"),
        ("subject q\nlet d = q | distinct", 2, 13, "'distinct' is not an operator of RAC 2.5: `distinctUntilChanged`"),
    ])
    func otherLibraryNames(text: String, line: Int, column: Int, message: String) {
        expectRefused(text, line: line, column: column, message: message)
    }

    @Test("a signal with operators inside a list source says to name it first", arguments: ["concat", "merge", "combineLatest", "zip"])
    func inlineListPipeline(list: String) {
        expectRefused("replay cache\ncold net: +1 next \"n\"\nlet x = \(list) cache | take 1, net", line: 3,
                      column: 30 + list.count - "concat".count,
                      message: "\(list) takes declared signals, and its operators apply to the whole \(list): give a signal with "
                        + "operators its own name first (let first = cache | take 1), then list it (\(list) first, net)")
    }

    @Test("a time that goes backwards says every + time counts from the subscription")
    func backwardsTime() {
        expectRefused("cold c: +1 next \"a\", +0.5 completed", line: 1, column: 22,
                      message: "times must not go backwards: +0.5 comes after +1; every + time counts from the subscription, "
                        + "not from the event before it, so 0.5 s after that event is +1.5")
    }

    @Test("an operator where RAC has none says what was meant: not, and and or exist; and takes a combination")
    func booleanOperators() {
        #expect(throws: Never.self) { try parse("subject q\nlet d = q | not") }
        expectRefused("subject q\nlet d = q | and", line: 2, column: 13,
                      message: "and takes the values of each combination of a combineLatest or zip source, so it comes right after one")
    }

    @Test("a cold signal with {} used where no value fills it is warned of at each such use; filling uses are not")
    func templateLeftLiteral() throws {
        let file = try parse("""
            subject query
            cold request: +1 next "results for {}", +1 completed
            cold plain: +1 next "x"
            attempt 2 of request: +1 error "503"
            let direct = request | take 1
            let filled = query | flattenMap request
            let mapped = query | map request | switchToLatest
            command fetch: request
            let both = merge plain, request
            subscribe "A" to request
            subscribe "B" to plain
            expect "A" to request "-a" values a = "results for {}"
            """)
        let message = "'request' has {} in its events, which only a value fills, and here it is used as it is: its events are "
            + "sent with {} as written; flattenMap request, map request or a command of request makes one per value with {} filled"
        #expect(file.warnings == [
            ScenarioFile.Warning(line: 5, column: 14, message: message),
            ScenarioFile.Warning(line: 9, column: 25, message: message),
            ScenarioFile.Warning(line: 10, column: 18, message: message),
        ])
        // An attempt's {} makes the signal templated too.
        let attempts = try parse("cold c: +1 next \"x\"\nattempt 1 of c: +1 next \"{}\"\nsubscribe \"A\" to c")
        #expect(attempts.warnings.map(\.line) == [3])
        #expect(try parse("cold c: +1 next \"x\"\nsubscribe \"A\" to c").warnings.isEmpty)
    }

    @Test("a word that is no operator anywhere still gets the closest operators")
    func unknownOperator() {
        expectRefused("subject q\nlet d = q | frobnicate", line: 2, column: 13, message: "'frobnicate' is not an operator; the closest operators are ")
    }

    @Test("a subscriber's label without its quotes says to quote it")
    func unquotedLabel() {
        expectRefused("subject q\nsubscribe View to q", line: 2, column: 11,
                      message: "'View' is not declared; a subscriber's label is written in double quotes: subscribe \"View\" to q")
        // A declared subject there is fed by the signal, as before.
        #expect(throws: Never.self) { try parse("subject q\nsubject view\nsubscribe view to q") }
    }

    @Test("every other library's name is refused, none is an operator of the table, and each is listed once")
    func table() {
        let words = OperatorDefinition.otherLibraryNames.flatMap(\.words)
        #expect(Set(words).count == words.count)
        #expect(words.allSatisfy { OperatorDefinition.indexByKeyword[$0] == nil })
        for word in words {
            let error = error(parsing: "subject q\nlet d = q | \(word)")
            #expect(error?.message.hasPrefix("'\(word)' is not an operator of RAC 2.5: ") == true, "\(word): \(error?.message ?? "parsed")")
        }
    }
}
