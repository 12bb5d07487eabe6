import Foundation

/// Runs `work` on submitted inputs on `threads` threads and hands the outputs back in submission
/// order. The caller bounds memory by taking outputs back before `inFlight` grows past its
/// window. With one thread, `submit` does the work itself (no thread, no locking).
///
/// Every mutable field is guarded by `condition`; inputs and outputs are `Sendable`.
final class OrderedWorkPool<Input: Sendable, Output: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var queue: [(sequence: Int, input: Input)] = []
    private var queueHead = 0
    private var outputs: [Int: Output] = [:]
    private var closed = false
    private var submitted = 0
    private var taken = 0
    private let inlineWork: (@Sendable (Input) -> Output)?

    /// - Parameter makeWork: called once per thread, so each thread may own its own state.
    init(threads: Int, makeWork: () -> @Sendable (Input) -> Output) {
        if threads <= 1 {
            inlineWork = makeWork()
            return
        }
        inlineWork = nil
        for _ in 0..<threads {
            let work = makeWork()
            let thread = Thread { [self] in self.serve(work) }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    deinit { close() }

    /// Inputs submitted whose outputs were not taken yet.
    var inFlight: Int {
        condition.lock()
        defer { condition.unlock() }
        return submitted - taken
    }

    func submit(_ input: Input) {
        if let inlineWork {
            let output = inlineWork(input)
            condition.lock()
            outputs[submitted] = output
            submitted += 1
            condition.unlock()
            return
        }
        condition.lock()
        queue.append((submitted, input))
        submitted += 1
        condition.broadcast()
        condition.unlock()
    }

    /// The next output in submission order; nil when nothing is in flight, or when `wait` is false
    /// and the next output is not ready.
    func takeNext(wait: Bool) -> Output? {
        condition.lock()
        defer { condition.unlock() }
        guard taken < submitted else { return nil }
        while outputs[taken] == nil {
            guard wait else { return nil }
            condition.wait()
        }
        let output = outputs.removeValue(forKey: taken)
        taken += 1
        return output
    }

    /// Lets the threads end once the queue is empty.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    private func serve(_ work: (Input) -> Output) {
        while true {
            condition.lock()
            while queueHead == queue.count && !closed { condition.wait() }
            if queueHead == queue.count {
                condition.unlock()
                return
            }
            let (sequence, input) = queue[queueHead]
            queueHead += 1
            if queueHead >= 64 && queueHead * 2 >= queue.count {
                queue.removeFirst(queueHead)
                queueHead = 0
            }
            condition.unlock()
            let output = work(input)
            condition.lock()
            outputs[sequence] = output
            condition.broadcast()
            condition.unlock()
        }
    }
}
