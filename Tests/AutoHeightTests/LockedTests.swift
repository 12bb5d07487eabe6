import Testing

@testable import AutoHeight

/// The package's lock (``Locked``) must be one ThreadSanitizer sees: `make sanitize` runs the
/// tests named `concurrent…` under TSan, which reports the increments below as a data race when
/// the lock is invisible to it (as `Synchronization.Mutex` is on this toolchain).
@Suite struct LockedTests {
    @Test func concurrentIncrementsUnderTheLockAreAllCounted() async {
        let counter = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<1_000 { counter.withLock { $0 += 1 } }
                }
            }
        }
        #expect(counter.withLock { $0 } == 8_000)
    }
}
