import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs each job on a new thread with a stack of ``Scenario/stackSize`` bytes.
///
/// A thread that cannot be made (the address space or the process's threads exhausted) is tried
/// again with smaller stacks, and as a last resort the job runs on the caller's thread: a job
/// that never ran would leave ``Scenario/trace(maximumEvents:)`` waiting for ever (`Thread.start()`
/// fails silently, and did).
final class LargeStackExecutor: TaskExecutor {
    static let shared = LargeStackExecutor()

    /// The stacks tried, largest first.
    let stackSizes: [Int]

    init(stackSizes: [Int] = [Scenario.stackSize, 32 << 20, 8 << 20]) {
        self.stackSizes = stackSizes
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        let run: @Sendable () -> Void = { job.runSynchronously(on: executor) }
        for size in stackSizes where Self.startThread(stackSize: size, run) { return }
        run()
    }

    /// Starts a thread named "sigviz scenario" with a stack of `stackSize` bytes that runs `body`;
    /// false, having run nothing, when it cannot be made.
    static func startThread(stackSize: Int, _ body: @escaping @Sendable () -> Void) -> Bool {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return false }
        defer { pthread_attr_destroy(&attributes) }
        guard pthread_attr_setstacksize(&attributes, stackSize) == 0,
              pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED)) == 0 else { return false }
        let box = Unmanaged.passRetained(Body(body))
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let created = pthread_create(&thread, &attributes, { argument in
            Thread.current.name = "sigviz scenario"
            #if canImport(Glibc)
            let body = Unmanaged<Body>.fromOpaque(argument!).takeRetainedValue()
            #else
            let body = Unmanaged<Body>.fromOpaque(argument).takeRetainedValue()
            #endif
            body.run()
            return nil
        }, box.toOpaque())
        if created != 0 { box.release() }
        return created == 0
    }

    /// A thread's work, passed through pthread_create's one pointer.
    private final class Body: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
