import AutoHeight

/// Keeps an observation of an ``EditorModel`` alive: the closure is called until ``cancel()`` is
/// called or the token is released (so keep it, like a Combine `AnyCancellable`).
///
/// ```swift
/// let observation = editor.observe { change in layout(height: change.current.height) }
/// // …
/// observation.cancel()
/// ```
public final class EditorObservation {
    private weak var observers: EditorObservers?
    private let id: Int

    init(observers: EditorObservers, id: Int) {
        self.observers = observers
        self.id = id
    }

    /// Stops the closure from being called. Calling it again does nothing.
    public func cancel() {
        observers?.remove(id: id)
        observers = nil
    }

    deinit { observers?.remove(id: id) }
}

/// An editor's closure observers and async-stream subscribers; delivers each change to those
/// that asked for one of its kinds.
final class EditorObservers {
    private struct Handler {
        var id: Int
        var kinds: EditorChange.Kinds
        var body: (EditorChange) -> Void
    }

    private struct Subscriber {
        var kinds: EditorChange.Kinds
        var continuation: AsyncStream<EditorChange>.Continuation
    }

    private var handlers: [Handler] = []
    private var subscribers: [Subscriber] = []
    private var nextID = 0
    /// Changes waiting while an earlier one is being delivered.
    private var pending: [EditorChange] = []
    private var isDelivering = false

    /// Registers `body` for changes touching `kinds`.
    func add(kinds: EditorChange.Kinds, body: @escaping (EditorChange) -> Void) -> EditorObservation {
        nextID += 1
        handlers.append(Handler(id: nextID, kinds: kinds, body: body))
        return EditorObservation(observers: self, id: nextID)
    }

    func remove(id: Int) {
        handlers.removeAll { $0.id == id }
    }

    /// A new stream of changes touching `kinds` (unbounded buffer: a slow reader misses nothing).
    func stream(kinds: EditorChange.Kinds) -> AsyncStream<EditorChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: EditorChange.self, bufferingPolicy: .unbounded)
        subscribers.append(Subscriber(kinds: kinds, continuation: continuation))
        return stream
    }

    /// Number of closures and streams still registered (streams whose reader stopped are dropped
    /// at the next change).
    var count: Int { handlers.count + subscribers.count }

    /// Delivers `change` to every observer that asked for one of its kinds; nothing when it has none.
    ///
    /// A closure may edit the editor again: the change that edit makes waits until every observer
    /// has heard the current one, so all observers hear all changes in the order they happened.
    func deliver(_ change: EditorChange) {
        guard !change.kinds.isEmpty else { return }
        pending.append(change)
        guard !isDelivering else { return }
        isDelivering = true
        defer { isDelivering = false }
        while !pending.isEmpty {
            send(pending.removeFirst())
        }
    }

    private func send(_ change: EditorChange) {
        subscribers.removeAll { subscriber in
            guard !subscriber.kinds.isDisjoint(with: change.kinds) else { return false }
            if case .terminated = subscriber.continuation.yield(change) { return true }
            return false
        }
        // A closure may cancel observations: iterate over a snapshot, skipping closures cancelled
        // meanwhile.
        for handler in handlers where !handler.kinds.isDisjoint(with: change.kinds) {
            guard handlers.contains(where: { $0.id == handler.id }) else { continue }
            handler.body(change)
        }
    }

    deinit {
        for subscriber in subscribers { subscriber.continuation.finish() }
    }
}
