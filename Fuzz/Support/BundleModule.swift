import Foundation

// SwiftPM generates `Bundle.module` for a target with resources (Scenarios has its scenario files);
// the fuzz build compiles Sources/Scenarios with swiftc, without SwiftPM, so it provides one. The
// parser never reads resources; only Catalog.scenarioFile(named:) does, and it returns nil here.
extension Bundle {
    static let module = Bundle.main
}
