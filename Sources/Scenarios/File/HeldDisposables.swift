import Foundation
import Reactive

/// What a run's `dispose` statements can dispose: the subscriptions made by `subscribe "LABEL" to`,
/// by label, and the disposables that connections' `connect` returned, by name.
final class HeldDisposables: @unchecked Sendable {
    // @unchecked: both dictionaries are touched with `lock` held (NSLock: ThreadSanitizer sees it).
    private let lock = NSLock()
    private var subscriptions: [String: [any Disposable]] = [:]
    private var connections: [String: any Disposable] = [:]

    func hold(_ subscription: any Disposable, label: String) {
        lock.withLock { subscriptions[label, default: []].append(subscription) }
    }

    func hold(_ connection: any Disposable, connection name: String) {
        lock.withLock { connections[name] = connection }
    }

    /// Disposes the subscriptions labelled `label` made so far, outside the lock: disposal blocks are user code.
    func disposeSubscriptions(labelled label: String) {
        let taken = lock.withLock { subscriptions.removeValue(forKey: label) ?? [] }
        for subscription in taken { subscription.dispose() }
    }

    /// Disposes what `connect` returned for the connection `name`, if it was connected.
    func disposeConnection(named name: String) {
        let taken = lock.withLock { connections[name] }
        taken?.dispose()
    }
}
