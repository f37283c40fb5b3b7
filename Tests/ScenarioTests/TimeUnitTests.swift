import Foundation
@testable import Scenarios
import Testing
import Tracer

@Suite("Times with units: 1.5, 1.5s and 1500ms are the same time, wherever a time is taken")
struct TimeUnitTests {
    /// A file using each place a time is taken, with its times written by `time` (given seconds).
    static func file(_ time: (Double) -> String) -> String {
        """
        frame \(time(0.25))
        subject typed
        cold request: +\(time(1)) next "results for {}", +\(time(1.5)) completed
        let results = typed | throttle \(time(0.5)) | delay \(time(0.25)) | flattenMap request
        let ticks = interval \(time(1)) | take 3 | timeout \(time(10))
        let buffered = typed | bufferWithTime \(time(1))
        subscribe "View" to results
        subscribe "Clock" to ticks
        subscribe "Buffered" to buffered until \(time(5))
        at \(time(1)) send typed "s"
        at \(time(1.25)) send typed "sw"
        at \(time(3)) send typed "swift"
        """
    }

    @Test("seconds without a unit, with s, and in milliseconds give the same run", arguments: [
        { (seconds: Double) in "\(seconds)s" },
        { (seconds: Double) in "\(Int((seconds * 1000).rounded()))ms" },
    ] as [@Sendable (Double) -> String])
    func sameRun(written: @Sendable (Double) -> String) throws {
        let plain = try parse(Self.file { "\($0)" })
        let united = try parse(Self.file(written))
        #expect(united.frame == 0.25)
        let expected = labelledDeliveries(plain.scenario(named: "times").trace())
        #expect(!expected.isEmpty)
        #expect(labelledDeliveries(united.scenario(named: "times").trace()) == expected)
    }

    @Test("a unit is read only against its number; any other word there is not a unit, and the message says the forms", arguments: [
        ("subject s\nat 2min send s \"x\"", 2, 5, "'min' is not a unit of time: write seconds as 1.5 or 1.5s, or milliseconds as 300ms"),
        ("subject s\nlet d = s | delay 3h", 2, 20, "'h' is not a unit of time: write seconds as 1.5 or 1.5s, or milliseconds as 300ms"),
        ("cold c: +1sec next \"a\"", 1, 11, "'sec' is not a unit of time"),
        ("subject s\nat soon send s \"x\"", 2, 4, "expected a time in seconds after 'at' (seconds as 1.5 or 1.5s, or milliseconds as 300ms), found 'soon'"),
        ("subject s\nat 1000001s send s \"x\"", 2, 4, "a time is at most 1000000 seconds"),
        ("frame 0ms", 1, 7, "a frame is more than 0 and at most 3600 seconds"),
    ])
    func refused(text: String, line: Int, column: Int, message: String) {
        expectRefused(text, line: line, column: column, message: message)
    }

    @Test("milliseconds are divided exactly: 300ms is the time 0.3 is, and a million seconds in milliseconds is within the limit")
    func milliseconds() throws {
        let file = try parse("subject s\nsubscribe \"A\" to s\nat 300ms send s \"x\"\nat 1000000000ms send s \"y\"")
        let trace = file.scenario(named: "ms").trace()
        let sends = trace.events.filter { if case .send = $0.kind { true } else { false } }.map(\.time)
        #expect(sends == [0.3, 1_000_000])
    }
}
