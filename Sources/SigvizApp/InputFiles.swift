import Foundation
import Scenarios

/// The files among a command's inputs, so that an output never replaces one: `render x.sigviz -o x.sigviz`
/// is refused rather than replacing the scenario with its SVG. A file is recognised by its path
/// with symbolic links, `.` and `..` resolved (`./x` is `x`), and by its device and inode (a hard
/// link). Built-in scenario names are not files. `report`, `render`, `graph`, `compare` and
/// `trace -o` refuse to write over what it contains.
package struct InputFiles {
    private let paths: Set<String>
    private let identities: Set<[UInt64]>

    package init(_ arguments: [String]) {
        let files = arguments.filter { Catalog.scenario(named: $0) == nil }
        paths = Set(files.map(Self.resolved))
        identities = Set(files.compactMap(Self.identity(ofFileAt:)))
    }

    /// Whether writing `path` would replace one of the input files.
    package func contains(_ path: String) -> Bool {
        paths.contains(Self.resolved(path)) || Self.identity(ofFileAt: path).map(identities.contains) == true
    }

    /// `path` made absolute, with `.`, `..` and symbolic links resolved.
    package static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// The device and inode of the file at `path` (following symlinks), so that a hard link to an input is recognised.
    package static func identity(ofFileAt path: String) -> [UInt64]? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: URL(fileURLWithPath: path).resolvingSymlinksInPath().path),
              let device = (attributes[.systemNumber] as? NSNumber)?.uint64Value,
              let inode = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value else { return nil }
        return [device, inode]
    }
}
