extension TraceSignal {
    /// What a reader knows of a signal its user gave no name, made from RAC's description of it
    /// (the name its `-setNameWithFormat:` gives): the operator, and what it applies to.
    ///
    /// | description | reader's name |
    /// | --- | --- |
    /// | `[source] -multicast: [source] -publish` | publish of source |
    /// | `[[source] -multicast: [source] -publish] -autoconnect` | autoconnect of publish of source |
    /// | `[title] -catchTo: +return: Error` | catchTo of title |
    /// | `[a] -merge: b`, `+merge: (a, b)` | merge of a, b |
    /// | `+return: 5`, `+createSignal:` | return 5, createSignal |
    /// | `+interval: 0.500000 onScheduler: main` | interval 0.5 |
    ///
    /// A multicast subject is named after the subject it was (a `publish` subject after its
    /// publish); a description of another shape (a name, a cut one) is kept as it is.
    public static func readerName(of description: String) -> String {
        readerName(of: Substring(description), depth: 0)
    }

    /// How deep descriptions nest before the rest is kept as it is: a reader's name is short.
    private static let nesting = 8

    private static func readerName(of description: Substring, depth: Int) -> String {
        guard depth < nesting else { return String(description) }
        if description.first == "[", let close = closingBracket(of: description) {
            let receiver = description[description.index(after: description.startIndex)..<close]
            let rest = description[description.index(after: close)...].drop { $0 == " " }
            guard rest.first == "-" else { return String(description) }
            let (operation, argument) = split(rest.dropFirst())
            if operation == "multicast", !argument.isEmpty { return readerName(of: argument, depth: depth + 1) }
            let of = readerName(of: receiver, depth: depth + 1)
            if operation == "merge" || operation == "concat", !argument.isEmpty {
                return "\(operation) of \(of), \(readerName(of: argument, depth: depth + 1))"
            }
            return "\(operation) of \(of)"
        }
        if description.first == "+" {
            let (operation, argument) = split(description.dropFirst())
            if argument.isEmpty { return String(operation) }
            if argument.first == "(", argument.last == ")" { return "\(operation) of \(argument.dropFirst().dropLast())" }
            return "\(operation) \(readerArgument(argument))"
        }
        return String(description)
    }

    /// An argument as a reader writes it: RAC's `%f onScheduler: NAME` seconds without their
    /// trailing zeros and without the scheduler they run on (`1.000000 onScheduler: TestScheduler` is `1`, as a
    /// scenario file's `interval 1` writes it); any other argument as it is.
    private static func readerArgument(_ argument: Substring) -> Substring {
        // Only RAC's own `%f onScheduler:` form: a value such as return's is the user's text, kept as it is.
        guard let scheduler = argument.range(of: " onScheduler:") else { return argument }
        var number = argument[..<scheduler.lowerBound]
        guard number.count(where: { $0 == "." }) == 1, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) else {
            return argument
        }
        while number.last == "0" { number = number.dropLast() }
        if number.last == "." { number = number.dropLast() }
        return number
    }

    /// `map: x` as its operation `map` and its argument `x` (empty when it has none).
    private static func split(_ text: Substring) -> (operation: Substring, argument: Substring) {
        let operation = text.prefix { $0 != ":" && $0 != " " }
        var argument = text.dropFirst(operation.count)
        if argument.first == ":" { argument = argument.dropFirst() }
        return (operation, argument.drop { $0 == " " })
    }

    /// The position of the `]` that closes the `[` `text` starts with, if there is one.
    private static func closingBracket(of text: Substring) -> Substring.Index? {
        var depth = 0
        for index in text.indices {
            switch text[index] {
            case "[": depth += 1
            case "]":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }
}
