// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "sigviz",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Reactive", targets: ["Reactive"]),
        .library(name: "Tracer", targets: ["Tracer"]),
        .library(name: "Findings", targets: ["Findings"]),
        .library(name: "Render", targets: ["Render"]),
        .library(name: "Scenarios", targets: ["Scenarios"]),
        .library(name: "SigvizTesting", targets: ["SigvizTesting"]),
        .executable(name: "sigviz", targets: ["sigviz"]),
        .plugin(name: "SigvizDocs", targets: ["SigvizDocs"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    ],
    targets: [
        .target(name: "Reactive"),
        .target(name: "Tracer", dependencies: ["Reactive"]),
        // What went wrong in a trace, the change that removes it, and how the run after it compares.
        .target(name: "Findings", dependencies: ["Reactive", "Tracer"]),
        // The report's style sheet and script are files of their own, compiled into the module (no bundle to ship).
        .target(
            name: "Render", dependencies: ["Tracer", "Findings"],
            resources: [.embedInCode("Report/Resources/report.css"), .embedInCode("Report/Resources/report.js")]),
        .target(name: "Scenarios", dependencies: ["Reactive", "Tracer", "Findings"], resources: [.copy("Resources/scenarios")]),
        // Marble tests of one's own signals in Swift Testing: inputs from marbles, assertions with a
        // marble diff and the timeline attached. The toolchain's Testing besides sigviz's modules.
        .target(name: "SigvizTesting", dependencies: ["Reactive", "Tracer", "Findings", "Render"]),
        // The application: what the commands do, apart from reading their arguments. Only the
        // toolchain besides sigviz's own modules; the executable adds swift-argument-parser.
        .target(name: "SigvizApp", dependencies: ["Scenarios", "Tracer", "Findings", "Render"]),
        .executableTarget(name: "sigviz", dependencies: [
            "SigvizApp", "Scenarios", "Tracer", "Findings", "Render",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .plugin(
            name: "SigvizDocs",
            capability: .command(
                intent: .custom(
                    verb: "sigviz-docs",
                    description: "Write a timeline and a graph SVG per scenario file and a Markdown page embedding them (sigviz docs)."),
                permissions: [
                    .writeToPackageDirectory(reason: "sigviz docs writes the diagrams and scenarios.md into the output directory.")
                ]),
            dependencies: ["sigviz"]),
        // What several test targets share: an instrument that records what the runtime reports.
        .target(name: "TestSupport", dependencies: ["Reactive"], path: "Tests/TestSupport"),
        .testTarget(name: "ReactiveTests", dependencies: ["Reactive", "Tracer", "TestSupport"]),
        .testTarget(name: "TracerTests", dependencies: ["Tracer", "Findings", "Reactive"]),
        .testTarget(
            name: "RenderTests", dependencies: ["Render", "Tracer", "Findings", "Scenarios", "Reactive"],
            exclude: ["__Snapshots__", "TruthOracle/Regressions"]),
        .testTarget(name: "ScenarioTests", dependencies: ["Scenarios", "Tracer", "Findings", "Reactive"]),
        .testTarget(name: "SigvizTestingTests", dependencies: ["SigvizTesting", "Reactive", "Tracer", "Findings"]),
        .testTarget(name: "sigvizTests", dependencies: ["sigviz", "SigvizApp", "Scenarios", "Tracer", "Findings", "Render", "Reactive"], exclude: ["Malformed"]),
        .executableTarget(name: "subject-vs-replay", dependencies: ["Reactive"], path: "Examples/subject-vs-replay"),
        .executableTarget(name: "cold-signal", dependencies: ["Reactive"], path: "Examples/cold-signal"),
        .executableTarget(name: "cold-to-hot", dependencies: ["Reactive"], path: "Examples/cold-to-hot"),
        .executableTarget(name: "fetchdata", dependencies: ["Reactive"], path: "Examples/fetchdata"),
    ],
    swiftLanguageModes: [.v6]
)
