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
        #if canImport(Glibc)
            // Adaptive: a contended lock spins briefly before sleeping in the kernel. The
            // sections it guards are short (a cache look-up), so two threads measuring at once
            // mostly wait less than a futex round trip would take.
            var attributes = pthread_mutexattr_t()
            pthread_mutexattr_init(&attributes)
            defer { pthread_mutexattr_destroy(&attributes) }
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
            let status = pthread_mutex_init(mutex, &attributes)
        #else
            let status = pthread_mutex_init(mutex, nil)
        #endif
        precondition(status == 0, "pthread_mutex_init failed: error \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }

    func unlock() { pthread_mutex_unlock(mutex) }
}

/// A `pthread_rwlock_t`, the lock behind ``ReadWriteLocked``: readers share it, a writer has it
/// alone. Sole owner of the lock, as ``PThreadMutex`` is of its mutex; ThreadSanitizer sees it
/// the same way.
final class PThreadReadWriteLock: @unchecked Sendable {
    // @unchecked: a pthread rwlock is made to be shared between threads.
    private let rwlock: UnsafeMutablePointer<pthread_rwlock_t>

    init() {
        rwlock = .allocate(capacity: 1)
        rwlock.initialize(to: pthread_rwlock_t())
        #if canImport(Glibc)
            // A waiting writer holds back new readers: stores (new words) are not starved by
            // a stream of look-ups from other threads.
            var attributes = pthread_rwlockattr_t()
            pthread_rwlockattr_init(&attributes)
            defer { pthread_rwlockattr_destroy(&attributes) }
            pthread_rwlockattr_setkind_np(&attributes, Int32(PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP))
            let status = pthread_rwlock_init(rwlock, &attributes)
        #else
            let status = pthread_rwlock_init(rwlock, nil)
        #endif
        precondition(status == 0, "pthread_rwlock_init failed: error \(status)")
    }

    deinit {
        pthread_rwlock_destroy(rwlock)
        rwlock.deinitialize(count: 1)
        rwlock.deallocate()
    }

    func lockForReading() { pthread_rwlock_rdlock(rwlock) }

    func lockForWriting() { pthread_rwlock_wrlock(rwlock) }

    func unlock() { pthread_rwlock_unlock(rwlock) }
}
