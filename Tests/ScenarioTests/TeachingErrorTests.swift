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
