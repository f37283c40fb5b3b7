// swift-tools-version: 6.0
import PackageDescription

// The benchmark package: its own package so the main one stays free of OpenCombine.
// Build and run it in release mode from the repository root:
//   swift run -c release --package-path Benchmarks sigviz-benchmarks
let package = Package(
    name: "sigviz-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "sigviz", path: ".."),
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
    ],
    targets: [
        .executableTarget(
            name: "sigviz-benchmarks",
            dependencies: [
                .product(name: "Reactive", package: "sigviz"),
                .product(name: "Tracer", package: "sigviz"),
                .product(name: "Render", package: "sigviz"),
                // Not linked: declared so that building the benchmarks also builds the sigviz command in the
                // same configuration, next to sigviz-benchmarks (.build/release/sigviz), for the "cli" cases.
                .product(name: "sigviz", package: "sigviz"),
                .product(name: "OpenCombine", package: "OpenCombine"),
                "MallocStats",
            ]
        ),
        .target(name: "MallocStats"),
    ],
    swiftLanguageModes: [.v6]
)
