import Foundation
import MallocStats

/// How much memory the process uses, from two sources:
/// - `resident`: resident set size, from `/proc/self/statm` (pages × page size);
/// - `heap`: bytes the C allocator has handed out and not had back (glibc's `mallinfo2`).
///
/// A delta over a piece of work is what that work keeps alive. `snapshot()`
/// first returns free memory to the system (`malloc_trim`), so that the
/// resident size does not hide new allocations in pages freed earlier.
struct Memory {
    var resident: Int
    var heap: Int

    static func snapshot() -> Memory {
        malloc_stats_trim()
        return Memory(resident: residentBytes(), heap: Int(malloc_stats_bytes_in_use()))
    }

    private static func residentBytes() -> Int {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

/// A memory figure: bytes kept per item (per recorded event, per buffered value).
struct MemoryCase {
    /// A short name for `--filter` and results.json, such as `"memory-trace-event"`.
    let id: String
    let title: String
    /// What one item is, such as `"bytes per event"`.
    let unit: String
    /// As the issue states it.
    let target: String
    /// The most bytes per item the issue allows, if it sets a limit.
    let limit: Double?
    /// Runs the work once and returns the bytes kept per item, by resident size and by heap.
    let measure: () -> (resident: Double, heap: Double)
    var notes: [String] = []
}

/// Measures what `keep` returns alive, per item: the memory delta from before
/// it ran to after, while its result is still alive, divided by the number of
/// items it returns.
func bytesPerItem<T>(_ keep: () -> (kept: T, items: Int)) -> (resident: Double, heap: Double) {
    let before = Memory.snapshot()
    let (kept, items) = keep()
    let after = Memory.snapshot()
    withExtendedLifetime(kept) {}
    let count = Double(max(items, 1))
    return (Double(after.resident - before.resident) / count, Double(after.heap - before.heap) / count)
}
