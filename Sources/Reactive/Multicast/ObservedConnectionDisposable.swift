import Synchronization

/// The disposable ``MulticastConnection/connect()`` returns when the connection is observed.
///
/// Disposing it ends the connection for good, as disposing the connection's serial
/// disposable does in RAC 2.5: the source subscription ends and no later `connect()`
/// subscribes again. The first disposal reports
/// ``InstrumentationEvent/Kind/connectionDisposed(connection:)``, then disposes the serial
/// disposable as a consequence of that report, so the source subscription's disposal names it
/// as its cause.
final class ObservedConnectionDisposable: Disposable {
    private let serial: SerialDisposable
    private let probe: Probe
    private let connection: Int
    private let disposed = Atomic(false)

    init(_ serial: SerialDisposable, probe: Probe, connection: Int) {
        self.serial = serial
        self.probe = probe
        self.connection = connection
    }

    var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let report = probe.record(.connectionDisposed(connection: connection))
        probe.caused(by: report) { serial.dispose() }
    }
}
