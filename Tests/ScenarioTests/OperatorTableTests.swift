import Foundation
@testable import Scenarios
import Testing
import Tracer

// The scenario language's operator table (issue 25, item 1): one row per operator, from which
// the parser reads its words, the runner builds it, and the nesting bound counts it; the
// documentation's operator table and the fuzzer's dictionary are written from it here, and the
// truth oracle's generator draws its operators from it (RenderTests).

/// A file that declares what the examples name (`NAME`, `SUBJECT`, `SCHEDULER`) and uses `line`.
private func file(using line: String) -> String {
    """
    scheduler SCHEDULER
    cold NAME: +1 next "a", +2 completed
    cold SOURCE: +0.5 next "a", +1 next "b", +2 completed
    subject SUBJECT
    \(line)
    subscribe "S" to p
    at 1 send SUBJECT "a"
    at 3 complete SUBJECT
    """
}

@Suite("The operator table")
struct OperatorTableTests {
    @Test("docs/scenario-format.md's operator table is the one the table writes")
    func documented() throws {
        try checkSection(
            "docs/scenario-format.md",
            from: "<!-- The operator table is written from Sources/Scenarios/File/Operators; OperatorTableTests checks it, and "
                + "`SIGVIZ_RECORD=1 swift test --filter OperatorTableTests` rewrites it. -->",
            to: "<!-- end of the operator table -->", is: OperatorDefinition.reference, rewrittenBy: "OperatorTableTests")
    }

    @Test("the documentation lists every form of every operator, and the words the parser refuses")
    func referenceListsEveryForm() {
        let reference = OperatorDefinition.reference
        for row in OperatorDefinition.table {
            for form in row.forms {
                let written = form.syntax.isEmpty ? row.keyword : row.keyword + " " + form.syntax
                #expect(reference.contains("`\(written.replacing("|", with: "\\|"))`"), "\(written)")
            }
        }
        for (words, _) in OperatorDefinition.refused {
            for word in words { #expect(reference.contains("`\(word)`")) }
        }
    }

    @Test("Fuzz/scenario.dict ends with every operator's words, as the table writes them")
    func fuzzDictionary() throws {
        try checkSection(
            "Fuzz/scenario.dict",
            from: "# The operators' words, written from the operator table by OperatorTableTests (SIGVIZ_RECORD=1 rewrites them).",
            to: nil, is: OperatorDefinition.dictionary, rewrittenBy: "OperatorTableTests")
        for word in ScenarioFile.operators { #expect(OperatorDefinition.dictionary.contains("\"\(word)\"")) }
    }

    @Test("each form's examples parse as that operator in that form, and run", arguments: OperatorDefinition.table.map(\.keyword))
    func examplesParse(keyword: String) throws {
        let index = try #require(OperatorDefinition.indexByKeyword[keyword])
        let row = OperatorDefinition.table[index]
        for (formIndex, form) in row.forms.enumerated() {
            for example in form.examples {
                // What the pipeline must be before it, and after it something one can subscribe to.
                let (source, before) = switch form.input {
                case .signal, .any: ("SOURCE", "")
                case .signals: ("SOURCE", " | map NAME")
                case .connection: ("SOURCE", " | publish")
                case .tuples: ("combineLatest SOURCE, NAME", "")
                }
                let after = switch form.output {
                case .signal, .same, .connection: ""
                case .signals: " | flatten"
                case .groups: ""
                }
                let written = example.isEmpty ? keyword : keyword + " " + example
                let line = "let p = \(source)\(before) | \(written)\(after)"
                let text = form.output == .groups
                    ? file(using: line).replacing("subscribe \"S\" to p", with: "subscribe \"S\" to p each")
                    : file(using: line)
                let parsed = try ScenarioFile(parsing: text, file: "example.sigviz")
                guard case .pipeline(_, _, let operators)? = parsed.statements.first(where: {
                    if case .pipeline = $0.value { true } else { false }
                })?.value else {
                    Issue.record("no pipeline in \(line)")
                    continue
                }
                let op = try #require(operators.first { $0.value.is(row) })
                #expect(op.value.form.pieces.count == form.pieces.count)
                #expect(operators.map { $0.value.definition.keyword }.contains(keyword))
                #expect(ScenarioFile.Operator(definition: index, form: formIndex, arguments: op.value.arguments).form.syntax == form.syntax)
                // Bounded: `repeat` of a subject that completed subscribes again for ever.
                do {
                    #expect(try parsed.scenario(named: "example").trace(maximumEvents: 2_000).events.isEmpty == false, "\(line)")
                } catch {
                    #expect(keyword == "repeat", "\(line): \(error)")
                }
            }
        }
    }

    @Test("a form is chosen by what the pipeline is and by its first word")
    func formsAreChosen() throws {
        func form(_ line: String) throws -> String {
            let parsed = try ScenarioFile(parsing: file(using: line), file: "f.sigviz")
            guard case .pipeline(_, _, let operators)? = parsed.statements.first(where: {
                if case .pipeline = $0.value { true } else { false }
            })?.value, let last = operators.last?.value else { return "" }
            return last.definition.keyword + " " + last.form.syntax
        }
        #expect(try form("let p = SUBJECT | concat NAME") == "concat NAME")
        #expect(try form("let p = SUBJECT | map NAME | concat") == "concat ")
        #expect(try form("let p = SUBJECT | catchTo return \"x\"") == "catchTo return \"Error\"")
        #expect(try form("let p = SUBJECT | catchTo NAME") == "catchTo NAME")
        #expect(try form("let p = SUBJECT | flattenMap error \"e\"") == "flattenMap error \"message\"")
        #expect(try form("let p = SUBJECT | map \"<{}>\"") == "map \"<{}>\"")
    }

    @Test("an operator's operands and targets are the names its pieces read: what the nesting bound counts")
    func operandsAndTargets() throws {
        let parsed = try ScenarioFile(
            parsing: file(using: "let p = SUBJECT | merge NAME | doNext SUBJECT \"x\" | multicast SUBJECT | autoconnect"), file: "o.sigviz")
        guard case .pipeline(_, _, let operators)? = parsed.statements.first(where: {
            if case .pipeline = $0.value { true } else { false }
        })?.value else { throw CancellationError() }
        #expect(operators.map(\.value.operands) == [["NAME"], [], ["SUBJECT"], []])
        #expect(operators.map(\.value.targets) == [[], ["SUBJECT"], [], []])
    }

    @Test("every operator has a unique word, and a word that is not one is refused with the closest operators")
    func everyOperatorParses() throws {
        #expect(ScenarioFile.operators.count == Set(ScenarioFile.operators).count)
        #expect(ScenarioFile.operators == OperatorDefinition.table.map(\.keyword))
        #expect(throws: ScenarioFileError.self) { try ScenarioFile(parsing: "cold c: +1 completed\nlet p = c | teleport", file: "t.sigviz") }
    }
}
