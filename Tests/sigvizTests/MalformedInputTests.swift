import Foundation
import Testing

/// One file of the malformed-input corpus (Tests/sigvizTests/Malformed) and the error it must give.
struct MalformedCase: Sendable, CustomTestStringConvertible {
    /// The file's absolute path, as given to sigviz.
    let path: String
    /// `folder/file`, for test names.
    let name: String
    let line: Int
    let column: Int
    /// A part of the message that must follow the position.
    let message: String
    /// A bug sigviz has today with this file, recorded as a known issue.
    let knownIssue: String?

    var testDescription: String { name }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Malformed")

    /// A corpus folder that holds no case.
    struct EmptyFolder: Error, CustomStringConvertible {
        let folder: URL
        var description: String { "no malformed .sigviz or .json file in \(folder.path)" }
    }

    /// Every case: the generated scenario/ and trace/ folders and the hand-written hand/ folder.
    /// Throws if a folder cannot be read or holds no case, so that a test taking its cases from
    /// here fails rather than running no case at all.
    static func all() throws -> [MalformedCase] {
        var cases: [MalformedCase] = []
        for subfolder in ["scenario", "trace", "hand"] {
            let directory = folder.appendingPathComponent(subfolder)
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { $0.hasSuffix(".sigviz") || $0.hasSuffix(".json") }
            guard !names.isEmpty else { throw EmptyFolder(folder: directory) }
            for file in names.sorted() {
                let url = directory.appendingPathComponent(file)
                let sidecar = url.deletingPathExtension().appendingPathExtension("expected")
                let fields = parseExpected((try? String(contentsOf: sidecar, encoding: .utf8)) ?? "")
                let position = (fields["position"] ?? "0:0").split(separator: ":").map { Int($0) ?? 0 }
                cases.append(MalformedCase(
                    path: url.path, name: "\(subfolder)/\(file)", line: position.first ?? 0, column: position.last ?? 0,
                    message: fields["message"] ?? "", knownIssue: fields["known-issue"]))
            }
        }
        return cases
    }

    /// The `key: value` lines of a `.expected` file.
    static func parseExpected(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":"), !line.hasPrefix("#") else { continue }
            fields[String(line[..<colon])] = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        }
        return fields
    }
}

/// The bounds every malformed input must stay within (docs/reliability.md states them).
enum MalformedBounds {
    /// Peak resident memory of one `sigviz render` of a corpus file (the largest is 200 KB).
    static let corpusMemory = 128 << 20
    /// Peak resident memory for an input of 10 MB: a line of 10 MB, nesting 10,000,000 deep.
    static let bigMemory = 256 << 20
    /// Longer than any file should take to be refused (a debug build, on a loaded machine).
    static let timeout = underSanitizer ? 300.0 : 60.0
    /// The longest first line of an error: a message about a file, not the file itself.
    static let longestMessage = 1_000
}

/// Checks that `run` refused `file` cleanly: exit status 1, nothing on standard output, no crash,
/// no hang, memory within `memory`; and (a known issue, if `knownIssue` says so) that standard
/// error is `Error: FILE:LINE:COLUMN: ...MESSAGE...`, is short, and has no raw control, bidi or
/// invisible characters.
func expectRefused(
    _ run: MeasuredRun, file: String, line: Int, column: Int, message: String, knownIssue: String?,
    memory: Int, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(!run.timedOut, "hung: \(run.summary)", sourceLocation: sourceLocation)
    #expect(!run.crashed, "crashed: \(run.summary)", sourceLocation: sourceLocation)
    #expect(run.status == 1, "\(run.summary)", sourceLocation: sourceLocation)
    #expect(run.output.isEmpty, "wrote \(run.output.count) bytes to standard output", sourceLocation: sourceLocation)
    #expect(run.peakMemory <= memoryBound(memory), "peak \(run.megabytes) MB, more than \(memory >> 20) MB", sourceLocation: sourceLocation)
    let clear = {
        let prefix = "Error: \(file):\(line):\(column): "
        let lines = run.errors.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let first = lines.first.map(String.init) ?? ""
        #expect(first.hasPrefix(prefix), "expected \(line):\(column), got: \(first.prefix(300))", sourceLocation: sourceLocation)
        #expect(first.dropFirst(prefix.count).contains(message), "expected “\(message)” in: \(first.prefix(300))",
                sourceLocation: sourceLocation)
        #expect(first.count <= MalformedBounds.longestMessage, "a message of \(first.count) characters", sourceLocation: sourceLocation)
        let unsafe = unsafeCharacters(in: run.errors)
        #expect(unsafe.isEmpty, "raw \(unsafe.prefix(5).map { "U+" + String($0.value, radix: 16, uppercase: true) }) in: \(run.errors.prefix(300).debugDescription)",
                sourceLocation: sourceLocation)
        // One line for a trace; a scenario's parse error adds the line and a caret under the column.
        let expectedLines = file.hasSuffix(".sigviz") ? [1, 3] : [1]
        #expect(expectedLines.contains(lines.count), "\(lines.count) lines: \(run.errors.prefix(300).debugDescription)",
                sourceLocation: sourceLocation)
    }
    if let knownIssue {
        withKnownIssue(Comment(rawValue: knownIssue), sourceLocation: sourceLocation) { clear() }
    } else {
        clear()
    }
}

@Suite("Malformed input")
struct MalformedInputTests {
    @Test("the corpus has at least 200 malformed files, each with its expected position and message")
    func corpus() throws {
        let cases = try MalformedCase.all()
        #expect(cases.count >= 200, "\(cases.count) files")
        #expect(cases.filter { $0.name.hasSuffix(".sigviz") }.count >= 100)
        #expect(cases.filter { $0.name.hasSuffix(".json") }.count >= 100)
        for item in cases {
            #expect(item.line >= 1 && item.column >= 1 && !item.message.isEmpty, "\(item.name): a bad .expected file")
        }
    }

    @Test("sigviz render refuses every malformed file: status 1, FILE:LINE:COLUMN and the message, no crash, no hang, at most 128 MB",
          .enabled(if: !underSanitizer, "runs in the plain pass: it tests sigviz's answers, not races"),
          arguments: try MalformedCase.all())
    func refused(_ item: MalformedCase) throws {
        let run = try measuredSigviz(["render", item.path], timeout: MalformedBounds.timeout)
        expectRefused(run, file: item.path, line: item.line, column: item.column, message: item.message,
                      knownIssue: item.knownIssue, memory: MalformedBounds.corpusMemory)
    }
}

/// The cases too big to commit, made in a temporary folder.
@Suite("Malformed input of 10 MB", .enabled(if: !underSanitizer, "runs in the plain pass: it tests sigviz's answers and memory, not races"))
struct BigMalformedInputTests {
    /// A big case: the file's bytes, and where the error is (the offset of its line's start and of the error).
    struct Big: Sendable, CustomTestStringConvertible {
        let name: String
        let contents: @Sendable () -> Data
        let line: Int
        /// The column as the number of characters before the error on its line, plus 1.
        let column: Int
        let message: String
        var knownIssue: String? = nil
        var testDescription: String { name }
    }

    static let tenMB = 10_000_000

    static let cases: [Big] = [
        Big(name: "comment-line.sigviz", contents: { Data(("subject s\n#" + String(repeating: "x", count: tenMB) + "\nsubject t\n").utf8) },
            line: 2, column: 10_001, message: "a line may have at most 10000 characters"),
        Big(name: "unclosed-string.sigviz", contents: { Data(("subject s\nsend s \"" + String(repeating: "x", count: tenMB)).utf8) },
            line: 2, column: 10_001, message: "a line may have at most 10000 characters"),
        Big(name: "one-line-no-newline.sigviz", contents: { Data(String(repeating: "a", count: tenMB).utf8) },
            line: 1, column: 10_001, message: "a line may have at most 10000 characters"),
        Big(name: "nul-bytes.sigviz", contents: { Data(count: tenMB) },
            line: 1, column: 10_001, message: "a line may have at most 10000 characters"),
        Big(name: "many-lines-then-error.sigviz",
            contents: { Data((String(repeating: "# a comment line that is ignored\n", count: tenMB / 33) + "oops").utf8) },
            line: tenMB / 33 + 1, column: 1, message: "unknown statement 'oops'"),
        Big(name: "many-names-then-dangling.sigviz",
            contents: { Data(((0..<200_000).map { "subject s\($0)\n" }.joined() + "subscribe \"A\" to ghost").utf8) },
            line: 200_001, column: 18, message: "'ghost' is not declared; the closest of the 200000 names so far are s0, s1, s2, s3, s4"),
        Big(name: "long-title-then-dangling.json",
            contents: { Data(("{\"version\": 1, \"title\": \"" + String(repeating: "x", count: tenMB) + "\", \"signals\": [], \"subscriptions\": [], "
                + "\"events\": [{\"seq\": 0, \"time\": 0, \"kind\": \"signal\", \"signal\": 5}]}").utf8) },
            line: 1, column: 10_000_126, message: "events[0].signal: there is no signal 5"),
        Big(name: "unclosed-string.json", contents: { Data(("{\"version\": 1, \"title\": \"" + String(repeating: "x", count: tenMB)).utf8) },
            line: 1, column: 25, message: "a string is not closed"),
        Big(name: "nested-arrays.json", contents: { Data(("{\"version\": 1, \"title\": " + String(repeating: "[", count: tenMB)).utf8) },
            line: 1, column: 25, message: "expected a string, found an array"),
        Big(name: "nested-objects.json", contents: { Data(("{\"version\": 1, \"signals\": [{" + String(repeating: "{", count: tenMB)).utf8) },
            line: 1, column: 29, message: "expected a field name in quotes, found an object"),
        Big(name: "whitespace.json", contents: { Data((String(repeating: " ", count: tenMB) + "x").utf8) },
            line: 1, column: tenMB + 1, message: "expected an object, found 'x'"),
        Big(name: "nul-bytes.json", contents: { Data(count: tenMB) },
            line: 1, column: 1, message: "expected an object, found byte 0x0"),
        Big(name: "events-on-one-line.json", contents: { eventsOnOneLine.data },
            line: 1, column: eventsOnOneLine.column, message: "events[199999].subscription: there is no subscription 7"),
    ]

    /// 200,000 events on one line of about 10 MB, the last naming a subscription that does not exist.
    static let eventsOnOneLine: (data: Data, column: Int) = {
        var text = "{\"version\": 1, \"signals\": [{\"id\": 0, \"kind\": \"subject\", \"name\": \"s\"}], \"subscriptions\": [], \"events\": ["
        text += "{\"seq\": 0, \"time\": 0, \"kind\": \"signal\", \"signal\": 0}"
        for seq in 1..<199_999 { text += ", {\"seq\": \(seq), \"time\": 0, \"kind\": \"send\", \"signal\": 0, \"value\": \"a value of forty characters, or so......\"}" }
        text += ", {\"seq\": 199999, \"time\": 0, \"kind\": \"dispose\", \"subscription\": "
        let column = text.unicodeScalars.count + 1
        text += "7}]}"
        return (Data(text.utf8), column)
    }()

    @Test("10 MB lines, 10 MB strings, nesting 10,000,000 deep, NUL bytes: refused at the right place within 256 MB",
          arguments: cases)
    func refused(_ big: Big) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(big.name)
        try big.contents().write(to: file)
        let run = try measuredSigviz(["render", file.path], timeout: MalformedBounds.timeout)
        expectRefused(run, file: file.path, line: big.line, column: big.column, message: big.message,
                      knownIssue: big.knownIssue, memory: MalformedBounds.bigMemory)
    }

    @Test("a scenario file over 64 MB, or a trace file over 256 MB (at the default --max-events), is refused by its size, without being read")
    func overSixtyFourMegabytes() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, megabytes, refusal) in [("huge.sigviz", 65, "sigviz reads files up to 64 MB"),
                                           ("huge.json", 257, "sigviz reads trace files up to 256 MB at --max-events 1000000")] {
            // A sparse file, nothing stored.
            let file = directory.appendingPathComponent(name)
            #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
            let handle = try FileHandle(forWritingTo: file)
            try handle.truncate(atOffset: UInt64(megabytes) << 20)
            try handle.close()
            let run = try measuredSigviz(["render", file.path], timeout: MalformedBounds.timeout)
            #expect(run.status == 1 && !run.crashed, "\(run.summary)")
            #expect(run.errors.contains("cannot read \(file.path): it is \(megabytes) MB; \(refusal)"), "\(run.errors)")
            #expect(run.peakMemory <= memoryBound(64 << 20), "peak \(run.megabytes) MB: it read the file")
        }
    }

    @Test("a scenario file that is one line of 60 MB is refused within 256 MB", .enabled(if: !underSanitizer, "memory is not measured under a sanitizer"))
    func sixtyMegabyteLine() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("line.sigviz")
        try Data(("#" + String(repeating: "x", count: 60_000_000)).utf8).write(to: file)
        let run = try measuredSigviz(["render", file.path], timeout: MalformedBounds.timeout)
        #expect(run.status == 1 && !run.crashed && !run.timedOut, "\(run.summary)")
        #expect(run.errors.hasPrefix("Error: \(file.path):1:10001: a line may have at most 10000 characters"))
        #expect(run.peakMemory <= memoryBound(MalformedBounds.bigMemory), "peak \(run.megabytes) MB")
    }
}
