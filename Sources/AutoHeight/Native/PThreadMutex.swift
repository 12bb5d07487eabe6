#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `pthread_mutex_t`, the lock behind ``Locked``. Sole owner of the mutex: initialized here,
/// destroyed and freed in `deinit`.
///
/// Why not `Synchronization.Mutex`: ThreadSanitizer intercepts `pthread_mutex_lock`/`unlock` and
/// so sees the happens-before edges they make, while it does not see `Mutex`'s futex on this
/// toolchain: it reported the protected accesses as races, among which a real race would hide.
/// Uncontended, both cost one atomic exchange.
final class PThreadMutex: @unchecked Sendable {
    // @unchecked: a pthread mutex is made to be shared between threads.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        // Fails only for invalid attributes (none are passed) or exhausted resources, where
        // no lock can be had at all.
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: error \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    @inline(__always)
    func lock() { pthread_mutex_lock(mutex) }

    @inline(__always)
    func unlock() { pthread_mutex_unlock(mutex) }
}
