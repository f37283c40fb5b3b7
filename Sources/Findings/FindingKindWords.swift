import Tracer

extension Finding.Kind {
    /// The kind in words, for people: `repeatedSideEffect` is "repeated side effect",
    /// `missedValues` "missed values" (each capital letter of the name starts a word).
    public var words: String {
        var result = ""
        for character in rawValue {
            if character.isUppercase {
                if !result.isEmpty { result.append(" ") }
                result += character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }
}
