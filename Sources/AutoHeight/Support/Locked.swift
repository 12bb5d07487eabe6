import Synchronization

/// A value behind a lock: the package's one lock type, so that every shared mutable state is
/// reached the same way (and a change of lock, e.g. for a race detector, is made here once).
final class Locked<Value>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: sending Value) { mutex = Mutex(value) }

    /// Runs `body` with the value while holding the lock.
    @inline(__always)
    func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        try mutex.withLock(body)
    }
}
