/// A value behind a lock: the package's one lock type, so that every shared mutable state is
/// reached the same way. The lock is a ``PThreadMutex``, which ThreadSanitizer sees (`make
/// sanitize` runs the concurrency tests under it); it lives in Native/ with the mutex (C), and
/// ``SmallMemo`` and the break-iterator pool, built on it, with it.
final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is only touched while `mutex` is held.
    private let mutex = PThreadMutex()
    private var value: Value

    init(_ value: sending Value) { self.value = value }

    /// Runs `body` with the value while holding the lock.
    func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        mutex.lock()
        defer { mutex.unlock() }
        return try body(&value)
    }
}

/// An object many threads read at once and few change: ``Locked`` for state whose reads are the
/// hot path (the segment cache's look-ups), where a mutex would let one thread in at a time.
/// The object's own fields are what the lock guards; it hands the object to `body` as it holds
/// it (a `let`: no retain, and no `inout` access, which two readers at once would overlap on).
final class ReadWriteLocked<Value: AnyObject>: @unchecked Sendable {
    // @unchecked: `value`'s state is read only under the read lock and changed only under the
    // write lock.
    private let lock = PThreadReadWriteLock()
    private let value: Value

    init(_ value: sending Value) { self.value = value }

    /// Runs `body` with the object while other readers may read it too (no writer); `body`
    /// only reads.
    func withReadLock<Result>(_ body: (Value) -> Result) -> Result {
        lock.lockForReading()
        defer { lock.unlock() }
        return body(value)
    }

    /// Runs `body` with the object while no other thread holds the lock.
    func withWriteLock<Result>(_ body: (Value) -> sending Result) -> sending Result {
        lock.lockForWriting()
        defer { lock.unlock() }
        return body(value)
    }
}
