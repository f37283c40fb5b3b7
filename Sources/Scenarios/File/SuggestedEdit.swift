import Findings
import Tracer

extension ScenarioFile {
    /// The edit of this file that makes `suggestion`, placed by where the run made each signal;
    /// `nil` when the change cannot be placed in the file (a signal the file did not make, a
    /// cold signal with `{}` that `flattenMap` fills, an operator the change does not apply to).
    func edit(making suggestion: Suggestion, places: [Int: SignalPlaces.Place]) -> FileEdit? {
        guard let place = places[suggestion.signal] else { return nil }
        var edit = FileEdit(source)
        switch suggestion.change {
        case .share(_, let sharing):
            if let (name, line) = place.declared {
                guard !isTemplatedCold(name) else { return nil }
                // A new name for the shared signal, and every later use of the old one changed to it.
                let shared = unusedName(like: "shared" + name.prefix(1).uppercased() + name.dropFirst())
                // Its uses after the declaration.
                replaceUses(of: name, onLines: { $0 > line }, with: shared, in: &edit)
                edit.add("let \(shared) = \(name) | \(sharing.rawValue)", afterLine: line)
            } else if let made = place.made, let tokens = edit.tokens(ofLine: made.line) {
                // Inside a pipeline: the operator goes right after the source or operator that made the signal.
                if let next = tokens.first(where: { $0.kind == .symbol("|") && $0.column > made.column }) {
                    edit.replace(line: made.line, from: next.column, to: next.column, with: "| \(sharing.rawValue) ")
                } else if let last = tokens.last {
                    edit.replace(line: made.line, from: last.end, to: last.end, with: " | \(sharing.rawValue)")
                }
            }
        case .replaySubject(_, let capacity?) where replayDeclaration(place, in: edit) != nil:
            // `replay NAME` (unlimited) gets its capacity.
            let (line, declared) = replayDeclaration(place, in: edit)!
            edit.replace(line: line, from: declared.end, to: declared.end, with: " capacity \(capacity)")
        case .replaySubject(_, let capacity):
            guard let (name, line) = place.declared, statement(at: line).map({ if case .subject(name) = $0 { true } else { false } }) == true,
                  let tokens = edit.tokens(ofLine: line), let keyword = tokens.first(where: { $0.word == "subject" }),
                  let declared = tokens.first(where: { $0.word == name && $0.column > keyword.column }) else { return nil }
            edit.replace(line: line, from: keyword.column, to: declared.end,
                         with: "replay \(name)" + (capacity.map { " capacity \($0)" } ?? ""))
        case .switchToLatest:
            guard let made = place.made, case .pipeline(_, _, let operators)? = statement(at: made.line),
                  let op = operators.first(where: { Int($0.column) == made.column }),
                  let tokens = edit.tokens(ofLine: made.line) else { return nil }
            let own = tokens.drop { $0.column <= made.column }.prefix { $0.kind != .symbol("|") }
            guard let first = own.first, let last = own.last else { return nil }
            if op.value.is(.flattenMap), let inner = op.value.operands.first {
                edit.replace(line: made.line, from: first.column, to: last.end, with: "map \(inner) | switchToLatest")
            } else if op.value.is(.flatten) {
                edit.replace(line: made.line, from: first.column, to: last.end, with: "switchToLatest")
            } else {
                return nil
            }
        case .catchInner:
            // `flattenMap request` becomes `flattenMap requestOrNothing`, declared on the lines before
            // as `request | catchTo nothing` with `nothing = empty`. A cold signal with `{}`, which
            // flattenMap makes anew for each value, cannot be wrapped so.
            guard let made = place.made, case .pipeline(_, _, let operators)? = statement(at: made.line),
                  let op = operators.first(where: { Int($0.column) == made.column }), op.value.is(.flattenMap),
                  let inner = op.value.operands.first, !isTemplatedCold(inner),
                  let tokens = edit.tokens(ofLine: made.line),
                  let keyword = tokens.first(where: { $0.column > made.column && $0.word == "flattenMap" }),
                  let operand = tokens.first(where: { $0.column > keyword.column && $0.word == inner }) else { return nil }
            let nothing = unusedName(like: "nothing")
            let caught = unusedName(like: inner + "OrNothing")
            edit.replace(line: made.line, from: operand.column, to: operand.end, with: caught)
            edit.add("let \(nothing) = empty", afterLine: made.line - 1)
            edit.add("let \(caught) = \(inner) | catchTo \(nothing)", afterLine: made.line - 1)
        case .deliverOnMain:
            // The labelled subscribers of NAME subscribe to `let NAMEOnMain = NAME | deliverOn main`
            // instead, declared after NAME (with `scheduler main`, when the file has none).
            guard let (name, line) = place.declared else { return nil }
            let lines = subscribeLines(to: name) { _ in true }
            guard !lines.isEmpty else { return nil }
            let onMain = unusedName(like: name + "OnMain")
            replaceUses(of: name, onLines: lines.contains, with: onMain, in: &edit)
            if !statements.contains(where: { if case .scheduler("main") = $0.value { true } else { false } }) {
                edit.add("scheduler main", afterLine: line)
            }
            edit.add("let \(onMain) = \(name) | deliverOn main", afterLine: line)
        case .connectOnDemand:
            // `| replayLast` becomes `| publish | autoconnect`, where the run made the signal.
            guard let made = place.made, let tokens = edit.tokens(ofLine: made.line),
                  let word = tokens.first(where: { $0.column > made.column && $0.word != nil }),
                  ["replay", "replayLast", "replayLazily"].contains(word.word) else { return nil }
            edit.replace(line: made.line, from: word.column, to: word.end, with: "publish | autoconnect")
        case .endWithOwner(_, let owner):
            // The subscribers owned by OWNER subscribe to `let NAMEUntilOWNER = NAME | takeUntil OWNER`
            // instead, declared after both.
            guard let (name, line) = place.declared, let (ownerName, ownerLine) = places[owner]?.declared else { return nil }
            let lines = subscribeLines(to: name) { $0 == ownerName }
            guard !lines.isEmpty else { return nil }
            let ended = unusedName(like: name + "Until" + ownerName.prefix(1).uppercased() + ownerName.dropFirst())
            replaceUses(of: name, onLines: lines.contains, with: ended, in: &edit)
            edit.add("let \(ended) = \(name) | takeUntil \(ownerName)", afterLine: max(line, ownerLine))
        }
        return edit.isEmpty ? nil : edit
    }

    /// The line of `replay NAME` without a capacity that declared the placed signal, and NAME's token on it.
    private func replayDeclaration(_ place: SignalPlaces.Place, in edit: FileEdit) -> (line: Int, name: Token)? {
        guard let (name, line) = place.declared, case .replay(name, capacity: nil)? = statement(at: line),
              let tokens = edit.tokens(ofLine: line), let keyword = tokens.first(where: { $0.word == "replay" }),
              let declared = tokens.first(where: { $0.word == name && $0.column > keyword.column }) else { return nil }
        return (line, declared)
    }

    /// The lines of the `subscribe "LABEL" to NAME` statements whose owner (or none) `owned` accepts.
    private func subscribeLines(to name: String, owned: (String?) -> Bool) -> Set<Int> {
        Set(statements.compactMap { statement in
            guard case .action(.subscribeLabel(_, name, _, let owner), _) = statement.value, owned(owner) else { return nil }
            return statement.line
        })
    }

    /// Replaces the parser's references to `name` on the lines `lines` accepts with `replacement`: only
    /// its uses the parser read as references to it (never a marble's `values a = ...`, a keyword or
    /// text that happens to read the same), each line from its right, so that an edit does not move
    /// the columns of those before it.
    private func replaceUses(of name: String, onLines lines: (Int) -> Bool, with replacement: String, in edit: inout FileEdit) {
        let uses = references.filter { $0.name == name && lines($0.line) }
            .sorted { ($0.line, -$0.column) < ($1.line, -$1.column) }
        for use in uses {
            edit.replace(line: use.line, from: use.column, to: use.column + name.count, with: replacement)
        }
    }

    /// The statement on 1-based line `line`, if there is one.
    private func statement(at line: Int) -> Statement? {
        statements.first { $0.line == line }?.value
    }

    /// Whether `name` is a cold signal with `{}` in its events: `flattenMap NAME` makes a new
    /// one per value from it, which a shared signal cannot stand in for.
    private func isTemplatedCold(_ name: String) -> Bool {
        statements.contains { statement in
            if case .cold(name, let timeline) = statement.value {
                return timeline.contains { $0.events.contains(where: \.isTemplate) }
            }
            return false
        }
    }

    /// `base`, or `base` with the first number from 2 that makes it a word the file does not use.
    private func unusedName(like base: String) -> String {
        var used: Set<String> = []
        for line in ScenarioLexer.lines(of: source) {
            for token in (try? ScenarioLexer.tokens(of: String(line))) ?? [] { if let word = token.word { used.insert(word) } }
        }
        var name = base, number = 2
        while used.contains(name) {
            name = "\(base)\(number)"
            number += 1
        }
        return name
    }
}
