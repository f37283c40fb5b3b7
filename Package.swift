// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "sigviz",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Reactive", targets: ["Reactive"]),
    ],
    targets: [
        .target(name: "Reactive"),
        .testTarget(name: "ReactiveTests", dependencies: ["Reactive"]),
        .executableTarget(name: "subject-vs-replay", dependencies: ["Reactive"], path: "Examples/subject-vs-replay"),
        .executableTarget(name: "cold-signal", dependencies: ["Reactive"], path: "Examples/cold-signal"),
        .executableTarget(name: "cold-to-hot", dependencies: ["Reactive"], path: "Examples/cold-to-hot"),
        .executableTarget(name: "fetchdata", dependencies: ["Reactive"], path: "Examples/fetchdata"),
    ],
    swiftLanguageModes: [.v6]
)
