/// A value behind a lock: the package's one lock type, so that every shared mutable state is
/// reached the same way. The lock is a ``PThreadMutex``, which ThreadSanitizer sees (`make
/// sanitize` runs the concurrency tests under it); it lives in Native/ with the mutex (C), and
/// ``Pool`` and ``SmallMemo``, built on it, with it.
final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is only touched while `mutex` is held, which also makes the run-time
    // exclusivity check of each access redundant (`@exclusivity(unchecked)`).
    private let mutex = PThreadMutex()
    @exclusivity(unchecked) private var value: Value

    init(_ value: sending Value) { self.value = value }

    /// Runs `body` with the value while holding the lock.
    @inline(__always)
    func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        mutex.lock()
        defer { mutex.unlock() }
        return try body(&value)
    }
}

/// A value many threads read at once and few change: ``Locked`` for state whose reads are the
/// hot path (the segment cache's look-ups), where a mutex would let one thread in at a time.
final class ReadWriteLocked<Value>: @unchecked Sendable {
    // @unchecked: the value is read only under the read lock and changed only under the write
    // lock. It lives at a fixed address (allocated here, freed in deinit), which readers get
    // `inout`: any other way of handing them the value copied it (for a struct of arrays, a
    // retain and a release of each, on memory every reader shares).
    private let lock = PThreadReadWriteLock()
    private let value: UnsafeMutablePointer<Value>

    init(_ value: sending Value) {
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with the value while other readers may read it too (no writer). `body`
    /// must only read: the value is passed `inout` because that is how Swift hands over a
    /// stored value in place (a borrowed argument, and `pointee` of a pointer, copied it).
    func withReadLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lockForReading()
        defer { lock.unlock() }
        return body(&value.pointee)
    }

    /// Runs `body` with the value while no other thread holds the lock.
    func withWriteLock<Result>(_ body: (inout sending Value) -> sending Result) -> sending Result {
        lock.lockForWriting()
        defer { lock.unlock() }
        return body(&value.pointee)
    }
}
