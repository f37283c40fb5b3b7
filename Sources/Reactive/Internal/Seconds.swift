import Foundation

/// `seconds` as RAC's names print an `NSTimeInterval` with `%f`: six decimals, such as `"0.500000"`.
func printfSeconds(_ seconds: TimeInterval) -> String {
    String(format: "%f", seconds)
}
