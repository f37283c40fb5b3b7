import Foundation
import Testing

@Suite("Negative numbers for numeric options")
struct NegativeOptionTests {
    @Test("a negative number is read as the option's value and refused by its own rule, not taken for an option",
          arguments: [
            (["render", "cold", "--scale", "-5"], "--scale must be a number of pixels per second between 0 and 100000."),
            (["compare", "cold", "publish", "--scale", "-1"], "--scale must be a number of pixels per second between 0 and 100000."),
            (["trace", "cold", "--format", "marbles", "--frame", "-0.1"], "--frame must be a positive number of seconds."),
            (["render", "cold", "--max-events", "-3"], "--max-events must be a number from 1 to 100000000."),
            (["docs", "Examples/scenarios", "-o", "unused", "-j", "-2"], "--jobs must be a number from 1 to 1024."),
          ])
    func refused(arguments: [String], message: String) throws {
        let run = try sigviz(arguments)
        #expect(run.status == 64, "\(run.errors)")
        #expect(run.errors.hasPrefix("Error: \(message)"), "\(run.errors)")
    }
}
