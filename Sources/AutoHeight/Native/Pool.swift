/// Objects kept for reuse (buffers, iterators, scratch storage): taking one pops an idle one or
/// makes a new one; putting it back keeps it unless `capacity` are idle already. Each object is
/// used by one caller at a time.
final class Pool<Element: AnyObject & Sendable>: Sendable {
    private let idle = Locked<[Element]>([])
    private let capacity: Int

    init(capacity: Int = 16) { self.capacity = capacity }

    /// An idle object, or one from `make`.
    func take<Failure: Error>(orMake make: () throws(Failure) -> Element) throws(Failure) -> Element {
        if let reused = idle.withLock({ $0.popLast() }) { return reused }
        return try make()
    }

    /// Keeps `element` for a later ``take(orMake:)``, or drops it when enough are idle.
    func putBack(_ element: Element) {
        idle.withLock { pool in if pool.count < capacity { pool.append(element) } }
    }
}
