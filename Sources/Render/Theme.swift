/// The colours of a diagram.
public enum Theme: String, Sendable, CaseIterable {
    /// Light, or dark when the viewer prefers it (CSS `prefers-color-scheme`).
    case auto
    /// Always light.
    case light
    /// Always dark.
    case dark

    /// The style sheet embedded in each SVG. Colours are from the Okabe–Ito
    /// palette, which stays distinguishable with the common colour-vision
    /// deficiencies; every mark also differs in shape, so colour is never the only cue.
    var styleSheet: String {
        let base = """
            text{font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-size:12px}
            .title{font-size:16px;font-weight:600}.subtitle{font-size:12px}.lane-label{font-size:12px}
            .small{font-size:10px}.label{paint-order:stroke;stroke-width:3px;stroke-linejoin:round}.marble-text{font-size:10px;font-weight:600;text-anchor:middle;dominant-baseline:central}
            .value-label{font-size:10px;text-anchor:middle}.count{font-size:9px;text-anchor:middle;dominant-baseline:central}
            .lane,.axis,.end,.bar,.cross,.connector,.source-line,.waiting{fill:none}
            .lane{stroke-width:2}.inner-lane{stroke-width:1.5}.waiting{stroke-width:1.5;stroke-dasharray:5 3}.hook{fill:none;stroke-width:1}.source-line{stroke-width:1;stroke-dasharray:2 3}.end{stroke-width:3}.cross{stroke-width:2.5}
            .connector{stroke-width:1;stroke-dasharray:3 3}.replayed{stroke-dasharray:3 2;stroke-width:2}
            .edge{fill:none;stroke-width:1.5}.expected{stroke-dasharray:2 2;stroke-width:1.5}.diverge{stroke-width:2;stroke-dasharray:4 2}
            """
        func palette(_ p: Palette) -> String {
            """
            .bg{fill:\(p.background)}text{fill:\(p.foreground)}.label{stroke:\(p.background)}.muted{fill:\(p.muted)}
            .grid{stroke:\(p.grid);stroke-width:1}.axis{stroke:\(p.muted);stroke-width:1}
            .lane{stroke:\(p.foreground)}.waiting,.hook{stroke:\(p.muted)}.true-band{fill:\(p.connect);fill-opacity:0.28;stroke:none}.source-line{stroke:\(p.muted)}.panel{fill:\(p.panel);stroke:\(p.grid)}
            .marble{fill:\(p.value);stroke:\(p.foreground);stroke-width:1}.marble-text{fill:\(p.onValue)}
            .replayed{fill:\(p.background);stroke:\(p.replayed)}.replayed-text{fill:\(p.foreground)}
            .send{fill:\(p.send);stroke:\(p.foreground);stroke-width:1}
            .effect{fill:\(p.effect);stroke:\(p.foreground);stroke-width:1}.effect-text{fill:\(p.onValue)}
            .connect{fill:\(p.connect);stroke:\(p.foreground);stroke-width:1}.noop{fill:\(p.background);stroke:\(p.connect);stroke-width:1.5}.refused{stroke:\(p.error)}
            .end{stroke:\(p.foreground)}.strike{stroke:\(p.foreground);stroke-width:1}.cross{stroke:\(p.error)}.disposed{fill:\(p.background);stroke:\(p.muted);stroke-width:2}
            .connector{stroke:\(p.muted)}.bar{stroke:\(p.value);stroke-width:6}.node{fill:\(p.panel);stroke:\(p.foreground);stroke-width:1}
            .node-hot{fill:\(p.panel);stroke:\(p.send);stroke-width:2}.node-subscriber{fill:\(p.panel);stroke:\(p.value);stroke-width:2}
            .node-connection{fill:\(p.panel);stroke:\(p.connect);stroke-width:2}
            .expected{fill:\(p.background);stroke:\(p.muted)}.diverge{stroke:\(p.error)}.diverge-text{fill:\(p.error)}.error-text{fill:\(p.error)}.edge{stroke:\(p.muted)}.arrow{fill:\(p.muted)}.badge{fill:\(p.effect)}.badge-repeated{fill:\(p.error)}.badge-text{fill:\(p.onValue)}
            """
        }
        switch self {
        case .light: return base + palette(.light)
        case .dark: return base + palette(.dark)
        case .auto: return base + palette(.light) + "@media (prefers-color-scheme:dark){" + palette(.dark) + "}"
        }
    }
}

/// One appearance's colours.
struct Palette {
    let background, panel, foreground, muted, grid: String
    let value, onValue, replayed, send, effect, connect, error: String

    /// Okabe–Ito on white.
    static let light = Palette(
        background: "#ffffff", panel: "#f6f7f9", foreground: "#1f2328", muted: "#656d76", grid: "#d8dee4",
        value: "#0072B2", onValue: "#ffffff", replayed: "#0072B2", send: "#009E73", effect: "#CC79A7",
        connect: "#E69F00", error: "#D55E00")

    /// Okabe–Ito, lightened where needed, on near-black.
    static let dark = Palette(
        background: "#0d1117", panel: "#161b22", foreground: "#e6edf3", muted: "#8d96a0", grid: "#30363d",
        value: "#56B4E9", onValue: "#0d1117", replayed: "#56B4E9", send: "#33C89A", effect: "#E09CC4",
        connect: "#F0B431", error: "#F07A3A")
}
