/// A call site as a trace writes it (``TraceSubscription/site``, ``TraceSignal/site``): `#fileID` and
/// line, "Module/File.swift:12". The one place the text is made and read back.
package enum CallSite {
    /// The text of the call at `fileID`, `line`, cut as a trace's texts are when it is very long.
    package static func text(fileID: String, line: Int) -> String {
        shortened("\(fileID):\(line)")
    }

    /// The file and line of a site's text; `nil` for one that is not "FILE:LINE" (a cut one).
    package static func parts(of site: String) -> (fileID: String, line: Int)? {
        guard let colon = site.lastIndex(of: ":"), let line = Int(site[site.index(after: colon)...]) else { return nil }
        return (String(site[..<colon]), line)
    }
}
