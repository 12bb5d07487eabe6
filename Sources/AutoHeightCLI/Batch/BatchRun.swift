import AutoHeight
import AutoHeightRecords

/// Runs a batch: reads chunks of items on this thread, measures them on `threads` workers and
/// writes their outcomes in input order, holding at most `chunksPerThread × threads` chunks in
/// flight, so memory does not grow with the input.
struct BatchRun {
    static let chunksPerThread = 4

    let threads: Int
    let onError: BatchOptions.ErrorPolicy

    /// - Throws: `CLIFailure`: with `--on-error stop`, the first bad record's (after writing every
    ///   record before it); with `--on-error record`, a summary when any record failed (after
    ///   writing them all), with the first failure's exit status.
    func run(
        source: inout BatchSource, writer: inout ResultWriter, progress: ProgressBar?,
        makeWorker: () -> MeasureWorker
    ) throws(CLIFailure) {
        let pool = OrderedWorkPool<[BatchItem], [RecordOutcome]>(threads: threads) {
            let worker = makeWorker()
            return { chunk in worker.outcomes(chunk) }
        }
        defer { pool.close() }
        let window = threads * Self.chunksPerThread
        var firstFailure: CLIFailure? = nil
        do {
            while let chunk = source.nextChunk() {
                while pool.inFlight >= window, let ready = pool.takeNext(wait: true) {
                    try emit(ready, to: &writer, firstFailure: &firstFailure)
                }
                pool.submit(chunk)
                while let ready = pool.takeNext(wait: false) {
                    try emit(ready, to: &writer, firstFailure: &firstFailure)
                }
                progress?.update(records: writer.recordCount, fraction: source.fractionRead)
            }
            while let ready = pool.takeNext(wait: true) {
                try emit(ready, to: &writer, firstFailure: &firstFailure)
                progress?.update(records: writer.recordCount, fraction: source.fractionRead)
            }
        } catch {
            progress?.finish()
            writer.finish()
            throw error
        }
        progress?.finish()
        writer.finish()
        if let firstFailure {
            let failed = writer.failureCount
            throw CLIFailure(
                message:
                    "\(failed) of \(writer.recordCount) record\(writer.recordCount == 1 ? "" : "s") failed; the first: \(firstFailure.message)",
                exitCode: firstFailure.exitCode)
        }
    }

    private func emit(
        _ outcomes: [RecordOutcome], to writer: inout ResultWriter, firstFailure: inout CLIFailure?
    ) throws(CLIFailure) {
        for outcome in outcomes {
            switch outcome {
            case .failed(_, _, let failure):
                if onError == .stop { throw failure }
                if firstFailure == nil { firstFailure = failure }
            case .aborted(let failure):
                throw failure
            case .measured, .skipped:
                break
            }
            writer.write(outcome)
        }
    }
}
