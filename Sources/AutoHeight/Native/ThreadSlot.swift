#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One object per thread, kept for reuse between calls on that thread: a pool without the
/// lock, for storage taken on every measure (two threads measuring at once would otherwise meet
/// on the pool's lock twice per text). The slot owns its thread's object (one retain, stored in
/// a pthread key) and releases it when the thread exits.
final class ThreadSlot<Object: AnyObject & Sendable>: Sendable {
    private let key: pthread_key_t

    init() {
        var key = pthread_key_t()
        // The destructor runs on a thread's exit for a non-nil value: the one retain taken in
        // `withObject`. Fails only when the process has used up its keys (1,024 on Linux); the
        // package makes one slot.
        let status = pthread_key_create(&key) { object in
            guard let object else { return }
            Unmanaged<AnyObject>.fromOpaque(object).release()
        }
        precondition(status == 0, "pthread_key_create failed: error \(status)")
        self.key = key
    }

    /// Runs `body` with this thread's object (made by `make` the first time, or when a caller
    /// further up the stack holds it), then keeps it for the thread's next call.
    func withObject<Result, Failure: Error>(
        make: () -> Object, _ body: (Object) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let object: Object
        if let stored = pthread_getspecific(key) {
            // Taken out while in use: a nested call makes its own.
            pthread_setspecific(key, nil)
            object = Unmanaged<Object>.fromOpaque(stored).takeRetainedValue()
        } else {
            object = make()
        }
        defer {
            // The outermost caller's object is the one kept (a nested call's, stored meanwhile,
            // is dropped).
            if let nested = pthread_getspecific(key) { Unmanaged<Object>.fromOpaque(nested).release() }
            pthread_setspecific(key, Unmanaged.passRetained(object).toOpaque())
        }
        return try body(object)
    }
}
