import Foundation
import Testing
import Tracer

/// The chunk sizes the streaming writers are tried at: every byte its own chunk, odd sizes that
/// end chunks anywhere in an entry's text, and the default.
private let chunkSizes = [0, 1, 2, 3, 7, 13, 64, 1_000, 1 << 16]

/// The traces they are tried on: hand-built ones whose strings need every escape, an empty one,
/// and recorded ones.
private func traces() -> [Trace] {
    [hostileTrace(), tinyTrace(), Trace()] + recordedTraces()
}

/// The chunks that `write` hands its sink.
private func chunks(_ write: ((UnsafeBufferPointer<UInt8>) -> Void) -> Void) -> [[UInt8]] {
    var chunks: [[UInt8]] = []
    write { chunks.append(Array($0)) }
    return chunks
}

@Suite struct StreamingWriterTests {
    @Test("writeJSON hands, chunk by chunk, exactly the bytes of json(); each chunk but the last is at least the chunk size",
          arguments: chunkSizes)
    func sigvizFormat(chunkSize: Int) throws {
        for trace in traces() {
            let written = chunks { sink in trace.writeJSON(chunkSize: chunkSize, to: sink) }
            #expect(Data(written.joined()) == trace.json())
            #expect(written.dropLast().allSatisfy { $0.count >= max(chunkSize, 1) })
            #expect(written.allSatisfy { !$0.isEmpty })
            // What it streams reads back to the same trace.
            #expect(try Trace(json: Data(written.joined()), maximumEvents: .max) == trace)
        }
    }

    @Test("writeChromeTraceJSON hands, chunk by chunk, exactly the bytes of chromeTraceJSON()", arguments: chunkSizes)
    func perfettoFormat(chunkSize: Int) throws {
        for trace in traces() {
            let written = chunks { sink in trace.writeChromeTraceJSON(chunkSize: chunkSize, to: sink) }
            #expect(Data(written.joined()) == trace.chromeTraceJSON())
            #expect(written.dropLast().allSatisfy { $0.count >= max(chunkSize, 1) })
        }
    }

    @Test("a large trace goes out in chunks of about the chunk size, never the whole document in one")
    func boundedChunks() {
        var trace = Trace(signals: [TraceSignal(id: 0, kind: .subject, name: "s")], subscriptions: [],
                          events: [TraceEvent(time: 0, kind: .signal(0))])
        for index in 1..<20_000 { trace.events.append(TraceEvent(time: 1, kind: .send(signal: 0, value: "value \(index)"))) }
        let written = chunks { sink in trace.writeJSON(chunkSize: 4096, to: sink) }
        #expect(written.count > 100)
        // An event's line is far shorter than 1 KB: a chunk passes the size by less than one.
        #expect(written.allSatisfy { $0.count < 4096 + 1024 })
        #expect(Data(written.joined()) == trace.json())
    }

    @Test("a sink that throws stops the writing: no chunk after it, and its error is what the writer throws")
    func failingSink() {
        struct Full: Error, Equatable {}
        let trace = hostileTrace()
        var calls = 0
        #expect(throws: Full()) {
            try trace.writeJSON(chunkSize: 1) { (_: UnsafeBufferPointer<UInt8>) throws(Full) in
                calls += 1
                if calls == 3 { throw Full() }
            }
        }
        #expect(calls == 3)
        calls = 0
        #expect(throws: Full()) {
            try trace.writeChromeTraceJSON(chunkSize: 1) { (_: UnsafeBufferPointer<UInt8>) throws(Full) in
                calls += 1
                if calls == 2 { throw Full() }
            }
        }
        #expect(calls == 2)
    }

    @Test("Trace(json:read:) reads bytes as Trace(json:) reads Data, and tells how far it has read, in order, within the bytes")
    func readProgress() throws {
        var trace = Trace(signals: [TraceSignal(id: 0, kind: .subject, name: "s")], subscriptions: [],
                          events: [TraceEvent(time: 0, kind: .signal(0))])
        for index in 1..<200_000 { trace.events.append(TraceEvent(time: 1, kind: .send(signal: 0, value: "\(index)"))) }
        let json = trace.json()
        var offsets: [Int] = []
        let read = try json.withUnsafeBytes { raw in
            try Trace(json: raw.bindMemory(to: UInt8.self), maximumEvents: .max, read: { offsets.append($0) })
        }
        #expect(read == trace)
        #expect(offsets.count >= 2)
        #expect(offsets == offsets.sorted() && offsets.allSatisfy { $0 > 0 && $0 < json.count })
    }
}
