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

/// ``ReadWriteLocked``: readers share the lock, writers have it alone (TSan sees both, as it
/// sees ``Locked``), and a reader sees a writer's change whole.
@Suite struct ReadWriteLockedTests {
    final class Pair: @unchecked Sendable {
        var first = 0
        var second = 0
    }

    @Test func concurrentReadersSeeEveryWriteWhole() async {
        // The writer keeps both halves equal; a reader that saw a half-done write would differ.
        let pair = ReadWriteLocked(Pair())
        let torn = await withTaskGroup(of: Int.self) { group in
            group.addTask {
                for _ in 0..<2_000 {
                    pair.withWriteLock { pair in
                        pair.first += 1
                        pair.second += 1
                    }
                }
                return 0
            }
            for _ in 0..<4 {
                group.addTask {
                    var torn = 0
                    for _ in 0..<2_000 where pair.withReadLock({ $0.first != $0.second }) { torn += 1 }
                    return torn
                }
            }
            return await group.reduce(0, +)
        }
        #expect(torn == 0)
        #expect(pair.withReadLock { $0.first } == 2_000)
    }
}

/// ``ThreadSlot``: one object per thread, the same one on each call of that thread, a new one
/// for a nested call (the outer caller holds the thread's).
@Suite struct ThreadSlotTests {
    final class Box: Sendable {}

    @Test func aThreadGetsItsOwnObjectBackAndANestedCallAnother() {
        let slot = ThreadSlot<Box>()
        let first = slot.withObject(make: { Box() }) { ObjectIdentifier($0) }
        let again = slot.withObject(make: { Box() }) { ObjectIdentifier($0) }
        #expect(first == again)
        let (outer, inner) = slot.withObject(make: { Box() }) { outer in
            (ObjectIdentifier(outer), slot.withObject(make: { Box() }) { ObjectIdentifier($0) })
        }
        #expect(outer == first)
        #expect(inner != outer)
        // The outer object went back into the slot, not the nested one.
        #expect(slot.withObject(make: { Box() }) { ObjectIdentifier($0) } == first)
    }

    @Test func concurrentThreadsNeverShareAnObject() async {
        let slot = ThreadSlot<Box>()
        // Every thread that runs a task holds its object while the task runs: no two tasks
        // running at once may see the same one.
        let inUse = Locked(Set<ObjectIdentifier>())
        let clashes = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var clashes = 0
                    for _ in 0..<500 {
                        slot.withObject(make: { Box() }) { box in
                            let id = ObjectIdentifier(box)
                            if !inUse.withLock({ $0.insert(id).inserted }) { clashes += 1 }
                            inUse.withLock { _ = $0.remove(id) }
                        }
                    }
                    return clashes
                }
            }
            return await group.reduce(0, +)
        }
        #expect(clashes == 0)
    }
}
