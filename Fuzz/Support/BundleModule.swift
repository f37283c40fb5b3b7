import Foundation

// SwiftPM generates `Bundle.module` for a target with resources (Scenarios has its scenario files);
// the fuzz build compiles Sources/Scenarios with swiftc, without SwiftPM, so it provides one. The
// parser never reads resources; only Catalog does (the built-in scenarios are the bundled files),
// and the fuzz targets never use it: here, where Bundle.main holds no scenario files, it would stop the program.
extension Bundle {
    static let module = Bundle.main
}
