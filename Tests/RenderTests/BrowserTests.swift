import Foundation
import Render
import Scenarios
import Testing

/// A browser to draw SVGs with: Debian's chromium, which .ci/run installs.
let browser = executable(named: "chromium") ?? executable(named: "chromium-browser") ?? executable(named: "google-chrome")

/// Whether the tools must be present (CI sets SIGVIZ_REQUIRE_TOOLS=1, so the test cannot be skipped there).
let toolsRequired = ProcessInfo.processInfo.environment["SIGVIZ_REQUIRE_TOOLS"] != nil

@Suite("In a real browser")
struct BrowserTests {
    @Test("headless Chromium draws the headline comparison: the screenshot has the SVG's size and is not blank",
          .enabled(if: browser != nil || toolsRequired, "needs chromium (apt-get install chromium)"))
    func headlineScreenshot() throws {
        let browser = try #require(browser, "chromium is required (SIGVIZ_REQUIRE_TOOLS is set) but missing")
        let traces = ["cold", "publish", "replay", "replaylast", "replaylazily"].map { Catalog.scenario(named: $0)!.trace() }
        let svg = ComparisonRenderer(theme: .light).render(traces)
        let size = try #require(svg.firstMatch(of: /width="([0-9]+)" height="([0-9]+)"/))
        let (width, height) = (Int(size.1)!, Int(size.2)!)

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sigviz-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("compare.svg")
        let screenshot = directory.appendingPathComponent("compare.png")
        try Data(svg.utf8).write(to: page)

        let process = Process()
        process.executableURL = browser
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
            "--user-data-dir=\(directory.appendingPathComponent("profile").path)",
            "--screenshot=\(screenshot.path)", "--window-size=\(width),\(height)", page.absoluteString,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)

        let png = try Data(contentsOf: screenshot)
        let image = try #require(PNGSummary(png))
        #expect(image.width == width)
        #expect(image.height == height)
        // Blank would be one colour; the diagram has text, lanes and marbles in several colours.
        #expect(image.distinctColours >= 8, "the screenshot looks blank: \(image.distinctColours) colours")
        #expect(image.inkFraction > 0.02, "too little drawn: \(image.inkFraction)")
    }
}

/// The size of a PNG and a rough look at its pixels, decoded by Python's zlib
/// (python3 is on every machine this runs on).
struct PNGSummary {
    let width: Int
    let height: Int
    let distinctColours: Int
    /// The fraction of pixels that differ from the most common colour.
    let inkFraction: Double

    init?(_ png: Data) {
        guard png.count > 24, png.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
        let bytes = [UInt8](png)
        func be32(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        width = be32(16)
        height = be32(20)
        let script = """
            import sys, zlib, struct, collections
            data = open(sys.argv[1], 'rb').read()
            pos, idat, w, h, ct = 8, b'', 0, 0, 0
            while pos < len(data):
                n = struct.unpack('>I', data[pos:pos+4])[0]; kind = data[pos+4:pos+8]; body = data[pos+8:pos+8+n]
                if kind == b'IHDR': w, h, depth, ct = struct.unpack('>IIBB', body[:10])
                if kind == b'IDAT': idat += body
                pos += 12 + n
            raw = zlib.decompress(idat); bpp = {2: 3, 6: 4}[ct]; stride = w * bpp
            rows, prev = [], bytearray(stride)
            for y in range(h):
                f = raw[y*(stride+1)]; line = bytearray(raw[y*(stride+1)+1:(y+1)*(stride+1)])
                for i in range(stride):
                    a = line[i-bpp] if i >= bpp else 0; b = prev[i]; c = prev[i-bpp] if i >= bpp else 0
                    if f == 1: line[i] = (line[i] + a) & 255
                    elif f == 2: line[i] = (line[i] + b) & 255
                    elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
                    elif f == 4:
                        p = a + b - c; pa, pb, pc = abs(p-a), abs(p-b), abs(p-c)
                        line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
                rows.append(bytes(line)); prev = line
            counts = collections.Counter()
            for line in rows[::4]:
                for x in range(0, stride, bpp * 4): counts[line[x:x+3]] += 1
            total = sum(counts.values()); common = counts.most_common(1)[0][1]
            print(len(counts), (total - common) / total)
            """
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sigviz-\(UUID().uuidString).png")
        guard (try? png.write(to: file)) != nil else { return nil }
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, file.path]
        let output = Pipe()
        process.standardOutput = output
        guard (try? process.run()) != nil else { return nil }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let fields = text.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        guard process.terminationStatus == 0, fields.count == 2, let colours = Int(fields[0]), let ink = Double(fields[1]) else {
            return nil
        }
        distinctColours = colours
        inkFraction = ink
    }
}
