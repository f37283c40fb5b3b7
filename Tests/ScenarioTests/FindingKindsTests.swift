import Scenarios
import Testing
import Findings
import Tracer

// Findings, issue 16's second increment: each kind on scenario files written where it must fire
// and where it must not, the order of findings(), and the kinds found on every catalog scenario.

@Suite("Finding kinds: each kind where it fires and where it must not, their order, the catalog")
struct FindingKindsTests {
    private func trace(_ text: String) throws -> Trace {
        try ScenarioFile(parsing: text, file: "kinds.sigviz").scenario(named: "kinds").trace()
    }

    private func findings(_ text: String, _ kind: Finding.Kind) throws -> [Finding] {
        try trace(text).findings().filter { $0.kind == kind }
    }

    // MARK: - repeatedSideEffect

    @Test("repeated side effect: each run's didSubscribe event, runs grouped by the values they delivered, share through replayLazily")
    func repeatedGroupsRuns() throws {
        let trace = try trace("""
            subject typed
            cold request: +1 next "response", +1 completed
            cold fresh "-a|"
            subscribe "A" to request
            subscribe "B" to request
            at 5 subscribe "C" to request
            subscribe "D" to request until 0.5
            """)
        let finding = try #require(trace.findings().first { $0.kind == .repeatedSideEffect })
        #expect(finding.events.count == 4)
        #expect(finding.events.allSatisfy { index in
            if case .didSubscribe = trace.events[index].kind { return true }
            return false
        })
        #expect(finding.events == finding.events.sorted())
        #expect(finding.times == [0, 0, 0, 5])
        #expect(finding.sentence.hasPrefix("request's didSubscribe ran 4 times, once per subscription: A → request at 0 s; "))
        #expect(finding.sentence.hasSuffix(
            " Runs 1–2, 4 delivered \"response\"; run 3 delivered no value. The runs delivered 2 different sequences of values."))
        let suggestion = try #require(finding.suggestion)
        #expect(suggestion.change == .share(signal: try #require(trace.signal(named: "request")).id, through: .replayLazily))
        #expect(suggestion.sentence == "Share one run: put `| replayLazily` after request and subscribe to that instead "
            + "(its 4 subscriptions then receive one run's values, replayed to those that come later).")
    }

    @Test("runs that failed alike are alike; the error is said")
    func repeatedFailures() throws {
        let found = try findings("""
            cold request: +1 error "offline"
            subscribe "A" to request
            subscribe "B" to request
            cold partly: +1 next "p", +1 error "lost"
            subscribe "C" to partly
            subscribe "D" to partly
            """, .repeatedSideEffect)
        #expect(found.count == 2)
        #expect(found.first?.sentence.hasSuffix(
            " Every run delivered no value and failed with \"offline\": one shared run would do.") == true)
        #expect(found.last?.sentence.hasSuffix(
            " Every run delivered the same values (\"p\") and failed with \"lost\": one shared run would do.") == true)
    }

    @Test("fetchdata's suggestion: share fetchData through replayLazily, for its 6 subscriptions")
    func fetchdataSuggestion() throws {
        let trace = try #require(Catalog.scenario(named: "fetchdata")).trace()
        let finding = try #require(trace.findings().first)
        #expect(finding.kind == .repeatedSideEffect)
        #expect(finding.events.count == 6)
        #expect(finding.suggestion?.change == .share(signal: try #require(trace.signal(named: "fetchData")).id, through: .replayLazily))
        #expect(finding.suggestion?.sentence.contains("its 6 subscriptions then receive one run's values") == true)
    }

    @Test("retry and repeat subscribe again on purpose: their re-runs are no repeated side effect")
    func retryAndRepeatAreNotRepeats() throws {
        #expect(try #require(Catalog.scenario(named: "retry-request")).trace().findings().isEmpty)
        #expect(try findings("""
            cold request: +1 error "timeout"
            let attempts = request | retry 3
            subscribe "view" to attempts
            cold poll: +1 next "tick", +1 completed
            let polled = poll | repeat | take 3
            subscribe "poller" to polled
            """, .repeatedSideEffect).isEmpty)
    }

    @Test("two subscribers to a retried request: two runs, and the retries said apart")
    func retriedTwice() throws {
        let found = try findings("""
            cold request: +1 next "r", +1 error "timeout"
            let attempts = request | retry 1
            subscribe "one" to attempts
            at 5 subscribe "two" to attempts
            """, .repeatedSideEffect)
        let finding = try #require(found.first)
        #expect(found.count == 1)
        #expect(finding.times == [0, 5])
        #expect(finding.sentence.hasPrefix("request's didSubscribe ran 2 times, once per subscription (not counting 2 runs that an "
            + "operator made again when the run before each ended, as retry and repeat do): one → attempts → request at 0 s; "
            + "two → attempts → request at 5 s."))
    }

    @Test("a command's executions are its purpose: each execute running the request is no repeated side effect")
    func commandExecutionsAreNotRepeats() throws {
        #expect(try findings("""
            cold request: +1 next "ok", +2 completed
            command cmd: request
            let out = cmd.executionSignals | flatten
            subscribe "Out" to out
            at 1 execute cmd "x"
            at 5 execute cmd "y"
            """, .repeatedSideEffect).isEmpty)
    }

    @Test("separate values, separate runs: flattenMap subscribing for each value is no repeated side effect")
    func runsPerValueAreNotRepeats() throws {
        #expect(try findings("""
            subject refresh
            cold fetch: +1 next "data", +1 completed
            let data = refresh | flattenMap fetch
            subscribe "V" to data
            at 1 send refresh "tap"
            at 10 send refresh "tap"
            """, .repeatedSideEffect).isEmpty)
    }

    @Test("the share point is where the runs' subscriptions differ: zip subscribing twice shares tick, not z")
    func sharePointWhereSubscriptionsDiffer() throws {
        let trace = try trace("""
            cold tick: +1 next "a", +1 completed
            let z = tick | zip tick
            subscribe "Z" to z
            """)
        let finding = try #require(trace.findings().first { $0.kind == .repeatedSideEffect })
        #expect(finding.suggestion?.change == .share(signal: try #require(trace.signal(named: "tick")).id, through: .replayLazily))
        #expect(finding.suggestion?.sentence == "Share one run: put `| replayLazily` after tick and subscribe to that instead "
            + "(its 2 subscriptions then receive one run's values, replayed to those that come later).")
    }

    // MARK: - missedValues

    @Test("missed values: the missed sends as events, and a replay subject of capacity 1 as the change")
    func missedSuggestion() throws {
        let trace = try trace("""
            subject prices
            subscribe "Early" to prices
            at 1 send prices "100"
            at 2 send prices "101"
            at 3 subscribe "Late" to prices
            """)
        let finding = try #require(trace.findings().first { $0.kind == .missedValues })
        #expect(finding.events.map { trace.events[$0].kind } == [
            .send(signal: finding.signals[0], value: "100"), .send(signal: finding.signals[0], value: "101"),
        ])
        #expect(finding.suggestion?.change == .replaySubject(signal: finding.signals[0], capacity: 1))
        #expect(finding.suggestion?.sentence == "Make prices a replay subject of capacity 1 (`replay prices capacity 1`): "
            + "Late would then receive \"101\", the last value sent before it subscribed, at 3 s "
            + "(`replay prices` with no capacity would give all 2).")
    }

    @Test("many values missed: the sentence counts them all, the finding keeps the last 100 sends")
    func missedBounded() throws {
        let sends = (1...150).map { "at \($0) send s \"v\($0)\"" }.joined(separator: "\n")
        let found = try findings("subject s\n\(sends)\nat 200 subscribe \"Late\" to s", .missedValues)
        let finding = try #require(found.first)
        #expect(finding.sentence.contains("after 150 values were sent to it (\"v1\", \"v2\", \"v3\" and 147 more)"))
        #expect(finding.times == (51...150).map(Double.init))
        #expect(finding.events.count == Finding.mostEvents)
    }

    @Test("a late subscriber to a publish connection's subject misses values: said, with no change to the file, replayLast named")
    func publishLateSubscriber() throws {
        let found = try findings("""
            subject s
            let p = s | publish
            at 1 connect p
            at 2 send s "one"
            at 3 send s "two"
            at 4 subscribe "Late" to p
            """, .missedValues)
        #expect(found.count == 1)
        let finding = try #require(found.first)
        #expect(finding.suggestion == nil)
        #expect(finding.sentence == "Late → p subscribed to the subject p at 4 s, after 2 values were sent to it (\"one\", \"two\"); "
            + "a subject does not replay them, so they never arrive. A `publish` makes a plain subject, which keeps no value: "
            + "`replayLast` in place of `publish` and its connecting (it connects at once and returns a signal, not a "
            + "connection) keeps the last value sent for a later subscriber, and `replay` all of them.")
        // Unnamed too: RAC describes its subject as `-publish`.
        let unnamed = try findings("""
            subject s
            let hot = s | publish | autoconnect
            subscribe "Early" to hot
            at 2 send s "one"
            at 4 subscribe "Late" to hot
            """, .missedValues)
        #expect(unnamed.count == 1)
        #expect(unnamed.first?.suggestion == nil)
        #expect(unnamed.first?.sentence.hasPrefix("Late → hot → publish of s subscribed to the subject publish of s at 4 s") == true)
    }

    @Test("a declared subject multicast keeps the replay subject change (catalog multicast)")
    func multicastDeclaredSubject() throws {
        let trace = try #require(Catalog.scenario(named: "multicast")).trace()
        let finding = try #require(trace.findings().first { $0.kind == .missedValues })
        #expect(finding.suggestion?.change == .replaySubject(signal: try #require(trace.signal(named: "subject")).id, capacity: 1))
    }

    @Test("missed values: the trigger of takeUntil misses nothing (a value sent before would end the receiver at once)")
    func triggerSideMissesNothing() throws {
        #expect(try findings("""
            subject closed
            cold updates: +1 next "u1", +2 next "u2", +3 completed
            send closed "previous screen closed"
            let lifetime = updates | takeUntil closed
            at 1 subscribe "View" to lifetime
            """, .missedValues).isEmpty)
        // The receiver's side still misses: a late subscription to the subject whose values takeUntil passes on.
        let receiver = try findings("""
            subject updates
            subject closed
            send updates "u0"
            let lifetime = updates | takeUntil closed
            at 1 subscribe "View" to lifetime
            """, .missedValues)
        #expect(receiver.map { $0.sentence.hasPrefix("View → lifetime → updates subscribed") } == [true])
        // sample: its sampler (subscribed second) misses nothing; its receiver, whose values it passes on, does.
        let sampled = try findings("""
            subject ticks
            subject values
            send ticks "early tick"
            send values "v0"
            let sampled = values | sample ticks
            at 1 subscribe "S" to sampled
            """, .missedValues)
        #expect(sampled.map(\.sentence) == [
            "S → sampled → values subscribed to the subject values at 1 s, after 1 value was sent to it (\"v0\"); a subject "
                + "does not replay them, so they never arrive.",
        ])
    }

    @Test("missed values: a retry attempt misses nothing the attempt before it received; values before both still count")
    func retryAttemptMissesNothingSeen() throws {
        // The first attempt received "d" (and filtered it out); the second subscribed after it.
        #expect(try findings("""
            subject s
            let p = s | filter "c" | retry 2
            at 0.5 subscribe "L" to p
            at 3 send s "d"
            at 3.25 fail s "f"
            """, .missedValues).isEmpty)
        // "early", sent before the first attempt, is missed by it, and said once, for it.
        let early = try findings("""
            subject s
            send s "early"
            let p = s | filter "c" | retry 2
            at 0.5 subscribe "L" to p
            at 3 send s "d"
            at 3.25 fail s "f"
            """, .missedValues)
        #expect(early.map(\.times) == [[0]])
    }

    @Test("missed values through operators: the suggestion says the late subscriber's pipeline would receive the value")
    func missedThroughOperators() throws {
        let found = try findings("""
            subject s
            at 0 send s "a"
            at 1 send s "b"
            let onlyA = s | filter "a"
            let m = s | map "<{}>"
            at 2 subscribe "Late" to onlyA
            at 2 subscribe "Late2" to m
            """, .missedValues)
        #expect(found.compactMap(\.suggestion?.sentence) == [
            "Make s a replay subject of capacity 1 (`replay s capacity 1`): Late's pipeline (Late → onlyA → s) would then "
                + "receive \"b\", the last value sent before it subscribed, at 2 s (`replay s` with no capacity would give all 2).",
            "Make s a replay subject of capacity 1 (`replay s capacity 1`): Late2's pipeline (Late2 → m → s) would then "
                + "receive \"b\", the last value sent before it subscribed, at 2 s (`replay s` with no capacity would give all 2).",
        ])
    }

    @Test("missed values after publish | autoconnect: the sentence names no value replayLast would give")
    func publishAutoconnectNamesNoValue() throws {
        let found = try findings("""
            subject s
            let hot = s | publish | autoconnect
            subscribe "A" to hot until 1.5
            at 1 send s "1"
            at 2 send s "2"
            at 3 subscribe "B" to hot
            """, .missedValues)
        let sentence = try #require(found.first?.sentence)
        #expect(sentence.hasSuffix("A `publish` makes a plain subject, which keeps no value: `replayLast` in place of "
            + "`publish` and its connecting (it connects at once and returns a signal, not a connection) keeps the last "
            + "value sent for a later subscriber, and `replay` all of them."), "\(sentence)")
        #expect(!sentence.contains("\"1\", when") && !sentence.contains("| autoconnect"))
    }

    // MARK: - deadConnection

    @Test("dead connection: autoconnect's subscriber after the last one left, connect after dispose, a subscriber after both")
    func deadConnection() throws {
        let found = try findings("""
            cold src: +1 next "A", +3 next "B"
            subject plain
            let auto = src | multicast plain | autoconnect
            subscribe "T1" to auto until 2
            at 3 subscribe "T2" to auto
            cold other: +1 next "C", +5 next "D"
            let conn = other | publish
            connect conn
            at 2 dispose conn
            at 3 connect conn
            at 4 subscribe "AfterDispose" to conn
            """, .deadConnection)
        #expect(found.map(\.sentence) == [
            "The connection of src through plain was disconnected at 2 s, and a connection never connects again: after "
                + "that, T2 → auto → plain subscribed at 3 s and its connect() did nothing; src is not subscribed again, "
                + "so nothing from it arrives.",
            "The connection of other through conn was disconnected at 2 s, and a connection never connects again: after "
                + "that, connect() at 3 s did nothing; AfterDispose → conn subscribed at 4 s; other is not subscribed "
                + "again, so nothing from it arrives.",
        ])
        #expect(found.map(\.times) == [[2, 3], [2, 3, 4]])
        #expect(found.allSatisfy { $0.events.count == 3 && $0.suggestion == nil })
    }

    @Test("dead connection after autoconnect's last subscriber completed: said, and that a plain subject keeps no end")
    func deadAfterCompletion() throws {
        let found = try findings("""
            cold src: +1 next "A", +1 completed
            subject sub
            let hot = src | multicast sub | autoconnect
            subscribe "First" to hot
            at 3 subscribe "Second" to hot
            """, .deadConnection)
        #expect(found.map(\.sentence) == [
            "The connection of src through sub was disconnected at 1 s (when First → hot completed), and a connection "
                + "never connects again: after that, Second → hot → sub subscribed at 3 s and its connect() did nothing; "
                + "src is not subscribed again, so nothing from it arrives.",
        ])
    }

    @Test("no dead connection: autoconnect still connected, the catalog's connections, a replay subject that had ended")
    func noDeadConnection() throws {
        #expect(try findings("""
            cold src: +1 next "A", +3 completed
            subject plain
            let auto = src | multicast plain | autoconnect
            subscribe "T1" to auto
            at 2 subscribe "T2" to auto
            replay keep
            let kept = src | multicast keep | autoconnect
            subscribe "K1" to kept
            at 6 subscribe "K2" to kept
            let conn = src | publish
            connect conn
            at 1 connect conn
            """, .deadConnection).isEmpty)
        for name in ["cold-to-hot-autoconnect", "cold-to-hot-multicast", "multicast", "publish"] {
            let trace = try #require(Catalog.scenario(named: name)).trace()
            #expect(!trace.findings().contains { $0.kind == .deadConnection }, "\(name)")
        }
    }

    // MARK: - staleInnerValues

    @Test("stale inner values: the search box's flattenMap, with switchToLatest as the change; not its switchToLatest")
    func staleSearchBox() throws {
        let trace = try #require(Catalog.scenario(named: "search-box")).trace()
        let stale = trace.findings().filter { $0.kind == .staleInnerValues }
        #expect(stale.count == 1)
        let finding = try #require(stale.first)
        let flattened = try #require(trace.signal(named: "stale")).id
        #expect(finding.signals == [flattened])
        #expect(finding.times == [3.25])
        #expect(finding.sentence == "flattenMap → stale received 1 value from an older inner signal after a newer one had "
            + "started: request(\"sw\"), started at 1.75 s, delivered \"results for sw\" at 3.25 s, after request(\"swift\") "
            + "started at 3 s.")
        #expect(finding.suggestion?.change == .switchToLatest(signal: flattened))
        #expect(finding.suggestion?.sentence.contains("\"results for sw\" no longer arrives") == true)
        #expect(finding.events.count == 2)
    }

    @Test("stale inner values with map then flatten")
    func staleMapFlatten() throws {
        let found = try findings("""
            subject typed
            cold request: +1.5 next "results for {}", +1.5 completed
            let res = typed | map request | flatten
            subscribe "View" to res
            at 1 send typed "s"
            at 2 send typed "sw"
            """, .staleInnerValues)
        #expect(found.count == 1)
        #expect(found.first?.sentence.hasPrefix("View → res received 1 value from an older inner signal after a newer one "
            + "had started: request(\"s\"), started at 1 s, delivered \"results for s\" at 2.5 s") == true)
    }

    @Test("stale inner values from one signal subscribed again: said without naming it twice")
    func staleSameSignal() throws {
        let found = try findings("""
            subject typed
            cold request: +1 next "r", +1 completed
            let res = typed | flattenMap request
            subscribe "View" to res
            at 1 send typed "a"
            at 1.5 send typed "b"
            """, .staleInnerValues)
        #expect(found.map(\.sentence) == [
            "View → res received 1 value from an older inner signal after a newer one had started: request, started at "
                + "1 s, delivered \"r\" at 2 s, after it was subscribed to again at 1.5 s.",
        ])
    }

    @Test("no stale inner values: switchToLatest, inner signals that never overlap, merge, concat")
    func noStale() throws {
        let overlapping = try findings("""
            subject typed
            cold request: +1 next "results for {}", +1 completed
            let latest = typed | map request | switchToLatest
            let apart = typed | flattenMap request
            let queued = typed | map request | concat
            cold a: +1 next "a1", +2 next "a2", +2 completed
            cold b: +1 next "b1", +1 completed
            let both = merge a, b
            subscribe "latest" to latest
            subscribe "apart" to apart
            subscribe "queued" to queued
            subscribe "both" to both
            at 1 send typed "s"
            at 1.5 send typed "sw"
            at 5 send typed "swift"
            """, .staleInnerValues)
        // Only apart's flattenMap: its inner signals for "s" (1 s to 2 s) and "sw" (1.5 s to 2.5 s) overlap.
        #expect(overlapping.count == 1)
        #expect(overlapping.first?.sentence.hasPrefix("apart → apart received 1 value") == true)
        // Sent 4 s apart, the inner signals never overlap.
        #expect(try findings("""
            subject typed
            cold request: +1 next "results for {}", +1 completed
            let apart = typed | flattenMap request
            subscribe "apart" to apart
            at 1 send typed "s"
            at 5 send typed "swift"
            """, .staleInnerValues).isEmpty)
    }

    @Test("no stale inner values for a concurrent command's executions, which flatten runs side by side on purpose")
    func concurrentCommand() throws {
        let trace = try trace("""
            cold request: +2 next "saved {}", +2 completed
            command save: request concurrent
            let saved = save.executionSignals | flatten
            subscribe "View" to saved
            at 1 execute save "draft 1"
            at 2 execute save "draft 2"
            """)
        #expect(trace.findings().map(\.kind) == [])
    }

    @Test("no stale inner values for flatten with a limit above 1, which asks for inner signals side by side")
    func flattenWithLimit() throws {
        let file = """
            subject ids
            cold load: +1 next "item {}", +1 completed
            let items = ids | map load | flatten 2
            subscribe "List" to items
            at 0 send ids "1"
            at 0.5 send ids "2"
            at 1 send ids "3"
            """
        #expect(try findings(file, .staleInnerValues).isEmpty)
        // Plain flatten, unlimited, still fires; so does flattenMap.
        #expect(try findings(file.replacingOccurrences(of: "flatten 2", with: "flatten"), .staleInnerValues).count == 1)
        #expect(try findings(file.replacingOccurrences(of: "map load | flatten 2", with: "flattenMap load"), .staleInnerValues).count == 1)
    }

    // MARK: - swallowedError

    @Test("swallowed error: the error, when, what stood in and for whom")
    func swallowed() throws {
        let found = try findings("""
            cold failing: +1 error "boom"
            let safe = failing | catchTo return "fallback"
            subscribe "Safe" to safe
            """, .swallowedError)
        #expect(found.map(\.sentence) == [
            "The error \"boom\" from failing at 1 s never reached Safe → safe: return fallback stood in for it, which delivered \"fallback\".",
        ])
        #expect(found.first?.times == [1])
        #expect(found.first?.events.count == 3)
    }

    @Test("no swallowed error: catchTo with no error (fetchdata), retry's attempts, an error that goes on")
    func notSwallowed() throws {
        #expect(try #require(Catalog.scenario(named: "fetchdata")).trace().findings().allSatisfy { $0.kind != .swallowedError })
        #expect(try findings("""
            cold failing: +1 error "boom"
            let attempts = failing | retry 2
            subscribe "A" to attempts
            let plain = failing | map "{}"
            subscribe "B" to plain
            """, .swallowedError).isEmpty)
    }

    // MARK: - ignoredSend

    @Test("ignored send: sent to a subject after it completed, reaching no one")
    func ignored() throws {
        let found = try findings("""
            subject s
            subscribe "A" to s
            at 1 complete s
            at 2 send s "late"
            at 3 fail s "oops"
            """, .ignoredSend)
        #expect(found.map(\.sentence) == [
            "The subject s completed at 1 s; 2 things sent to it after that reached no subscriber: \"late\" at 2 s, "
                + "the error \"oops\" at 3 s (it had no subscriber then: the last, A → s, completed at 1 s).",
        ])
        #expect(found.first?.events.count == 3)
    }

    @Test("ignored send: the reason named is the real one, no subscriber at that instant, not the subject's earlier end")
    func ignoredForTheRealReason() throws {
        // Issue 25, defect 3: B, subscribed after the error, still receives "x" (RAC 2.5 subjects keep no
        // end); "y" reaches no one because B was disposed at 4 s, which the finding must say.
        let found = try findings("""
            subject s
            subscribe "A" to s
            at 2 fail s "boom"
            at 3 subscribe "B" to s until 4
            at 3.5 send s "x"
            at 5 send s "y"
            """, .ignoredSend)
        #expect(found.map(\.sentence) == [
            "The subject s failed with the error \"boom\" at 2 s; 1 thing sent to it after that reached no subscriber: "
                + "\"y\" at 5 s (it had no subscriber then: the last, B → s, was disposed at 4 s).",
        ])
        // A subject that never had a subscriber says so.
        let never = try findings("""
            subject s
            at 1 complete s
            at 2 send s "z"
            """, .ignoredSend)
        #expect(never.map(\.sentence) == [
            "The subject s completed at 1 s; 1 thing sent to it after that reached no subscriber: "
                + "\"z\" at 2 s (it had no subscriber then: it never had one).",
        ])
    }

    @Test("no ignored send: a subject's later subscriber receives it (RAC keeps no end), a replay subject keeps it")
    func notIgnored() throws {
        #expect(try findings("""
            subject s
            replay r
            at 1 complete s
            at 1 complete r
            at 2 subscribe "Late" to s
            at 3 send s "x"
            at 3 send r "y"
            at 4 subscribe "LateR" to r
            """, .ignoredSend).isEmpty)
    }

    @Test("no ignored send: a value sent to a behavior subject after its end is its current value, which a later subscriber gets")
    func behaviorKeepsLateValue() throws {
        #expect(try findings("""
            behavior b "init"
            subscribe "A" to b
            at 1 complete b
            at 2 send b "late"
            at 3 subscribe "B" to b
            """, .ignoredSend).isEmpty)
        // Replaced before anyone subscribed: lost; sent while B, subscribed after the end, still listens: received.
        let found = try findings("""
            behavior b "init"
            subscribe "A" to b
            at 1 complete b
            at 2 send b "first"
            at 3 send b "second"
            at 4 subscribe "B" to b
            at 5 send b "third"
            """, .ignoredSend)
        #expect(found.map(\.sentence) == [
            "The behavior subject b completed at 1 s; 1 thing sent to it after that reached no subscriber: \"first\" at 2 s "
                + "(it had no subscriber then: the last, A → b, completed at 1 s).",
        ])
    }

    // MARK: - neverEnded

    @Test("never ended: only what the trace proves should have ended, its owner gone or its subject ended, in one finding")
    func neverEnded() throws {
        let trace = try trace("""
            subject s
            behavior b "init"
            cold c: +1 next "x", +1 completed
            subject notes
            owner screen until 2
            owner app
            subscribe "Open" to s
            subscribe "Done" to c owned by screen
            subscribe "Disposed" to s until 1 owned by screen
            subscribe "Outlived" to notes owned by screen
            subscribe "DisposedLate" to notes until 4 owned by screen
            subscribe "Alive" to notes owned by app
            let ended = notes | takeUntil screen
            subscribe "EndedWithOwner" to ended owned by screen
            at 1 complete b
            at 2 subscribe "AfterEnd" to b
            at 3 send notes "late"
            at 3 subscribe "AfterOwner" to notes owned by screen
            """)
        let found = trace.findings().filter { $0.kind == .neverEnded }
        #expect(found.count == 1)
        let finding = try #require(found.first)
        // Open and Alive live on with no owner gone; Done, Disposed and EndedWithOwner ended by 2 s.
        #expect(finding.subscriptions.compactMap { trace.subscriptions[$0].label } == ["Outlived", "DisposedLate", "AfterEnd", "AfterOwner"])
        #expect(finding.sentence == "4 subscriptions outlived what should have ended them: Outlived → notes (its owner "
            + "screen went at 2 s; it was still open when the run ended at 4 s, and received 1 value after: \"late\"), "
            + "DisposedLate → notes (its owner screen went at 2 s; it ended only at 4 s, and received 1 value after: "
            + "\"late\"), AfterEnd → b (subscribed at 2 s, after b completed at 1 s: a behavior subject does not pass its end "
            + "on to later subscribers) and 1 more. In an app a subscription stays, with what its blocks hold, until something "
            + "ends it: end it with its owner (`| takeUntil screen`).")
    }

    @Test("a subscription without an owner may stay open to the end of the run: a binding lives as long as its screen")
    func openBindingsAreNotFindings() throws {
        let trace = try trace("""
            subject query
            cold request: +1 next "results", +1 completed
            let results = query | flattenMap request
            subscribe "Table" to results
            subscribe "Count" to query
            at 1 send query "swift"
            """)
        #expect(!trace.findings().contains { $0.kind == .neverEnded })
    }

    @Test("an owner is declared before it is named, and only an owner can own")
    func ownerErrors() {
        expectRefused("subject s\nsubject t\nsubscribe \"A\" to s owned by t", line: 3, column: 29, message:
                      "'t' is not an owner; declare one with 'owner NAME until TIME' (a screen that goes at that time)")
        expectRefused("subject s\nsubscribe \"A\" to s owned by screen", line: 2, column: 29, message: "'screen' is not declared")
    }

    @Test("a scenario's trace has no call sites: a finding's place is its file's line and column")
    func scenarioTracesHaveNoSites() {
        for scenario in Catalog.scenarios {
            #expect(scenario.trace().subscriptions.allSatisfy { $0.site == nil }, "\(scenario.name)")
        }
    }

    @Test("nothing left open: completed, failed and disposed subscriptions (the catalog's takeuntil-lifetime)")
    func nothingOpen() throws {
        let trace = try #require(Catalog.scenario(named: "takeuntil-lifetime")).trace()
        #expect(!trace.findings().contains { $0.kind == .neverEnded })
    }

    // MARK: - connectedWithoutSubscribers

    @Test("connected without subscribers: an eager replay nobody subscribed to; not when someone did, nor replayLazily")
    func connectedWithoutSubscribers() throws {
        let found = try findings("""
            cold q: +1 next "q", +1 completed
            let eager = q | replayLast
            let used = q | replay
            let lazy = q | replayLazily
            subscribe "U" to used
            """, .connectedWithoutSubscribers)
        #expect(found.map(\.sentence) == [
            "The connection of q through eager connected at 0 s, subscribing to q, but nothing ever subscribed to eager: "
                + "work nobody asked for. `replayLazily` in place of `replay` or `replayLast` connects at the first "
                + "subscription, so it would not have subscribed to q.",
        ])
        #expect(found.first?.suggestion == nil)
    }

    // MARK: - terminatedPipeline

    @Test("an error that ends a pipeline listening to a subject, after which sends to it reach no one, is found")
    func terminatedPipeline() throws {
        let trace = try trace(pullToRefresh)
        let found = trace.findings()
        #expect(found.first?.kind == .terminatedPipeline)
        let finding = try #require(found.first { $0.kind == .terminatedPipeline })
        #expect(finding.sentence == "The error \"503\" from request ended Feed → feed at 4 s, and with it the subscription to "
            + "pulls: 2 values sent to pulls after it (\"pull 3\", \"pull 4\") reached no one. An error ends the whole pipeline: "
            + "catch it inside the signal each value makes (or materialize it there), so that one failure does not end the pipeline.")
        #expect(finding.times == [4, 5, 7])
        // The fix catches the error inside the signal the flattenMap makes for each value.
        let feed = try #require(trace.signals.first { $0.name == "feed" }?.id)
        #expect(finding.suggestion?.change == .catchInner(signal: feed))
    }

    @Test("no terminated pipeline: an error with no later send, a subject that failed itself, an error caught inside", arguments: [
        "subject pulls\ncold request: +1 error \"503\"\nlet feed = pulls | flattenMap request\nsubscribe \"Feed\" to feed\nat 1 send pulls \"p\"",
        "subject pulls\nsubscribe \"Feed\" to pulls\nat 1 fail pulls \"boom\"\nat 2 send pulls \"p\"",
        "subject pulls\ncold request: +1 error \"503\"\nlet inner = request | materialize\nlet feed = pulls | flattenMap inner\n"
            + "subscribe \"Feed\" to feed\nat 1 send pulls \"p\"\nat 3 send pulls \"q\"",
    ])
    func noTerminatedPipeline(text: String) throws {
        #expect(!(try trace(text).findings().contains { $0.kind == .terminatedPipeline }))
    }

    // MARK: - stuckConcat

    @Test("a concat behind a signal that never completes never subscribes to the next: found, for concat sources, operators and then",
          arguments: [
            ("replay cache\ncold request: +1 next \"fresh\", +1 completed\nlet page = concat cache, request\nsubscribe \"Screen\" to page\n"
                + "at 1 send cache \"cached\"", "concat subscribes to request only when cache completes"),
            ("replay cache\ncold request: +1 next \"fresh\", +1 completed\nlet page = cache | concat request\nsubscribe \"Screen\" to page\n"
                + "at 1 send cache \"cached\"", "concat subscribes to request only when cache completes"),
            ("subject saving\ncold reload: +1 next \"fresh\", +1 completed\nlet done = saving | then reload\nsubscribe \"Spinner\" to done",
             "then subscribes to the signal then returns only when saving completes"),
          ])
    func stuckConcat(text: String, says: String) throws {
        let found = try trace(text).findings().filter { $0.kind == .stuckConcat }
        try #require(found.count == 1)
        #expect(found[0].sentence.contains(says), "\(found[0].sentence)")
        #expect(found[0].sentence.contains("to the end of the run"))
    }

    @Test("no stuck concat when the first signal completes, or the subscriber gave up first", arguments: [
        "replay cache\ncold request: +1 next \"fresh\", +1 completed\nlet page = concat cache, request\nsubscribe \"Screen\" to page\n"
            + "at 1 send cache \"cached\"\nat 2 complete cache",
        "replay cache\ncold request: +1 next \"fresh\", +1 completed\nlet page = concat cache, request\nsubscribe \"Screen\" to page until 2\n"
            + "at 1 send cache \"cached\"",
    ])
    func noStuckConcat(text: String) throws {
        #expect(!(try trace(text).findings().contains { $0.kind == .stuckConcat }))
    }

    // MARK: - runningWithoutSubscribers

    @Test("a timer's connection left running after its last subscriber left, still ticking: found")
    func runningWithoutSubscribers() throws {
        let found = try trace("""
            let ticks = interval 1 | take 8
            let time = ticks | replayLast
            subscribe "Clock" to time until 3.5
            """).findings().filter { $0.kind == .runningWithoutSubscribers }
        try #require(found.count == 1)
        #expect(found[0].sentence.hasPrefix("The connection of ticks through time kept ticks subscribed after its "
            + "last subscriber, Clock → time, left at 3.5 s: ticks sent 5 values to no subscriber, the last at 8 s."),
            "\(found[0].sentence)")
        #expect(found[0].times == [4, 5, 6, 7, 8])
    }

    @Test("no running connection: autoconnect disposes it with its last subscriber; a subscriber still there; nothing after",
          arguments: [
            "let ticks = interval 1 | take 8\nlet time = ticks | publish | autoconnect\nsubscribe \"Clock\" to time until 3.5",
            "let ticks = interval 1 | take 8\nlet time = ticks | replayLast\nsubscribe \"Clock\" to time",
            "let ticks = interval 1 | take 3\nlet time = ticks | replayLast\nsubscribe \"Clock\" to time until 3.5",
          ])
    func noRunningWithoutSubscribers(text: String) throws {
        #expect(!(try trace(text).findings().contains { $0.kind == .runningWithoutSubscribers }))
    }

    @Test("terminated pipeline: a catch after the flattenMap completes the subscription in the error's place, and is found too")
    func terminatedByCatchAfter() throws {
        let text = """
            subject b
            cold work: +0.5 next "new A", +0.5 completed
            attempt 2 of work: +0.5 error "failed"
            let nilValue = return "nil"
            let a = b | flattenMap work | catchTo nilValue
            subscribe "A" to a
            at 1 send b "1"
            at 2 send b "2"
            at 3 send b "3"
            """
        let found = try trace(text).findings().filter { $0.kind == .terminatedPipeline }
        try #require(found.count == 1)
        #expect(found[0].sentence.hasPrefix("The error \"failed\" from work ended A → a at 2.5 s, and with it the subscription "
            + "to b: 1 value sent to b after it (\"3\") reached no one."))
        #expect(found[0].times == [2.5, 3])
        // With no later value there is nothing lost, and no finding.
        let early = try trace(text.replacingOccurrences(of: "at 3 send b \"3\"", with: ""))
        #expect(!early.findings().contains { $0.kind == .terminatedPipeline })
    }

    @Test("off main delivery by a deliverOn says the deliverOn took them there, not subscribeOn")
    func offMainByDeliverOn() throws {
        let found = try trace(searchOffMain).findings().filter { $0.kind == .offMainDelivery }
        try #require(found.count == 1)
        #expect(found[0].sentence == "Table → tweets received 1 value (\"tweets\") on background, not on main, the first at 2 s: "
            + "a hop to it (`deliverOn`) delivered it there, and no hop to main came after. `| deliverOn main` as the last "
            + "operator brings the values to the main scheduler.")
    }

    // MARK: - offMainDelivery
    // MARK: - offMainDelivery

    @Test("values that reach a subscriber on a background scheduler, with no deliverOn main after: found", arguments: [
        ("cold request: +1 next \"results\", +1 completed\nlet fetched = request | deliverOn background",
         "Table → fetched received 1 value (\"results\") on background, not on main, the first at 1 s"),
        // A behavior subject's value, delivered while subscribeOn subscribes on background.
        ("behavior theme \"dark\"\nlet fetched = theme | subscribeOn background",
         "Table → fetched received 1 value (\"dark\") on background, not on main, the first at 0 s"),
    ])
    func offMainDelivery(pipeline: String, sentence: String) throws {
        let found = try trace("scheduler main\nscheduler background\n\(pipeline)\nsubscribe \"Table\" to fetched")
            .findings().filter { $0.kind == .offMainDelivery }
        try #require(found.count == 1)
        #expect(found[0].sentence.hasPrefix(sentence), "\(found[0].sentence)")
    }

    @Test("no off-main delivery: deliverOn main last, no hop at all, or a hop to main", arguments: [
        "scheduler main\nscheduler background\ncold request: +1 next \"r\", +1 completed\n"
            + "let fetched = request | subscribeOn background | deliverOn main\nsubscribe \"Table\" to fetched",
        "cold request: +1 next \"r\", +1 completed\nsubscribe \"Table\" to request",
        "scheduler main\ncold request: +1 next \"r\", +1 completed\nlet fetched = request | deliverOn main\nsubscribe \"Table\" to fetched",
    ])
    func noOffMainDelivery(text: String) throws {
        #expect(!(try trace(text).findings().contains { $0.kind == .offMainDelivery }))
    }

    // MARK: - unobservedCommandError

    @Test("a failed execution whose error reaches no one, while a subscriber watches executionSignals, is found")
    func unobservedCommandError() throws {
        let found = try trace("""
            cold loginRequest: +1 error "wrong password"
            command login: loginRequest
            let results = login.executionSignals | flatten
            subscribe "Screen" to results
            at 1 execute login "ann"
            """).findings().filter { $0.kind == .unobservedCommandError }
        try #require(found.count == 1)
        #expect(found[0].sentence == "An execution of login failed at 2 s with \"wrong password\", and the error reached no one: "
            + "a command sends its executions' errors on login.errors, which nothing subscribed to, while Screen → results "
            + "subscribed to login.executionSignals, where a failed execution only completes. Subscribe to login.errors to hear of it.")
        #expect(found[0].times == [2])
        #expect(found[0].suggestion == nil)
    }

    @Test("a command's error is observed through errors, or through the signal execute returned: no finding", arguments: [
        "subscribe \"Alert\" to login.errors",
        "at 1 execute login \"again\" subscribe \"Tap\"",
    ])
    func observedCommandError(observer: String) throws {
        let text = """
            cold loginRequest: +1 error "wrong password"
            command login: loginRequest concurrent
            let results = login.executionSignals | flatten
            subscribe "Screen" to results
            \(observer)
            \(observer.hasPrefix("at 1 execute") ? "" : "at 1 execute login \"ann\"")
            """
        #expect(!(try trace(text).findings().contains { $0.kind == .unobservedCommandError }))
    }

    // MARK: - unsubscribedGroups

    @Test("values sent to a group nobody subscribed to are found, with the group's key; every group read, none")
    func unsubscribedGroups() throws {
        let text = """
            subject messages
            let byKind = messages | groupBy "hi" = "chat", "down" = "alert", "up" = "alert"
            subscribe "Chat" to byKind each "chat"
            at 1 send messages "hi"
            at 2 send messages "down"
            at 3 send messages "up"
            """
        let trace = try trace(text)
        let found = trace.findings().filter { $0.kind == .unsubscribedGroups }
        try #require(found.count == 1)
        #expect(found[0].sentence == "group alert was sent 2 values that reached no one, from 2 s: \"down\", \"up\". A group is "
            + "a subject: what is sent to it while nothing subscribes to it is lost, and the group is kept for as long as the "
            + "groupBy runs. Subscribe to every group (`each`), or filter out the values no group is wanted for before groupBy.")
        #expect(found[0].times == [2, 3])
        // The chat group was subscribed to, by its key: it received its value.
        #expect(deliveries(trace, label: "chat") == ["next(hi)@1.0"])
        let everyGroup = try self.trace(text.replacingOccurrences(of: "each \"chat\"", with: "each"))
        #expect(!everyGroup.findings().contains { $0.kind == .unsubscribedGroups })
        let both = try self.trace(text.replacingOccurrences(of: "each \"chat\"", with: "each \"chat\", \"alert\""))
        #expect(!both.findings().contains { $0.kind == .unsubscribedGroups })
    }

    // MARK: - unboundedReplay

    @Test("an unlimited replay subject keeping 3 or more values that no subscriber was replayed more than one of is found")
    func unboundedReplay() throws {
        let found = try trace("""
            replay currentUser
            subscribe "Profile" to currentUser
            at 1 send currentUser "ann"
            at 2 send currentUser "bob"
            at 2.5 subscribe "Badge" to currentUser
            at 3 send currentUser "cy"
            """).findings().filter { $0.kind == .unboundedReplay }
        // Badge came late, when 2 values were kept: it was replayed 2, and read the history.
        #expect(found.isEmpty)
        let kept = try trace(currentUserReplay).findings().filter { $0.kind == .unboundedReplay }
        try #require(kept.count == 1)
        #expect(kept[0].sentence == "currentUser kept all 3 values it was sent, to replay to later subscribers, and the 1 "
            + "subscriber that came later was replayed only the last value: it holds a history nobody reads, which grows with "
            + "every value. A replay subject of capacity 1 (`replayLast`, `replay currentUser capacity 1`) keeps only the last.")
        #expect(kept[0].times == [1, 2, 3])
        // Two values are not a history; a capacity keeps it bounded.
        for text in ["replay u\nsubscribe \"P\" to u\nat 1 send u \"a\"\nat 2 send u \"b\"",
                     "replay u capacity 1\nsubscribe \"P\" to u\nat 1 send u \"a\"\nat 2 send u \"b\"\nat 3 send u \"c\""] {
            #expect(!(try trace(text).findings().contains { $0.kind == .unboundedReplay }))
        }
    }

    // MARK: - Order and kinds
    // MARK: - Order and kinds

    @Test("the kinds, most important first, with camelCase raw values")
    func kindsInOrder() {
        #expect(Finding.Kind.allCases.map(\.rawValue) == [
            "terminatedPipeline", "repeatedSideEffect", "missedValues", "unsubscribedGroups", "deadConnection",
            "unobservedCommandError", "staleInnerValues", "stuckConcat", "offMainDelivery", "swallowedError", "ignoredSend",
            "neverEnded", "runningWithoutSubscribers", "connectedWithoutSubscribers", "unboundedReplay",
        ])
        #expect(Finding.Kind.allCases.map(\.rank) == Array(0..<15))
    }

    @Test("findings() returns the most important kind first, then by time")
    func ordered() throws {
        let found = try trace("""
            subject s
            cold c: +1 next "x", +1 completed
            let eager = c | replay
            at 2 subscribe "Open" to s
            at 1 send s "a"
            at 3 complete s
            at 4 send s "b"
            at 1 subscribe "First" to c
            at 2 subscribe "Second" to c
            cold failing: +1 error "boom"
            let safe = failing | catchTo return "fallback"
            subscribe "Safe" to safe
            at 5 subscribe "Later" to s
            """).findings()
        #expect(found.map(\.kind) == [
            .repeatedSideEffect, .missedValues, .missedValues, .swallowedError, .ignoredSend, .neverEnded,
            .connectedWithoutSubscribers,
        ])
        // Open missed "a" at 2 s; Later, at 5 s, "a" and "b" (sent after the end, which a RAC subject does not keep).
        #expect(found.filter { $0.kind == .missedValues }.map { $0.times } == [[1], [1, 4]])
    }

    // MARK: - The catalog

    /// The kinds found on each catalog scenario, in findings() order: any change shows here.
    static let catalogKinds: [String: [Finding.Kind]] = [
        "subject-vs-replay": [.missedValues, .missedValues],
        "cold": [.repeatedSideEffect],
        "cold-on-demand": [.repeatedSideEffect],
        "cold-to-hot-subject": [.missedValues],
        "cold-to-hot-multicast": [.missedValues],
        "cold-to-hot-autoconnect": [.missedValues],
        "fetchdata": [.repeatedSideEffect],
        "fetchdata-replaylazily": [],
        "multicast": [.missedValues],
        "publish": [.missedValues],
        "replay": [],
        "replaylast": [],
        "replaylazily": [],
        "behavior-subject": [.neverEnded],
        "replay-capacity": [],
        "groupby": [],
        "defer-then": [.repeatedSideEffect],
        "channel": [],
        "search-box": [.staleInnerValues],
        "combinelatest-requests": [.repeatedSideEffect, .repeatedSideEffect],
        "combinelatest-replaylazily": [],
        "takeuntil-lifetime": [.repeatedSideEffect],
        "retry-request": [],
        "command-while-executing": [],
        "deliveron-main": [.repeatedSideEffect],
        "login-form": [],
        "flaky-request": [],
        "typeahead": [],
    ]

    @Test("the kinds found on every catalog scenario")
    func catalog() throws {
        #expect(Set(Catalog.scenarios.map(\.name)) == Set(Self.catalogKinds.keys))
        for scenario in Catalog.scenarios {
            let found = scenario.trace().findings()
            #expect(found.map(\.kind) == Self.catalogKinds[scenario.name], "\(scenario.name)")
            for finding in found {
                #expect(!finding.events.isEmpty && !finding.times.isEmpty && !finding.sentence.isEmpty, "\(scenario.name)")
                #expect(finding.events == finding.events.sorted(), "\(scenario.name): \(finding.kind)")
            }
        }
    }
}
