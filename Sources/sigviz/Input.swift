import ArgumentParser
import Foundation
import Scenarios
import Tracer

/// Turns a command-line argument naming a built-in scenario or a trace file into a trace.
enum Input {
    /// The trace of `argument`: a built-in scenario's name, or the path of a trace JSON file.
    static func trace(_ argument: String) throws -> Trace {
        if let scenario = Catalog.scenario(named: argument) { return scenario.trace() }
        guard argument.hasSuffix(".json") || argument.contains("/") else {
            throw ValidationError(
                "unknown scenario '\(argument)'. The scenarios are: \(Catalog.scenarios.map(\.name).joined(separator: ", ")); "
                    + "or give a trace file ending in .json.")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: argument))
        } catch {
            throw CommandFailure("cannot read \(argument): \(describe(error))")
        }
        do {
            return try Trace(json: data)
        } catch {
            throw CommandFailure("\(argument):\(error.line):\(error.column): \(error.message)")
        }
    }
}
