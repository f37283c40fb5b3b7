import ArgumentParser
import Dispatch
import Foundation
import Render
import Scenarios
import Synchronization
import Tracer

/// `sigviz docs`.
struct DocsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docs",
        abstract: "Write a timeline and a graph SVG for every scenario file in a directory, and a Markdown page embedding them.",
        discussion: """
            For every NAME.sigviz directly in SCENARIOS-DIR (sorted by name; subfolders and \
            hidden files are not read), docs writes into DOCS-DIR:
              NAME.svg        the timeline, as `sigviz render` draws it
              NAME-graph.svg  the subscription graph, as `sigviz graph` draws it
              scenarios.md    one Markdown page: per scenario a section with its title,
                              about paragraph, didSubscribe counts and both images,
                              linked by file name (relative links)

            The folder is flat, so it can be published as it is: put DOCS-DIR inside a DocC \
            catalog (Sources/MyLib/MyLib.docc/Diagrams: scenarios.md becomes an article, <doc:scenarios>, \
            and the SVGs its images), or copy it into a static site or a wiki.

            Every scenario file is parsed before anything is written: a malformed one is reported \
            with its file, line and column, and nothing is written. Outputs whose bytes have not \
            changed are left alone (their modification time too); the others are replaced atomically. \
            Nothing outside DOCS-DIR is written, and nothing is ever deleted: SVGs that sigviz drew \
            but that no scenario produces any more (a renamed scenario's) are named, for you to delete.

            With --check nothing is written: docs exits with status 1 and names every missing, stale \
            or left-over file when DOCS-DIR no longer matches what the scenarios produce, and with \
            status 0 when it does, so a CI job catches diagrams that drifted.

            Scenarios are rendered in parallel (-j); the output is byte-identical to a serial run.

            Examples:
              sigviz docs Examples/scenarios -o Docs/Diagrams
              sigviz docs Examples/scenarios -o Docs/Diagrams --check
              sigviz docs Scenarios -o Sources/MyLib/MyLib.docc/Diagrams --theme light -j 1
            """
    )

    @Argument(help: ArgumentHelp("The directory of scenario files (*.sigviz).", valueName: "scenarios-dir"))
    var scenarios: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The directory to write the diagrams and scenarios.md to; created if needed.",
                                                    valueName: "docs-dir"))
    var output: String

    @Flag(help: "Write nothing; exit 1 naming every file that is missing, stale or left over, 0 when all are up to date.")
    var check = false

    @Option(name: [.customShort("j"), .customLong("jobs")],
            help: ArgumentHelp("How many scenarios to render at once (default: the number of cores).", valueName: "n"))
    var jobs: Int?

    @Option(help: "The colours: light, dark, or auto (follows the viewer's preference).")
    var theme: Theme = .auto

    @OptionGroup var limits: LimitOptions

    /// The name of the Markdown page.
    static let pageName = "scenarios.md"

    func validate() throws {
        if scenarios.isEmpty { throw ValidationError("give the directory of scenario files.") }
        if output.isEmpty { throw ValidationError("--output needs a directory name.") }
        if let jobs, !(1...1024).contains(jobs) { throw ValidationError("--jobs must be a number from 1 to 1024.") }
    }

    func run() throws {
        limits.install()
        let sources = try Self.parseAll(in: scenarios)
        let documents = try Self.render(sources, theme: theme, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        let outputs = Self.outputs(of: documents)
        let plan = try Self.compare(outputs, with: output)
        if check {
            try report(plan)
        } else {
            try write(plan)
        }
    }

    // MARK: Reading

    /// A parsed scenario file.
    struct Source: Sendable {
        let name: String
        let file: ScenarioFile
    }

    /// The scenario files directly in `directory`, sorted by name, all parsed:
    /// every malformed one is reported, and then the command fails.
    static func parseAll(in directory: String) throws -> [Source] {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw CommandFailure("cannot read \(directory): no such directory")
        }
        guard isDirectory.boolValue else { throw CommandFailure("cannot read \(directory): it is a file, not a directory") }
        let names: [String]
        do {
            names = try manager.contentsOfDirectory(atPath: directory)
        } catch {
            throw CommandFailure("cannot read \(directory): \(describe(error))")
        }
        let files = names.filter { name in
            guard name.hasSuffix(".sigviz"), !name.hasPrefix(".") else { return false }
            var isDirectory: ObjCBool = false
            let path = (directory as NSString).appendingPathComponent(name)
            return manager.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }.sorted { $0.dropLast(".sigviz".count) < $1.dropLast(".sigviz".count) }  // cold before cold-on-demand
        guard !files.isEmpty else { throw CommandFailure("no scenario files (*.sigviz) in \(directory)") }

        var sources: [Source] = [], problems: [String] = []
        for name in files {
            let path = (directory as NSString).appendingPathComponent(name)
            do {
                sources.append(Source(name: Input.scenarioName(path), file: try Input.scenarioFile(path)))
            } catch {
                problems.append("\(error)")
            }
        }
        if !problems.isEmpty {
            throw CommandFailure(
                problems.joined(separator: "\nError: ")
                    + "\nnothing was written: \(problems.count) of \(files.count) scenario files could not be read")
        }

        // Two scenarios must not claim the same output, even on a case-insensitive file system.
        var owners: [String: String] = [:]
        for source in sources {
            for file in [source.name + ".svg", source.name + "-graph.svg"] {
                if let owner = owners.updateValue(source.name + ".sigviz", forKey: file.lowercased()) {
                    throw CommandFailure(
                        "\(owner) and \(source.name).sigviz would both write \(file); rename one of them")
                }
            }
        }
        return sources
    }

    // MARK: Rendering

    /// What one scenario contributes: its two diagrams and its section of the page.
    struct Document: Sendable {
        let name: String
        let title: String
        let about: String
        let counts: [(signal: String, runs: Int)]
        let timeline: Data
        let graph: Data
    }

    /// Runs and draws every scenario, `jobs` at a time. Each one runs on its own
    /// virtual-time scheduler with its own recorder, so the result does not
    /// depend on `jobs` or on which thread drew what.
    /// - Throws: The error of the first scenario, in the order given, that could not be run.
    static func render(_ sources: [Source], theme: Theme, jobs: Int) throws -> [Document] {
        let results = IndexedResults<Document>(count: sources.count)
        let next = Atomic<Int>(0)
        let workers = max(1, min(jobs, sources.count))
        // concurrentPerform runs the iterations on up to one thread per core; each worker takes the next scenario.
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < sources.count else { return }
                results.set(index, Result { try document(for: sources[index], theme: theme) })
            }
        }
        return try results.all().map { try $0.get() }
    }

    static func document(for source: Source, theme: Theme) throws -> Document {
        let scenario = source.file.scenario(named: source.name)
        let trace = try Limits.trace(of: scenario, input: source.name + ".sigviz")
        let counts = trace.signals.filter { $0.kind == .cold }.map { ($0.name, trace.didSubscribeCount(of: $0.id)) }
        return Document(
            name: source.name,
            title: source.file.title ?? source.name,
            about: source.file.about,
            counts: counts,
            timeline: Data(TimelineRenderer(theme: theme, scale: nil).render(trace).utf8),
            graph: Data(GraphRenderer(theme: theme).render(trace).utf8))
    }

    // MARK: The page

    /// Every output file, by name inside DOCS-DIR, in the order they are written:
    /// the images first, the page that embeds them last.
    static func outputs(of documents: [Document]) -> [(name: String, contents: Data)] {
        var files: [(name: String, contents: Data)] = []
        for document in documents {
            files.append((document.name + ".svg", document.timeline))
            files.append((document.name + "-graph.svg", document.graph))
        }
        files.append((pageName, Data(page(for: documents).utf8)))
        return files
    }

    /// The Markdown page: CommonMark that GitHub, static site generators and DocC all read.
    static func page(for documents: [Document]) -> String {
        var page = """
            # Scenarios

            Timelines and subscription graphs of \(documents.count) scenario \(documents.count == 1 ? "file" : "files"), \
            drawn from what the ReactiveCocoa 2.5 runtime did on virtual time. Generated by `sigviz docs`: \
            edit the scenario files and run it again instead of editing this page.

            """
        for document in documents {
            let title = markdownText(document.title)
            let runs = document.counts.isEmpty
                ? "none"
                : document.counts.map { "\(codeSpan($0.signal)) × \($0.runs)" }.joined(separator: ", ")
            page += "\n## \(title)\n\n"
            if !document.about.isEmpty { page += markdownText(document.about) + "\n\n" }
            page += "Scenario file \(codeSpan(document.name + ".sigviz")) · didSubscribe runs: \(runs)\n\n"
            page += "![Timeline of \(markdownText(document.title))](\(link(document.name + ".svg")))\n\n"
            page += "![Subscription graph of \(markdownText(document.title))](\(link(document.name + "-graph.svg")))\n"
        }
        return page
    }

    /// `text` as one line of Markdown that reads as itself: no emphasis, links,
    /// HTML, headings or list markers.
    static func markdownText(_ text: String) -> String {
        var result = ""
        for character in text {
            if character.isNewline || (character.isASCII && character.asciiValue! < 0x20) {
                result.append(" ")
            } else if "\\`*_[]<>#|!&~".contains(character) {
                result += "\\" + String(character)
            } else {
                result.append(character)
            }
        }
        // A line starting with "-", "+", "=" or "1." would be a list or a heading underline.
        if let first = result.first, "-+=".contains(first) {
            result = "\\" + result
        } else if let dot = result.firstIndex(where: { !$0.isASCII || !$0.isNumber }), dot != result.startIndex,
                  result[dot] == "." || result[dot] == ")" {
            result.insert("\\", at: dot)
        }
        return result
    }

    /// `text` as a Markdown code span, fenced by more backticks than it contains in a row.
    static func codeSpan(_ text: String) -> String {
        let text = String(text.map { $0.isNewline || ($0.isASCII && $0.asciiValue! < 0x20) ? " " : $0 })
        var longest = 0, run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padding = text.hasPrefix("`") || text.hasSuffix("`") ? " " : ""
        return fence + padding + text + padding + fence
    }

    /// A file name as a relative link, with anything but unreserved characters percent-encoded.
    static func link(_ name: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
        allowed.insert(charactersIn: "-._~")
        return name.addingPercentEncoding(withAllowedCharacters: allowed) ?? name
    }

    // MARK: Comparing and writing

    /// What the command would do to each file of DOCS-DIR.
    struct Plan {
        enum Change { case create, update }
        /// The files to write, in order, and why.
        var changes: [(name: String, change: Change, contents: Data)] = []
        /// How many outputs are already up to date.
        var fresh = 0
        /// SVGs drawn by sigviz in DOCS-DIR that no scenario produces.
        var leftovers: [String] = []
        var total = 0
    }

    /// Compares `outputs` with the files in `directory`.
    static func compare(_ outputs: [(name: String, contents: Data)], with directory: String) throws -> Plan {
        let manager = FileManager.default
        var plan = Plan()
        plan.total = outputs.count
        var isDirectory: ObjCBool = false
        let exists = manager.fileExists(atPath: directory, isDirectory: &isDirectory)
        if exists, !isDirectory.boolValue {
            throw CommandFailure("cannot write the docs to \(directory): it is a file, not a directory")
        }
        for output in outputs {
            // The names come from file names in one directory: no separators, never "." or "..".
            guard !output.name.isEmpty, !output.name.contains("/"), !output.name.contains("\0"),
                  output.name != ".", output.name != ".." else {
                throw CommandFailure("refusing to write \(output.name): not a plain file name")
            }
            let path = (directory as NSString).appendingPathComponent(output.name)
            guard exists, let attributes = try? manager.attributesOfItem(atPath: path) else {
                plan.changes.append((output.name, .create, output.contents))
                continue
            }
            // A symbolic link would be replaced by the atomic write, and a directory cannot be:
            // neither is something sigviz wrote.
            guard attributes[.type] as? FileAttributeType == .typeRegular else {
                throw CommandFailure("cannot write \(path): it exists and is not a regular file")
            }
            let current: Data
            do {
                current = try Data(contentsOf: URL(fileURLWithPath: path))
            } catch {
                throw CommandFailure("cannot read \(path): \(describe(error))")
            }
            if current == output.contents {
                plan.fresh += 1
            } else {
                plan.changes.append((output.name, .update, output.contents))
            }
        }
        if exists {
            let produced = Set(outputs.map(\.name))
            let names = (try? manager.contentsOfDirectory(atPath: directory)) ?? []
            plan.leftovers = names.filter { name in
                name.hasSuffix(".svg") && !produced.contains(name)
                    && isSigvizDiagram((directory as NSString).appendingPathComponent(name))
            }.sorted()
        }
        return plan
    }

    /// Whether the file at `path` is an SVG that sigviz drew (its renderers label the title `sigviz-title`).
    static func isSigvizDiagram(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = String(decoding: (try? handle.read(upToCount: 1024)) ?? Data(), as: UTF8.self)
        return head.contains("<svg") && head.contains("sigviz-title")
    }

    /// `--check`: names what is out of date, and fails if anything is.
    func report(_ plan: Plan) throws {
        var text = ""
        for change in plan.changes {
            text += "\(change.change == .create ? "missing" : "stale"): \((output as NSString).appendingPathComponent(change.name))\n"
        }
        for leftover in plan.leftovers {
            text += "left over: \((output as NSString).appendingPathComponent(leftover)) (no scenario produces it; delete it)\n"
        }
        print(text, terminator: "")
        if plan.changes.isEmpty, plan.leftovers.isEmpty {
            print("\(plan.total) files in \(output) are up to date")
            return
        }
        var problems: [String] = []
        if !plan.changes.isEmpty {
            problems.append("\(plan.changes.count) of \(plan.total) files are missing or stale")
        }
        if !plan.leftovers.isEmpty {
            problems.append("\(plan.leftovers.count) left over")
        }
        throw CommandFailure(problems.joined(separator: ", ") + " in \(output); run `sigviz docs \(scenarios) -o \(output)` to update them")
    }

    /// Writes what changed, atomically, images before the page.
    func write(_ plan: Plan) throws {
        if !plan.changes.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            } catch {
                throw CommandFailure("cannot create \(output): \(describe(error))")
            }
        }
        var written: [String] = []
        for change in plan.changes {
            let path = (output as NSString).appendingPathComponent(change.name)
            do {
                try change.contents.write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                let before = written.isEmpty ? "nothing was written" : "\(written.count) files were written before it: \(written.joined(separator: ", "))"
                throw CommandFailure("cannot write \(path): \(describe(error)); \(before)")
            }
            written.append(change.name)
            print("\(change.change == .create ? "created" : "updated"): \(path)")
        }
        for leftover in plan.leftovers {
            print("left over: \((output as NSString).appendingPathComponent(leftover)) (no scenario produces it; delete it if it is stale)")
        }
        print("\(plan.changes.count) written, \(plan.fresh) unchanged in \(output)")
    }
}

/// The results of work done concurrently, kept by index.
private final class IndexedResults<Element: Sendable>: @unchecked Sendable {
    // @unchecked: `results` is only touched with `lock` held. An NSLock, not a Mutex:
    // ThreadSanitizer on Linux does not see Synchronization's Mutex.
    private let lock = NSLock()
    private var results: [Result<Element, any Error>?]

    init(count: Int) { results = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: Result<Element, any Error>) {
        lock.withLock { results[index] = result }
    }

    /// Every result, in order; each index must have been set.
    func all() -> [Result<Element, any Error>] {
        lock.withLock { results.map { $0! } }
    }
}
