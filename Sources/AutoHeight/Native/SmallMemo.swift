/// A memo of a few answers (per script, per language, per font analysis), shared between
/// threads: a short list searched in order, cheaper than hashing for the handful of keys a
/// process meets. An answer is computed outside the lock; if two threads compute the same key
/// at once, the first stored wins and both return it.
final class SmallMemo<Key: Equatable & Sendable, Value: Sendable>: Sendable {
    private let entries = Locked<[(key: Key, value: Value)]>([])

    /// The answer for `key`, computed with `compute` the first time.
    func value(for key: Key, compute: () throws -> Value) rethrows -> Value {
        if let known = entries.withLock({ list in list.first { $0.key == key }?.value }) { return known }
        let computed = try compute()
        return entries.withLock { list in
            if let first = list.first(where: { $0.key == key }) { return first.value }
            list.append((key, computed))
            return computed
        }
    }
}
