import Findings
import Tracer

/// The findings drawn on a timeline (`sigviz render --findings`): each finding's events ringed,
/// with a badge numbered as the finding is (1 for the first), and under the diagram the numbered
/// list of their sentences and suggestions, wrapped to the diagram's width.
///
/// Drawn in one accent colour that reads on light and dark backgrounds, with its own style rules,
/// written only when findings are drawn: a timeline drawn without them is unchanged.
enum FindingBadges {
    /// The style rules of the badges, the rings and the list.
    static let styleSheet = ".finding-badge{fill:#D55E00;stroke:none}"
        + ".finding-badge-text{fill:#ffffff;font-size:9px;font-weight:700;text-anchor:middle;dominant-baseline:central}"
        + ".finding-ring{fill:none;stroke:#D55E00;stroke-width:1.5;stroke-dasharray:3 2}"
        + ".finding-text{font-size:12px}.finding-title{font-size:13px;font-weight:600}"

    /// The badge's radius, in pixels.
    static let radius = 7.0
    /// The font size of the list's sentences, and the height of one of their lines.
    static let fontSize = 12.0
    static let lineHeight = 16.0
    /// The most lines a finding's sentence takes in the list; a longer one ends in "…".
    static let maximumLines = 10
    /// Where the list's text starts, right of its badges.
    static let textLeft = 44.0
}

extension TimelinePainter {
    /// Rings the marks of each finding's events drawn by ``panel(_:top:)`` (with ``wanted`` set to
    /// them), and puts beside each a badge with the finding's number: left of the mark and above
    /// it, the badges of several findings of one mark side by side, the first leftmost. Events drawn
    /// at one place (on one bar of a lane drawn as counts, say) are ringed once.
    mutating func badges(_ findings: [Finding]) {
        canvas.svg.open("g", [("class", "findings")])
        canvas.svg.element("style", text: FindingBadges.styleSheet)
        var numbers: [Spot: [Int]] = [:]  // by place: the findings naming an event drawn there, by number
        var order: [Spot] = []
        for (index, finding) in findings.enumerated() {
            // In the finding's order, each place once: the same findings draw the same bytes.
            for event in finding.events {
                guard let (x, y) = located[event] else { continue }
                let spot = Spot(x: x, y: y)
                guard numbers[spot]?.last != index + 1 else { continue }
                if numbers[spot] == nil { order.append(spot) }
                numbers[spot, default: []].append(index + 1)
            }
        }
        if !order.isEmpty { used.insert(.finding) }
        for spot in order {
            guard let list = numbers[spot] else { continue }
            let (x, y) = (spot.x, spot.y)
            canvas.svg.empty("circle", [("class", "finding-ring"), ("cx", number(x)), ("cy", number(y)), ("r", "13")])
            for (position, finding) in list.enumerated() {
                // Read left to right, the lowest number first.
                let center = (x: x - 20 - Double(list.count - 1 - position) * (2 * FindingBadges.radius + 2), y: y - 11)
                canvas.svg.open("g", [("class", "finding-badge-group")])
                canvas.svg.tooltip("finding \(finding): \(findings[finding - 1].kind.words)")
                canvas.svg.empty("circle", [
                    ("class", "finding-badge"), ("cx", number(center.x)), ("cy", number(center.y)),
                    ("r", number(FindingBadges.radius)),
                ])
                canvas.svg.element("text", [("class", "finding-badge-text"), ("x", number(center.x)), ("y", number(center.y))],
                                   text: String(finding))
                canvas.svg.close("g")
            }
        }
        canvas.svg.close("g")
        canvas.svg.newline()
    }

    /// A place a finding's badge is drawn at.
    private struct Spot: Hashable {
        let x: Double
        let y: Double
    }

    /// The height of ``findingsList(_:top:)``'s list of `findings`.
    func findingsListHeight(_ findings: [Finding]) -> Double {
        var height = 30.0  // the heading
        for finding in findings {
            height += Double(FindingBadges.lines(of: finding, width: axis.width).count) * FindingBadges.lineHeight + 8
        }
        return height + (findings.isEmpty ? FindingBadges.lineHeight : 0) + 8
    }

    /// The numbered list of `findings` from `top`: each one's badge, its kind and sentence, and its
    /// suggestion, wrapped to the diagram's width; "No findings." when there are none.
    mutating func findingsList(_ findings: [Finding], top: Double) {
        canvas.svg.open("g", [("class", "findings-list")])
        if findings.isEmpty {
            // The badges' style rules come with the badges; with none drawn, the list brings them.
            canvas.svg.element("style", text: FindingBadges.styleSheet)
        }
        canvas.svg.element("text", [("class", "finding-title"), ("x", "16"), ("y", number(top + 20))], text: "Findings")
        var y = top + 30
        if findings.isEmpty {
            canvas.svg.element("text", [("class", "finding-text muted"), ("x", "16"), ("y", number(y + 12))], text: "No findings.")
        }
        for (index, finding) in findings.enumerated() {
            let lines = FindingBadges.lines(of: finding, width: axis.width)
            canvas.svg.empty("circle", [
                ("class", "finding-badge"), ("cx", number(16 + FindingBadges.radius + 6)), ("cy", number(y + 8)),
                ("r", number(FindingBadges.radius + 1)),
            ])
            canvas.svg.element("text", [("class", "finding-badge-text"), ("x", number(16 + FindingBadges.radius + 6)), ("y", number(y + 8))],
                               text: String(index + 1))
            for line in lines {
                canvas.svg.element("text", [
                    ("class", line.muted ? "finding-text muted" : "finding-text"), ("x", number(FindingBadges.textLeft)),
                    ("y", number(y + 12)),
                ], text: line.text)
                y += FindingBadges.lineHeight
            }
            y += 8
        }
        canvas.svg.close("g")
        canvas.svg.newline()
    }
}

extension FindingBadges {
    /// The finding's kind and sentence, then its suggestion (muted), each wrapped to fit right of the
    /// badges in a diagram `width` pixels wide.
    static func lines(of finding: Finding, width: Double) -> [(text: String, muted: Bool)] {
        // The widths are estimates from Helvetica's; a wider fallback font (DejaVu Sans) must fit too.
        let room = (width - FindingBadges.textLeft - 16) * 0.85
        let kind = finding.kind.words
        let sentence = TextWidth.lines(
            of: kind.prefix(1).uppercased() + kind.dropFirst() + ": " + finding.sentence, fittingIn: room,
            fontSize: FindingBadges.fontSize, maximumLines: FindingBadges.maximumLines)
        let suggestion = finding.suggestion.map {
            TextWidth.lines(of: "Suggestion: " + $0.sentence, fittingIn: room, fontSize: FindingBadges.fontSize,
                            maximumLines: FindingBadges.maximumLines)
        } ?? []
        return sentence.map { ($0, false) } + suggestion.map { ($0, true) }
    }
}
