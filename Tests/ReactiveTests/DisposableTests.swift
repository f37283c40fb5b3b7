import Dispatch
import Synchronization
import Testing
@testable import Reactive

/// An object to capture in closures and hold weakly, to see when a closure is released.
private final class Token: Sendable {}

/// A disposable that appends its name to a shared log each time it is disposed
/// (so a second dispose would show up as a second entry).
private final class LoggingDisposable: Disposable {
    let name: String
    let log: DeliveryLog
    private let count = Counter()

    init(_ name: String, log: DeliveryLog) {
        self.name = name
        self.log = log
    }

    var isDisposed: Bool { count.value > 0 }

    func dispose() {
        count.increment()
        log.append(name)
    }
}

@Suite struct DisposableTests {
    // MARK: BlockDisposable

    @Test("a block disposable runs its closure on the first dispose only")
    func blockDisposableRunsOnce() {
        let runs = Counter()
        let disposable = BlockDisposable { runs.increment() }
        #expect(!disposable.isDisposed)
        #expect(runs.value == 0)

        disposable.dispose()
        #expect(disposable.isDisposed)
        #expect(runs.value == 1)

        disposable.dispose()
        disposable.dispose()
        #expect(disposable.isDisposed)
        #expect(runs.value == 1)
    }

    @Test("a block disposable disposed from many threads at once runs its closure exactly once")
    func blockDisposableConcurrentDispose() {
        for _ in 0..<30 {
            let runs = Counter()
            let disposable = BlockDisposable { runs.increment() }
            #expect(raceOnThreads(8) { _ in disposable.dispose() })
            #expect(runs.value == 1)
            #expect(disposable.isDisposed)
        }
    }

    @Test("a block disposable made without a closure only records disposal")
    func blockDisposableWithoutClosure() {
        let disposable = BlockDisposable()
        #expect(!disposable.isDisposed)
        disposable.dispose()
        #expect(disposable.isDisposed)
        disposable.dispose()
        #expect(disposable.isDisposed)
    }

    @Test("a block disposable releases its closure, and what it captured, once disposed")
    func blockDisposableReleasesClosure() {
        weak var weakToken: Token?
        let disposable: BlockDisposable
        do {
            let token = Token()
            weakToken = token
            disposable = BlockDisposable { _ = token }
        }
        #expect(weakToken != nil, "the undisposed disposable keeps its closure")
        disposable.dispose()
        #expect(weakToken == nil, "the closure should be released after it has run")
        #expect(disposable.isDisposed)
    }

    // MARK: CompoundDisposable

    @Test("a compound disposable disposes its children once, in the order they were added")
    func compoundDisposesChildrenInOrder() {
        let log = DeliveryLog()
        let compound = CompoundDisposable([LoggingDisposable("init-1", log: log), LoggingDisposable("init-2", log: log)])
        compound.add(LoggingDisposable("a", log: log))
        compound.add(BlockDisposable { log.append("b") })
        compound.add(LoggingDisposable("c", log: log))
        #expect(!compound.isDisposed)
        #expect(log.lines == [])

        compound.dispose()
        #expect(compound.isDisposed)
        #expect(log.lines == ["init-1", "init-2", "a", "b", "c"])

        compound.dispose()
        #expect(log.lines == ["init-1", "init-2", "a", "b", "c"], "a second dispose does nothing")
    }

    @Test("removing a child from a compound disposable neither disposes it nor lets the compound dispose it")
    func compoundRemove() {
        let log = DeliveryLog()
        let a = LoggingDisposable("a", log: log)
        let b = LoggingDisposable("b", log: log)
        let c = LoggingDisposable("c", log: log)
        let compound = CompoundDisposable()
        compound.add(a)
        compound.add(b)
        compound.add(c)

        compound.remove(b)
        #expect(log.lines == [], "remove must not dispose")
        #expect(!b.isDisposed)

        compound.remove(LoggingDisposable("never added", log: log))  // removing a stranger is harmless
        compound.dispose()
        #expect(log.lines == ["a", "c"])
        #expect(!b.isDisposed)
    }

    @Test("a compound disposable keeps the order added across its two inline children and the array past them")
    func compoundOrderAcrossSpill() {
        let log = DeliveryLog()
        let children = (0..<6).map { LoggingDisposable("\($0)", log: log) }
        let compound = CompoundDisposable()
        compound.add(children[0])
        compound.add(children[1])
        compound.remove(children[0])  // the first inline child: the second moves up
        compound.add(children[2])     // goes after 1, not into the freed slot
        compound.add(children[3])     // spills past the inline two
        compound.add(children[4])
        compound.remove(children[3])  // out of the spilled part
        compound.remove(children[1])  // out of the inline part while spilled
        compound.add(children[5])
        compound.dispose()
        #expect(log.lines == ["2", "4", "5"])
    }

    @Test("removing a child added more than once removes every occurrence, inline or spilled")
    func compoundRemoveEveryOccurrence() {
        let log = DeliveryLog()
        let twice = LoggingDisposable("twice", log: log)
        let other = LoggingDisposable("other", log: log)
        let compound = CompoundDisposable([twice, other])
        compound.add(twice)
        compound.remove(twice)
        let inline = CompoundDisposable([twice, twice])
        inline.remove(twice)
        compound.dispose()
        inline.dispose()
        #expect(log.lines == ["other"])
    }

    @Test("removing matches by identity, not by equal-looking content")
    func compoundRemoveByIdentity() {
        let log = DeliveryLog()
        let a = LoggingDisposable("a", log: log)
        let twin = LoggingDisposable("a", log: log)  // same name, different object
        let compound = CompoundDisposable()
        compound.add(a)
        compound.add(twin)
        compound.remove(a)
        compound.dispose()
        #expect(log.lines == ["a"])
        #expect(twin.isDisposed)
        #expect(!a.isDisposed)
    }

    @Test("adding to a disposed compound disposable disposes the addition at once")
    func compoundAddAfterDispose() {
        let log = DeliveryLog()
        let compound = CompoundDisposable()
        compound.dispose()
        #expect(compound.isDisposed)

        let late = LoggingDisposable("late", log: log)
        compound.add(late)
        #expect(late.isDisposed)
        #expect(log.lines == ["late"])

        compound.dispose()
        #expect(log.lines == ["late"], "the addition was not kept to be disposed again")
    }

    @Test("adding nil to a compound disposable does nothing, before or after disposal")
    func compoundAddNil() {
        let log = DeliveryLog()
        let compound = CompoundDisposable()
        compound.add(nil)
        #expect(!compound.isDisposed)
        compound.add(LoggingDisposable("a", log: log))
        compound.add(nil)
        compound.dispose()
        #expect(log.lines == ["a"])
        compound.add(nil)
        #expect(compound.isDisposed)
        #expect(log.lines == ["a"])
    }

    @Test("a compound disposable nested in another is disposed with it, children first-added first")
    func compoundNesting() {
        let log = DeliveryLog()
        let inner = CompoundDisposable()
        inner.add(LoggingDisposable("inner-1", log: log))
        inner.add(LoggingDisposable("inner-2", log: log))
        let outer = CompoundDisposable()
        outer.add(LoggingDisposable("outer-1", log: log))
        outer.add(inner)
        outer.add(LoggingDisposable("outer-2", log: log))
        outer.dispose()
        #expect(inner.isDisposed)
        #expect(log.lines == ["outer-1", "inner-1", "inner-2", "outer-2"])
    }

    @Test("a child that disposes its own compound while being disposed does not run twice")
    func compoundReentrantDispose() {
        let log = DeliveryLog()
        let compound = CompoundDisposable()
        compound.add(BlockDisposable { [unowned compound] in
            log.append("first")
            compound.dispose()
            compound.add(BlockDisposable { log.append("added during dispose") })
        })
        compound.add(LoggingDisposable("second", log: log))
        compound.dispose()
        #expect(log.lines == ["first", "added during dispose", "second"])
        #expect(compound.isDisposed)
    }

    @Test("a compound disposable disposed from many threads at once disposes each child exactly once")
    func compoundConcurrentDispose() {
        for _ in 0..<30 {
            let counters = (0..<20).map { _ in Counter() }
            let compound = CompoundDisposable()
            for counter in counters { compound.add(BlockDisposable { counter.increment() }) }
            // LoggingDisposable is not idempotent: a double dispose would log twice.
            let log = DeliveryLog()
            compound.add(LoggingDisposable("raw", log: log))

            #expect(raceOnThreads(8) { _ in compound.dispose() })

            #expect(compound.isDisposed)
            #expect(counters.map(\.value) == Array(repeating: 1, count: 20))
            #expect(log.lines == ["raw"])
        }
    }

    @Test("children added while another thread disposes the compound are each disposed exactly once")
    func compoundConcurrentAddAndDispose() {
        for _ in 0..<30 {
            let log = DeliveryLog()
            let compound = CompoundDisposable()
            let perThread = 50
            let finished = raceOnThreads(4) { thread in
                for index in 0..<perThread {
                    compound.add(LoggingDisposable("\(thread)-\(index)", log: log))
                    if thread == 0 && index == perThread / 2 { compound.dispose() }
                }
            }
            #expect(finished)
            #expect(compound.isDisposed)
            let expected = (0..<4).flatMap { thread in (0..<perThread).map { "\(thread)-\($0)" } }
            #expect(log.lines.sorted() == expected.sorted())
        }
    }

    // MARK: SerialDisposable

    @Test("setting a serial disposable's disposable does not dispose the one it replaces")
    func serialReplaceDoesNotDispose() {
        let log = DeliveryLog()
        let first = LoggingDisposable("first", log: log)
        let second = LoggingDisposable("second", log: log)
        let serial = SerialDisposable(first)
        #expect(serial.disposable === first)

        serial.disposable = second
        #expect(serial.disposable === second)
        #expect(!first.isDisposed)
        #expect(log.lines == [])

        serial.dispose()
        #expect(serial.isDisposed)
        #expect(log.lines == ["second"], "only the held disposable is disposed")
    }

    @Test("swap(in:) returns the previous disposable and keeps the new one")
    func serialSwapReturnsPrevious() {
        let log = DeliveryLog()
        let a = LoggingDisposable("a", log: log)
        let b = LoggingDisposable("b", log: log)
        let serial = SerialDisposable()
        #expect(serial.disposable == nil)

        #expect(serial.swap(in: a) == nil)
        #expect(serial.swap(in: b) === a)
        #expect(serial.disposable === b)
        #expect(serial.swap(in: nil) === b)
        #expect(serial.disposable == nil)
        #expect(log.lines == [])

        serial.dispose()
        #expect(log.lines == [], "nothing was held any more")
    }

    @Test("after a serial disposable is disposed, what is put in is disposed at once and the getter is nil")
    func serialAfterDispose() {
        let log = DeliveryLog()
        let held = LoggingDisposable("held", log: log)
        let serial = SerialDisposable(held)
        serial.dispose()
        #expect(serial.isDisposed)
        #expect(log.lines == ["held"])
        #expect(serial.disposable == nil)

        let late = LoggingDisposable("late", log: log)
        serial.disposable = late
        #expect(late.isDisposed)
        #expect(serial.disposable == nil)

        let later = LoggingDisposable("later", log: log)
        #expect(serial.swap(in: later) == nil)
        #expect(serial.disposable == nil)

        serial.dispose()
        #expect(log.lines == ["held", "late", "later"])
    }

    @Test("a serial disposable disposed from many threads at once disposes what it holds exactly once")
    func serialConcurrentDispose() {
        for _ in 0..<30 {
            let log = DeliveryLog()
            let serial = SerialDisposable(LoggingDisposable("held", log: log))
            #expect(raceOnThreads(8) { _ in serial.dispose() })
            #expect(log.lines == ["held"])
            #expect(serial.isDisposed)
        }
    }

    // MARK: ScopedDisposable

    @Test("a scoped disposable disposes what it wraps when it is deallocated")
    func scopedDisposesOnDeinit() {
        let runs = Counter()
        let wrapped = BlockDisposable { runs.increment() }
        weak var weakScoped: ScopedDisposable?
        do {
            let scoped = wrapped.scoped()
            weakScoped = scoped
            #expect(!scoped.isDisposed)
            #expect(runs.value == 0)
        }
        #expect(weakScoped == nil)
        #expect(wrapped.isDisposed)
        #expect(runs.value == 1)
    }

    @Test("disposing a scoped disposable disposes what it wraps, and deallocation does not run it again")
    func scopedDisposeForwards() {
        let runs = Counter()
        let wrapped = BlockDisposable { runs.increment() }
        do {
            let scoped = ScopedDisposable(wrapped)
            #expect(!scoped.isDisposed)
            scoped.dispose()
            #expect(scoped.isDisposed)
            #expect(wrapped.isDisposed)
            #expect(runs.value == 1)
        }
        #expect(runs.value == 1)
    }

    @Test("scoped() returns the receiver itself when it is already a scoped disposable")
    func scopedOfScopedIsIdentity() {
        let runs = Counter()
        let scoped = ScopedDisposable(BlockDisposable { runs.increment() })
        #expect(scoped.scoped() === scoped)
        let plain = BlockDisposable()
        let wrapper = plain.scoped()
        #expect(wrapper !== plain.scoped(), "a plain disposable gets a new wrapper on every call")
        #expect(runs.value == 0)
    }

    @Test("a scoped subscription ends when its owner goes away")
    func scopedSubscription() {
        let scheduler = TestScheduler()
        let subject = Subject<Int>()
        let recorder = Recorder<Int>(clock: scheduler)
        final class Owner: Sendable {
            let binding: ScopedDisposable
            init(_ binding: ScopedDisposable) { self.binding = binding }
        }
        var owner: Owner? = Owner(recorder.subscribe(to: subject).scoped())
        scheduler.schedule(after: 1) { subject.sendNext(1) }
        scheduler.advance(to: 1)
        owner = nil
        _ = owner
        scheduler.schedule(after: 1) { subject.sendNext(2) }
        scheduler.advance(to: 3)
        #expect(recorder.events == [.next(1, at: 1)])
    }
}
