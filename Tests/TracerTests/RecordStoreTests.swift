import Testing
@testable import Tracer

// A recorder keeps every report as a `Record`: its size is the memory of a recording (the
// benchmark's memory row), and the bytes every recorded event writes.

@Suite struct RecordStoreTests {
    @Test("a record takes 32 bytes, and keeps labels inline up to 8 bytes and longer ones in the store's text")
    func compactRecords() {
        #expect(MemoryLayout<Record>.stride == 32)
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

    @Test("sequence numbers and causes are kept up to 2³² − 2; a report numbered past that is dropped, as past a limit")
    func numbering() {
        let last = Record.maximumSequence
        let kept = Record(sequence: last, time: 1, cause: last - 1, subject: 3, text: 0, textCount: 0, event: .next,
                          space: .subscription, flag: false)
        #expect(kept.sequence == last && kept.cause == last - 1 && !kept.isPastNumbering)
        let uncaused = Record(sequence: 0, time: 1, cause: -1, subject: 3, text: 0, textCount: 0, event: .next,
                              space: .subscription, flag: false)
        #expect(uncaused.cause == -1)
        let recorder = TraceRecorder()
        recorder.recordNext(1, subscription: 0, replayed: false, sequence: 7, time: 0, cause: nil)
        recorder.recordNext(2, subscription: 0, replayed: false, sequence: last + 1, time: 0, cause: 7)
        #expect(recorder.count == 1)
        #expect(recorder.exceededLimit)
    }
}
