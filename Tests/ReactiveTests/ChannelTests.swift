import Testing
@testable import Reactive

// RACChannel and RACChannelTerminal as in ReactiveCocoa 2.5 (notes §12):
// a leading replay subject of capacity 0 and a following one of capacity 1,
// each forwarding its termination to the other.

@Suite struct ChannelTests {
    enum Side: String, CaseIterable, Sendable {
        case leading, following

        func terminal<T>(of channel: Channel<T>) -> ChannelTerminal<T> {
            switch self {
            case .leading: channel.leadingTerminal
            case .following: channel.followingTerminal
            }
        }
    }

    enum Terminal: String, CaseIterable, Sendable {
        case completed, error

        func send<T>(to terminal: ChannelTerminal<T>) {
            switch self {
            case .completed: terminal.sendCompleted()
            case .error: terminal.sendError(TestError("boom"))
            }
        }

        func recorded<T: Equatable & Sendable>(at time: Double) -> Recorded<T> {
            switch self {
            case .completed: .completed(at: time)
            case .error: .error("boom", at: time)
            }
        }
    }

    @Test("a value sent into the leading terminal reaches the following terminal's subscribers, and the latest is replayed to later ones")
    func leadingToFollowing() {
        let scheduler = TestScheduler()
        let channel = scheduler.perform { Channel<String>() }
        let leading = Recorder<String>(clock: scheduler)
        let following = Recorder<String>(clock: scheduler)
        let lateFollowing = Recorder<String>(clock: scheduler)
        scheduler.perform {
            leading.subscribe(to: channel.leadingTerminal)
            following.subscribe(to: channel.followingTerminal)
        }
        scheduler.schedule(after: 1) { channel.leadingTerminal.sendNext("A") }
        scheduler.schedule(after: 2) { channel.leadingTerminal.sendNext("B") }
        scheduler.schedule(after: 3) { lateFollowing.subscribe(to: channel.followingTerminal) }
        scheduler.schedule(after: 4) { channel.leadingTerminal.sendNext("C") }
        scheduler.stepAll()

        #expect(following.events == [.next("A", at: 1), .next("B", at: 2), .next("C", at: 4)])
        #expect(lateFollowing.events == [.next("B", at: 3), .next("C", at: 4)])
        #expect(leading.events == [])
    }

    @Test("a value sent into the following terminal reaches the leading terminal's subscribers and is not replayed")
    func followingToLeading() {
        let scheduler = TestScheduler()
        let channel = scheduler.perform { Channel<String>() }
        let leading = Recorder<String>(clock: scheduler)
        let following = Recorder<String>(clock: scheduler)
        let lateLeading = Recorder<String>(clock: scheduler)
        scheduler.perform {
            leading.subscribe(to: channel.leadingTerminal)
            following.subscribe(to: channel.followingTerminal)
        }
        scheduler.schedule(after: 1) { channel.followingTerminal.sendNext("X") }
        scheduler.schedule(after: 2) { lateLeading.subscribe(to: channel.leadingTerminal) }
        scheduler.schedule(after: 3) { channel.followingTerminal.sendNext("Y") }
        scheduler.stepAll()

        #expect(leading.events == [.next("X", at: 1), .next("Y", at: 3)])
        #expect(lateLeading.events == [.next("Y", at: 3)])
        #expect(following.events == [])
    }

    @Test("a terminal event sent into either terminal reaches the subscribers of both sides, and is replayed on both",
          arguments: Side.allCases, Terminal.allCases)
    func terminationReachesBothSides(side: Side, terminal: Terminal) {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        let channel = scheduler.perform { Channel<String>() }
        let leading = Recorder<String>("leading", clock: scheduler, log: log)
        let following = Recorder<String>("following", clock: scheduler, log: log)
        let lateLeading = Recorder<String>(clock: scheduler)
        let lateFollowing = Recorder<String>(clock: scheduler)
        scheduler.perform {
            leading.subscribe(to: channel.leadingTerminal)
            following.subscribe(to: channel.followingTerminal)
        }
        scheduler.schedule(after: 1) { channel.leadingTerminal.sendNext("A") }
        scheduler.schedule(after: 2) { terminal.send(to: side.terminal(of: channel)) }
        scheduler.schedule(after: 3) {
            lateLeading.subscribe(to: channel.leadingTerminal)
            lateFollowing.subscribe(to: channel.followingTerminal)
        }
        scheduler.schedule(after: 4) {
            channel.leadingTerminal.sendNext("after")
            channel.followingTerminal.sendNext("after")
        }
        scheduler.stepAll()

        #expect(following.events == [.next("A", at: 1), terminal.recorded(at: 2)])
        #expect(leading.events == [terminal.recorded(at: 2)])
        #expect(lateFollowing.events == [.next("A", at: 3), terminal.recorded(at: 3)])
        #expect(lateLeading.events == [terminal.recorded(at: 3)])
        // Sending into the leading terminal terminates the following subject,
        // whose first subscriber is the channel's own `ignoreValues`
        // subscription feeding the leading subject (subscribed in init): so
        // leading-side subscribers hear of it first, synchronously, then the
        // following side's own subscribers. And symmetrically.
        let first = side == .leading ? "leading" : "following"
        let second = side == .leading ? "following" : "leading"
        let terminalLine = "\(terminal.recorded(at: 2) as Recorded<String>)"
        #expect(Array(log.lines.suffix(2)) == ["\(first): \(terminalLine)", "\(second): \(terminalLine)"])
    }

    @Test("the channel's subjects and terminals are named as in RAC 2.5")
    func names() {
        let scheduler = TestScheduler()
        let channel = scheduler.perform { Channel<Int>() }
        #expect(channel.leadingTerminal.name == "leadingTerminal")
        #expect(channel.followingTerminal.name == "followingTerminal")
    }

    // Binding a.followingTerminal to b.leadingTerminal both ways: a value
    // sent into a terminal goes to the *other* side's subject, never back to
    // its own subscribers, so nothing echoes and there is no loop.
    @Test("two channels bound terminal to terminal propagate a change both ways without looping")
    func twoWayBinding() {
        let scheduler = TestScheduler()
        let log = DeliveryLog()
        let (a, b) = scheduler.perform { (Channel<String>(), Channel<String>()) }
        let aLeading = Recorder<String>("a.leading", clock: scheduler, log: log)
        let bFollowing = Recorder<String>("b.following", clock: scheduler, log: log)
        scheduler.perform {
            a.followingTerminal.subscribe(b.leadingTerminal)
            b.leadingTerminal.subscribe(a.followingTerminal)
            aLeading.subscribe(to: a.leadingTerminal)
            bFollowing.subscribe(to: b.followingTerminal)
        }
        scheduler.schedule(after: 1) { a.leadingTerminal.sendNext("from a") }
        scheduler.schedule(after: 2) { b.followingTerminal.sendNext("from b") }
        scheduler.schedule(after: 3) { a.leadingTerminal.sendNext("again from a") }
        scheduler.stepAll()

        #expect(bFollowing.events == [.next("from a", at: 1), .next("again from a", at: 3)])
        #expect(aLeading.events == [.next("from b", at: 2)])
        #expect(log.lines.count == 3)
    }

    @Test("completion sent into one end of two bound channels reaches the far ends")
    func twoWayBindingCompletion() {
        let scheduler = TestScheduler()
        let (a, b) = scheduler.perform { (Channel<String>(), Channel<String>()) }
        let aLeading = Recorder<String>(clock: scheduler)
        let bFollowing = Recorder<String>(clock: scheduler)
        scheduler.perform {
            a.followingTerminal.subscribe(b.leadingTerminal)
            b.leadingTerminal.subscribe(a.followingTerminal)
            aLeading.subscribe(to: a.leadingTerminal)
            bFollowing.subscribe(to: b.followingTerminal)
        }
        scheduler.schedule(after: 1) { a.leadingTerminal.sendNext("x") }
        scheduler.schedule(after: 2) { a.leadingTerminal.sendCompleted() }
        scheduler.stepAll()

        #expect(bFollowing.events == [.next("x", at: 1), .completed(at: 2)])
        #expect(aLeading.events == [.completed(at: 2)])
    }
}
