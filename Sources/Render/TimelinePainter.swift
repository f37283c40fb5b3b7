import Tracer

/// Draws timelines on a ``Canvas``: the time axis, the lanes with their marks, the expected
/// events under a lane, and the legend of the marks drawn.
struct TimelinePainter {
    /// The document drawn on.
    var canvas: Canvas
    let axis: TimeAxis
    /// The marks used so far, for the legend.
    var used = Set<LegendItem>()
    /// The events whose marks ``panel(_:top:)`` notes the places of, in ``located``: a finding's.
    var wanted = Set<Int>()
    /// Where the marks of ``wanted`` events were drawn, by event index.
    private(set) var located: [Int: (x: Double, y: Double)] = [:]

    init(theme: Theme, axis: TimeAxis, form: SVGForm = .document) {
        canvas = Canvas(theme: theme, form: form)
        self.axis = axis
    }

    // MARK: Axis

    /// Grid lines from `top` to `bottom` and tick labels below.
    mutating func axis(top: Double, bottom: Double) {
        canvas.svg.open("g", [("class", "time-axis")])
        var time = 0.0
        var index = 0
        let step = axis.tick
        // The last tick may be a hair past the end; near the largest double that hair would overflow.
        let last = (axis.end + step * 1e-9).isFinite ? axis.end + step * 1e-9 : axis.end
        while time.isFinite, time <= last {
            let x = number(axis.x(time))
            canvas.svg.empty("line", [("class", "grid"), ("x1", x), ("y1", number(top)), ("x2", x), ("y2", number(bottom))])
            canvas.svg.element("text", [("class", "small muted"), ("x", x), ("y", number(bottom + 16)), ("text-anchor", "middle")],
                               text: TimeAxis.format(time))
            index += 1
            time = Double(index) * step
        }
        canvas.svg.empty("line", [
            ("class", "axis"), ("x1", number(axis.x(0))), ("y1", number(bottom)), ("x2", number(axis.x(axis.end))),
            ("y2", number(bottom)),
        ])
        canvas.svg.close("g")
        canvas.svg.newline()
    }

    // MARK: Lanes

    /// The height of one lane: tall enough for its largest stack of same-time marks.
    func height(of lane: TimelineModel.Lane) -> Double {
        let expectedRow = lane.expected == nil ? 0 : Layout.stackStep + 8
        return markHeight(of: lane) + schedulerRow(of: lane) + expectedRow
    }

    /// Room under the marks for the names of the schedulers they ran on, if any did after a hop.
    private func schedulerRow(of lane: TimelineModel.Lane) -> Double {
        !isDense(lane) && lane.marks.contains { $0.scheduler != nil } ? 10 : 0
    }

    /// The height of the lane's own marks, without its expectation row.
    private func markHeight(of lane: TimelineModel.Lane) -> Double {
        guard !isDense(lane) else { return Layout.laneHeight }
        var largest = 1, run = 0
        var previous: Double?
        // A terminal event stays on the lane's line, through the marks of its instant: it takes no row.
        for mark in lane.marks where !mark.kind.isTerminal {
            run = mark.time == previous ? run + 1 : 1
            previous = mark.time
            largest = max(largest, run)
        }
        return Layout.laneHeight + Double(largest - 1) * Layout.stackStep
    }

    /// Whether the lane is drawn as counts, having more marks than the axis draws one by one.
    func isDense(_ lane: TimelineModel.Lane) -> Bool { lane.counts != nil }

    /// The height of a model's lanes.
    func measure(_ model: TimelineModel) -> Double {
        model.lanes.reduce(0) { $0 + height(of: $1) } + (model.lanes.isEmpty ? Layout.laneHeight : 0)
    }

    /// Draws every lane of `model` from `top`, then the connectors between them.
    mutating func panel(_ model: TimelineModel, top: Double) {
        assert(model.axis == axis, "a model's lanes are counted for the axis they are drawn on")
        var y = top
        var laneCenters: [Double] = []
        for lane in model.lanes {
            laneCenters.append(y + markHeight(of: lane) / 2)
            y += height(of: lane)
        }
        if model.lanes.isEmpty {
            canvas.svg.element("text", [("class", "muted"), ("x", number(Layout.plotLeft)), ("y", number(top + 24))],
                               text: "no signals to draw")
        }
        // Each mark's vertical position: of the lanes drawn mark by mark.
        let stacked = model.lanes.indices.map { index in
            isDense(model.lanes[index]) ? [] : place(model.lanes[index], center: laneCenters[index])
        }
        let connected = model.lanes.contains { $0.drawsSubscription && !isDense($0) && !$0.marks.isEmpty }
        // Where each event drawn mark by mark is, by its position in the trace (the later lane's
        // place for an event drawn on two), when connectors or findings need it.
        var placed: [Int: (x: Double, y: Double)] = [:]
        if connected || !wanted.isEmpty {
            for items in stacked {
                for item in items { placed[item.mark.event] = (axis.x(item.mark.time), item.y) }
            }
        }
        /// Where the event at position `event` is drawn: on a lane drawn as counts, at its time on the
        /// lane's line.
        func point(of event: Int) -> (x: Double, y: Double)? {
            guard let lane = model.lane(of: event) else { return nil }
            return isDense(model.lanes[lane]) ? (axis.x(model.time(of: event)), laneCenters[lane]) : placed[event]
        }
        // A subscription a finding names by its `subscribe` (one never ended) is drawn by its lane's start.
        let laneOfSubscription = wanted.contains { model.lane(of: $0) == nil } ? Dictionary(
            model.lanes.indices.compactMap { lane in model.lanes[lane].subscription.map { ($0, lane) } },
            uniquingKeysWith: { first, _ in first }) : [:]
        for event in wanted {
            guard let lane = model.lane(of: event) else {
                if let subscription = model.subscription(subscribedBy: event), let lane = laneOfSubscription[subscription],
                   let start = model.lanes[lane].start {
                    located[event] = (axis.x(start), laneCenters[lane])
                }
                continue
            }
            // On a lane drawn as counts, a finding's event is marked on its bin's bar: once per bar.
            located[event] = isDense(model.lanes[lane])
                ? (MarkCounts.x(ofBin: MarkCounts.bin(of: model.time(of: event), on: axis)), laneCenters[lane])
                : placed[event]
        }
        // Values whose label is drawn at the send they came from, found with the connectors.
        var echoed = Set<Int>()
        // Connectors first, underneath the marks: only subscriber lanes drawn mark by mark have them.
        canvas.svg.open("g", [("class", "connectors")])
        if connected {
            for (index, lane) in model.lanes.enumerated() where lane.drawsSubscription && !isDense(lane) {
                for mark in lane.marks {
                    guard let source = model.cause(of: mark.event), let sourceLane = model.lane(of: source), sourceLane != index,
                          let from = point(of: source), let to = point(of: mark.event) else { continue }
                    // A value from a send drawn with its label is labelled once, there (a lane drawn as counts shows none).
                    if case .value(let label, _) = mark.kind, label.count > 2, !isDense(model.lanes[sourceLane]),
                       model.isSend(source, labelled: label) {
                        echoed.insert(mark.event)
                    }
                    used.insert(.connector)
                    canvas.svg.empty("line", [
                        ("class", "connector"), ("x1", number(from.x)), ("y1", number(from.y)), ("x2", number(to.x)),
                        ("y2", number(to.y)),
                    ])
                }
            }
        }
        canvas.svg.close("g")
        canvas.svg.newline()
        y = top
        for (index, lane) in model.lanes.enumerated() {
            draw(lane, of: model, top: y, center: laneCenters[index], placed: stacked[index], echoed: echoed)
            if let expected = lane.expected {
                drawExpected(expected, lane: lane, top: y,
                             center: y + markHeight(of: lane) + schedulerRow(of: lane) + Layout.stackStep / 2)
            }
            y += height(of: lane)
        }
    }

    /// The expected events under a lane, and where the lane first differs from them.
    private mutating func drawExpected(
        _ expected: [MarbleEvent.Timed], lane: TimelineModel.Lane, top: Double, center: Double
    ) {
        used.insert(.expected)
        canvas.svg.open("g", [("class", "expected-row")])
        canvas.svg.element("text", [("class", "small muted"), ("x", "28"), ("y", number(center + 3.5))], text: "expected")
        var previous: Double?
        var offset = 0
        for event in expected {
            offset = event.time == previous ? offset + 1 : 0
            previous = event.time
            let x = axis.x(event.time) + Double(offset) * 6
            let at = "t=\(TimeAxis.format(event.time))"
            switch event.event {
            case .next(let label):
                canvas.svg.open("g")
                canvas.svg.tooltip("expected next \(label) at \(at)")
                canvas.svg.empty("circle", [("class", "expected"), ("cx", number(x)), ("cy", number(center)), ("r", number(Layout.radius - 2))])
                if label.count <= 2 {
                    canvas.svg.element("text", [("class", "marble-text replayed-text"), ("x", number(x)), ("y", number(center))], text: label)
                }
                canvas.svg.close("g")
            case .completed:
                canvas.svg.open("g")
                canvas.svg.tooltip("expected completed at \(at)")
                canvas.svg.empty("line", [("class", "end replayed"), ("x1", number(x)), ("y1", number(center - 8)), ("x2", number(x)), ("y2", number(center + 8))])
                canvas.svg.close("g")
            case .error:
                canvas.svg.open("g")
                canvas.svg.tooltip("expected error at \(at)")
                canvas.cross(x: x, y: center, arm: 5)
                canvas.svg.close("g")
            }
        }
        if let divergence = lane.divergence {
            used.insert(.divergence)
            let x = number(axis.x(divergence))
            canvas.svg.open("g", [("class", "divergence")])
            canvas.svg.tooltip("the events first differ from the expected ones at t=\(TimeAxis.format(divergence))")
            canvas.svg.empty("line", [("class", "diverge"), ("x1", x), ("y1", number(top + 2)), ("x2", x), ("y2", number(center + 12))])
            canvas.svg.element("text", [("class", "small diverge-text"), ("x", number(axis.x(divergence) + 4)), ("y", number(center + 12))],
                               text: "differs from here")
            canvas.svg.close("g")
        }
        canvas.svg.close("g")
        canvas.svg.newline()
    }

    /// Each mark with its vertical position: marks at the same time are stacked around the lane's
    /// center, except a completion or error, which stays on the center line, through them (as
    /// RxJS's `(b|)`): the lane ends where it is drawn.
    private func place(_ lane: TimelineModel.Lane, center: Double) -> [(mark: TimelineModel.Mark, y: Double)] {
        var result: [(mark: TimelineModel.Mark, y: Double)] = []
        var start = 0
        while start < lane.marks.count {
            var end = start + 1
            while end < lane.marks.count, lane.marks[end].time == lane.marks[start].time { end += 1 }
            let count = lane.marks[start..<end].filter { !$0.kind.isTerminal }.count
            var offset = 0
            for mark in lane.marks[start..<end] {
                if mark.kind.isTerminal {
                    result.append((mark, center))
                } else {
                    result.append((mark, center - Double(count - 1) * Layout.stackStep / 2 + Double(offset) * Layout.stackStep))
                    offset += 1
                }
            }
            start = end
        }
        return result
    }

    private mutating func draw(
        _ lane: TimelineModel.Lane, of model: TimelineModel, top: Double, center: Double,
        placed: [(mark: TimelineModel.Mark, y: Double)], echoed: Set<Int> = []
    ) {
        canvas.svg.open("g", [("class", "lane-group " + laneClass(lane.role))])
        // Two lines: who subscribed (or the source), then, smaller, to what (or what the lane shows).
        // An inner subscription's lane is indented under its subscriber's, with a hook.
        let indent = lane.role == .inner ? 30.0 : 16.0
        if lane.role == .inner {
            canvas.svg.empty("path", [("class", "hook"), ("d", "M20 \(number(center - 14))v10h6")])
        }
        canvas.svg.open("text", [("class", lane.role == .subscriber || lane.role == .inner ? "lane-label" : "lane-label muted"),
                                 ("x", number(indent)), ("y", number(center - 2))])
        canvas.svg.tooltip(lane.title + " " + lane.detail + (lane.description.map { " (RAC: \($0))" } ?? ""))
        canvas.svg.write(shortened(lane.title, to: lane.role == .inner ? 28 : 30))
        canvas.svg.close("text")
        canvas.svg.element("text", [("class", "small muted"), ("x", number(indent)), ("y", number(center + 11))],
                           text: shortened(lane.detail, to: 36))
        switch lane.role {
        case .subscriber, .inner:
            let start = axis.x(lane.start ?? 0)
            let end = axis.x(lane.end ?? axis.end)
            if let made = lane.waitingSince {
                used.insert(.waiting)
                canvas.svg.open("g")
                canvas.svg.tooltip("\(lane.title) was made at t=\(TimeAxis.format(made)) and waited until "
                                   + "t=\(TimeAxis.format(lane.start ?? made)) to be subscribed")
                canvas.svg.empty("line", [("class", "waiting"), ("x1", number(axis.x(made))), ("y1", number(center)),
                                          ("x2", number(start)), ("y2", number(center))])
                canvas.svg.close("g")
            }
            for span in lane.trueSpans {
                used.insert(.trueBand)
                // Until the value turns false, or while the lane lasts.
                let from = axis.x(span.start), to = span.end.map(axis.x) ?? end
                canvas.svg.open("g")
                canvas.svg.tooltip("true from t=\(TimeAxis.format(span.start))"
                                   + (span.end.map { " to t=\(TimeAxis.format($0))" } ?? ", still true at the end"))
                canvas.svg.empty("rect", [("class", "true-band"), ("x", number(from)), ("y", number(center - 7)),
                                          ("width", number(max(to - from, 1))), ("height", "14")])
                canvas.svg.close("g")
            }
            canvas.svg.empty("line", [("class", lane.role == .inner ? "lane inner-lane" : "lane"), ("x1", number(start)),
                                      ("y1", number(center)), ("x2", number(end)), ("y2", number(center))])
            switch lane.ending {
            case .open:
                used.insert(.open)
                canvas.svg.empty("path", [("class", "arrow"), ("d", "M\(number(end)) \(number(center - 5))l8 5l-8 5z")])
            case .disposed:
                used.insert(.disposed)
                canvas.square(class: "disposed", x: end, y: center, side: 10)
            case .completed, .error: break
            }
        default:
            canvas.svg.empty("line", [
                ("class", "source-line"), ("x1", number(axis.x(0))), ("y1", number(center)), ("x2", number(axis.x(axis.end))),
                ("y2", number(center)),
            ])
        }
        if isDense(lane) {
            drawAggregated(lane, of: model, center: center)
        } else {
            // The instants with a terminal event, and those with other marks: found once, not per mark.
            let terminalTimes = Set(placed.lazy.filter { $0.mark.kind.isTerminal }.map(\.mark.time))
            let otherTimes = Set(placed.lazy.filter { !$0.mark.kind.isTerminal }.map(\.mark.time))
            for (index, item) in placed.enumerated() {
                let room = roomAfter(index, in: placed)
                // A terminal event drawn through the marks of its instant is drawn taller, to show past them,
                // and the short labels of those marks go beside them, where its bar does not hide them.
                let through = item.mark.kind.isTerminal && otherTimes.contains(item.mark.time)
                let crossed = !item.mark.kind.isTerminal && terminalTimes.contains(item.mark.time)
                drawMark(item.mark, of: model, y: item.y, room: room, through: through, echoed: echoed.contains(item.mark.event),
                         crossed: crossed)
                if let scheduler = item.mark.scheduler { schedulerTag(scheduler, under: item.mark, y: item.y) }
            }
        }
        canvas.svg.close("g")
        canvas.svg.newline()
    }

    private func laneClass(_ role: TimelineModel.Lane.Role) -> String {
        switch role {
        case .subscriber: "subscriber"
        case .sideEffects: "side-effects"
        case .sends: "sends"
        case .connects: "connects"
        case .inner: "inner"
        }
    }

    /// Pixels free to the right of the mark at `index`, before the next mark at its height or the plot's end.
    private func roomAfter(_ index: Int, in placed: [(mark: TimelineModel.Mark, y: Double)]) -> Double {
        let x = axis.x(placed[index].mark.time)
        for next in placed[(index + 1)...] where next.mark.time > placed[index].mark.time && next.y == placed[index].y {
            return axis.x(next.mark.time) - x
        }
        return axis.x(axis.end) + Layout.rightMargin - 4 - x
    }

    /// Draws a mark; `echoed` when a value's label is drawn at the send it came from, and not again here;
    /// `crossed` when a terminal event of its instant is drawn through it, so its label goes beside it.
    private mutating func drawMark(
        _ mark: TimelineModel.Mark, of model: TimelineModel, y: Double, room: Double, through: Bool = false, echoed: Bool = false,
        crossed: Bool = false
    ) {
        let reach = through ? 15.0 : 10.0
        let x = axis.x(mark.time)
        let at = "t=\(TimeAxis.format(mark.time))"
        switch mark.kind {
        case .value(let label, let replayed):
            used.insert(replayed ? .replayed : .value)
            marble(x: x, y: y, label: label, class: replayed ? "replayed" : "marble",
                   textClass: replayed ? "marble-text replayed-text" : "marble-text",
                   tooltip: "\(replayed ? "replayed " : "")next \(label) at \(at)", room: room, event: mark.event,
                   labelled: !echoed, crossed: crossed)
        case .dropped(let label, let dropper):
            used.insert(.dropped)
            markGroup(mark.event, tooltip: "\"\(label)\" dropped by \(dropper) at \(at): received, and never sent on") { canvas in
                let short = label.count <= 2 && !crossed
                canvas.droppedMarble(x: x, y: y, radius: Layout.radius - 2, label: short ? label : nil)
                // A longer label goes beside it, struck through, as a value's does. The strike is a line of
                // its own: a text decoration is painted after the label's halo, which would hide the letters.
                let characters = Int((room - Layout.radius - 8) / 6.2)
                if !short, characters >= 2 {
                    let text = shortened(label, to: min(characters, 40))
                    let left = x + Layout.radius + 3
                    canvas.svg.element("text", [("class", "small label"), ("x", number(left)), ("y", number(y - 4))], text: text)
                    canvas.svg.empty("line", [
                        ("class", "strike"), ("x1", number(left)), ("y1", number(y - 7)),
                        ("x2", number(left + TextWidth.of(text, fontSize: 10))), ("y2", number(y - 7)),
                    ])
                }
            }
        case .sent(let label):
            used.insert(.sent)
            marble(x: x, y: y, label: label, class: "send", textClass: "marble-text",
                   tooltip: "sent \(label) at \(at)", room: room, event: mark.event, crossed: crossed)
        case .completed(let replayed):
            used.insert(.completed)
            completion(x: x, y: y, replayed: replayed, tooltip: "\(replayed ? "replayed " : "")completed at \(at)", event: mark.event,
                       reach: reach)
        case .sentCompleted:
            used.insert(.completed)
            completion(x: x, y: y, replayed: false, tooltip: "completed sent at \(at)", event: mark.event, reach: reach)
        case .error(let message, _), .sentError(let message):
            used.insert(.error)
            markGroup(mark.event, tooltip: "error \(message) at \(at)") { canvas in
                canvas.cross(x: x, y: y, arm: through ? 12 : 6)
                // The message is what the story turns on: drawn beside the cross, as a value's label is.
                let characters = Int((room - 18) / 6.2)
                if characters >= 2, !message.isEmpty {
                    canvas.svg.element("text", [("class", "small label error-text"), ("x", number(x + 9)), ("y", number(y - 4))],
                                       text: shortened(message, to: min(characters, 40)))
                }
            }
        case .effect(let number):
            used.insert(.effect)
            openMark(mark.event)
            // Which binding caused the run: fetchdata's six runs are six bindings' subscriptions.
            let chain = model.chain(ofRun: mark.event).flatMap { $0.hasCause ? ", caused by " + $0.text : nil } ?? ""
            canvas.svg.tooltip("didSubscribe run \(number) at \(at): a side effect" + chain)
            canvas.svg.empty("path", [("class", "effect"), ("d", "M\(Render.number(x)) \(Render.number(y - 11))l11 11l-11 11l-11 -11z")])
            canvas.svg.element("text", [("class", "marble-text effect-text"), ("x", Render.number(x)), ("y", Render.number(y))],
                               text: String(number))
            canvas.svg.close("g")
        case .runEnded(let run, let ending):
            switch ending {
            case .completed:
                used.insert(.completed)
                completion(x: x, y: y, replayed: false, tooltip: "didSubscribe run \(run)'s subscription completed at \(at)",
                           event: mark.event)
            case .error:
                used.insert(.error)
                markGroup(mark.event, tooltip: "didSubscribe run \(run)'s subscription failed at \(at)") { $0.cross(x: x, y: y, arm: 6) }
            case .disposed, .open:
                used.insert(.disposed)
                markGroup(mark.event, tooltip: "didSubscribe run \(run)'s subscription disposed at \(at): the source is no longer subscribed") {
                    $0.square(class: "disposed", x: x, y: y, side: 10)
                }
            }
        case .connect(let outcome):
            let item: LegendItem, tooltip: String, shape: String
            switch outcome {
            case .subscribes:
                (item, shape) = (.connect, "connect")
                tooltip = "connect at \(at): the source is subscribed"
            case .alreadyConnected:
                (item, shape) = (.noop, "noop")
                tooltip = "connect at \(at): already connected, nothing happens"
            case .afterDisposal(let since):
                (item, shape) = (.connectAfterDisposal, "noop refused")
                tooltip = "connect at \(at): the connection was disposed at t=\(TimeAxis.format(since)); "
                    + "RAC 2.5 does not reconnect, so nothing is subscribed"
            }
            used.insert(item)
            markGroup(mark.event, tooltip: tooltip) { canvas in
                canvas.square(class: shape, x: x, y: y, side: 14)
                if case .afterDisposal = outcome { canvas.cross(x: x, y: y, arm: 5) }
            }
        case .disconnect:
            used.insert(.disconnect)
            markGroup(mark.event, tooltip: "connection disposed at \(at): the source subscription ends, and the connection never connects again") {
                $0.square(class: "disposed", x: x, y: y, side: 12)
            }
        }
    }

    /// The name of the scheduler a mark ran on after a hop, small, under it; said in its tooltip.
    private mutating func schedulerTag(_ scheduler: String, under mark: TimelineModel.Mark, y: Double) {
        used.insert(.scheduler)
        canvas.svg.open("g", [("class", "scheduler-tag")])
        canvas.svg.tooltip("ran on the scheduler \(scheduler) at t=\(TimeAxis.format(mark.time)), after a deliverOn or subscribeOn hop")
        canvas.svg.element("text", [("class", "small muted"), ("x", number(axis.x(mark.time))), ("y", number(y + 20)),
                                    ("text-anchor", "middle")], text: "on " + shortened(scheduler, to: 12))
        canvas.svg.close("g")
    }

    /// Opens the group of a mark of `event`: naming the event when the form says marks do.
    private mutating func openMark(_ event: Int) {
        canvas.svg.open("g", canvas.form.marksEvents ? [("data-event", String(event))] : [])
    }

    /// One mark: a group for its event, with its tooltip, around what `draw` draws.
    private mutating func markGroup(_ event: Int, tooltip: String, _ draw: (inout Canvas) -> Void) {
        openMark(event)
        canvas.svg.tooltip(tooltip)
        draw(&canvas)
        canvas.svg.close("g")
    }

    private mutating func completion(x: Double, y: Double, replayed: Bool, tooltip: String, event: Int, reach: Double = 10) {
        markGroup(event, tooltip: tooltip) { canvas in
            canvas.svg.empty("line", [
                ("class", replayed ? "end replayed" : "end"), ("x1", number(x)), ("y1", number(y - reach)), ("x2", number(x)),
                ("y2", number(y + reach)),
            ])
        }
    }

    private mutating func marble(
        x: Double, y: Double, label: String, class marbleClass: String, textClass: String, tooltip: String, room: Double,
        event: Int, labelled: Bool = true, crossed: Bool = false
    ) {
        openMark(event)
        canvas.svg.tooltip(tooltip)
        canvas.svg.empty("circle", [("class", marbleClass), ("cx", number(x)), ("cy", number(y)), ("r", number(Layout.radius))])
        // A short label goes inside, unless a terminal event's bar is drawn through the marble and would hide it.
        if label.count <= 2, !crossed {
            canvas.svg.element("text", [("class", textClass), ("x", number(x)), ("y", number(y))], text: label)
        } else if labelled {
            let characters = Int((room - Layout.radius - 8) / 6.2)
            if characters >= 2 {
                canvas.svg.element("text", [("class", "small label"), ("x", number(x + Layout.radius + 3)), ("y", number(y - 4))],
                                   text: shortened(label, to: min(characters, 40)))
            }
        }
        canvas.svg.close("g")
    }

    /// A lane with too many marks to draw one by one: counts per 12-pixel bin.
    private mutating func drawAggregated(_ lane: TimelineModel.Lane, of model: TimelineModel, center: Double) {
        guard let counts = lane.counts else { return }
        used.insert(.aggregated)
        let binWidth = MarkCounts.binWidth
        for (bin, count) in counts.nonEmpty {
            let x = MarkCounts.x(ofBin: bin)
            canvas.svg.open("g")
            canvas.svg.tooltip("\(count) events from \(TimeAxis.format(Double(bin) * binWidth / axis.scale))")
            canvas.svg.empty("line", [("class", "bar"), ("x1", number(x)), ("y1", number(center - 8)),
                                      ("x2", number(x)), ("y2", number(center + 8))])
            canvas.svg.close("g")
        }
        if let terminal = counts.terminal { drawMark(terminal, of: model, y: center, room: 0) }
        canvas.svg.element("text", [("class", "small muted"), ("x", number(Layout.plotLeft)), ("y", number(center - 12))],
                           text: "\(counts.counted) events, counted per \(Int(binWidth)) px")
    }

    // MARK: Legend

    /// The legend of the marks drawn so far, from `top`, in rows as wide as the axis.
    /// Returns how far below `top` it ends.
    mutating func legend(top: Double) -> Double {
        canvas.legend(used, top: top, width: axis.width)
    }
}
