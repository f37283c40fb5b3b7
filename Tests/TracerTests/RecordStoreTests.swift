import Testing
@testable import Tracer

// A recorder keeps every report as a `Record`: its size is the memory of a recording (the
// benchmark's memory row), and the bytes every recorded event writes.

@Suite struct RecordStoreTests {
    @Test("a record takes 40 bytes, and keeps labels inline up to 8 bytes and longer ones in the store's text")
    func compactRecords() {
        #expect(MemoryLayout<Record>.stride == 40)
        var store = RecordStore()
        let labels = ["", "8 bytes!", "nine byte", String(repeating: "é", count: 300)]
        for (index, text) in labels.enumerated() {
            let pending = PendingRecord(
                .next, .subscription, subject: index, label: Label(text), flag: false, sequence: index, time: 0, cause: nil)
            store.append(pending.record, longLabel: pending.longLabel, detail: nil)
        }
        let records = store.sorted()
        #expect(records.map { store.label(of: $0) } == labels)
        #expect(records.map(\.subject) == [0, 1, 2, 3])
        #expect(records.map(\.textCount) == [0, 8, Record.longLabel, Record.longLabel])
    }
}
