import Testing
import Tracer

@Suite("Writing seconds")
struct SecondsFormatTests {
    @Test("the exact form writes whole numbers without a fraction below 10^15, any other as Swift does", arguments: [
        (2.0, "2"), (0, "0"), (-0.0, "0"), (1.5, "1.5"), (0.1, "0.1"), (0.1 + 0.2, "0.30000000000000004"), (-3, "-3"),
        (999_999_999_999_999, "999999999999999"), (1e15, "1000000000000000.0"), (1e16, "1e+16"), (2.5e20, "2.5e+20"), (.infinity, "inf"), (.nan, "?"),
    ])
    func exact(value: Double, expected: String) {
        #expect(SecondsFormat().format(value) == expected)
        #expect(SecondsFormat(unit: .seconds).format(value) == expected + " s")
    }

    @Test("decimals are rounded to the nearest, halves away from zero, and lose their trailing zeros", arguments: [
        (0.0, 6, "0"), (1.5, 6, "1.5"), (2.0000014, 6, "2.000001"), (2.0000015, 6, "2.000002"), (0.0000004, 6, "0"),
        (-0.0000004, 6, "0"), (-0.0000005, 6, "-0.000001"), (-1.25, 6, "-1.25"), (0.00001, 6, "0.00001"),
        (12.25, 2, "12.25"), (12.5, 2, "12.5"), (12.004, 2, "12"), (-0.005, 2, "-0.01"), (-0.5, 2, "-0.5"), (-2, 2, "-2"),
        (9e15, 2, "9000000000000000"), (1e16, 2, "1e+16"), (123_456.789, 6, "123456.789"),
        (1e12, 6, "1000000000000.0"), (-.infinity, 6, "-inf"), (.nan, 2, "?"), (7.6, 0, "8"), (1e17, 0, "100000000000000000"),
    ])
    func decimals(value: Double, places: Int, expected: String) {
        #expect(decimal(value, places: places) == expected)
        #expect(SecondsFormat(precision: .decimals(places)).format(value) == expected)
    }

    @Test("times under 0.1 s other than 0 are written in milliseconds when the unit may change", arguments: [
        (0.0, "0 s"), (0.25, "0.25 s"), (0.1, "0.1 s"), (0.0999, "99.9 ms"), (0.05, "50 ms"), (-0.05, "-50 ms"),
        (0.0000001, "0 ms"), (2e17, "2e+17 s"), (1.2345, "1.23 s"),
    ])
    func milliseconds(value: Double, expected: String) {
        #expect(SecondsFormat(precision: .decimals(2), unit: .secondsOrMilliseconds).format(value) == expected)
    }
}
