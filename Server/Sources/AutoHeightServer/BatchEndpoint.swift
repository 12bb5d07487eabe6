import AutoHeightRecords
import Hummingbird
import NIOCore

/// `POST /v1/measure/batch`: NDJSON in, NDJSON out, streamed in input order, as
/// `autoheight measure --jsonl-input - -O jsonl --on-error record` answers the same lines: each
/// record's objects (one per width), or its error entry `{"id":…,"line":n,"error":"<stdin>: line
/// n: …"}`. The query gives the style and widths (`?size=16&widths=120,240`); a record's own
/// `style` and `widths` override them. Lines are measured in chunks on up to `--workers` tasks
/// at once, at most a fixed window of chunks ahead of the client.
struct BatchEndpoint: Sendable {
    let core: ServiceCore

    /// Lines per chunk (at most; a chunk also ends where a part of the body ends).
    static let chunkSize = 64

    func handle(_ request: Request) throws(ServiceError) -> Response {
        let options: RequestOptions
        do { options = try RequestOptions(query: request.uri.queryParameters) } catch {
            throw ServiceError(.badRequest, error.message)
        }
        let limit = core.configuration.maxBatchBytes
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit {
            throw Self.tooLarge(limit)
        }
        // The query's style is built now, so a bad option or font is the request's 400.
        let base: RecordMeasurer?
        if options.widths != nil {
            base = try core.measurer(options: options, style: nil, widths: nil)
        } else {
            _ = try core.measurer(options: options, style: nil, widths: [1])
            base = nil
        }
        let stream = BatchStream(core: core, options: options, base: base)
        let body = request.body
        return Response(
            status: .ok, headers: [.contentType: "application/x-ndjson"],
            body: ResponseBody { writer in try await stream.run(body: body, writer: &writer) })
    }

    static func tooLarge(_ limit: Int) -> ServiceError {
        ServiceError(.contentTooLarge, "request body larger than \(limit) bytes (--max-batch-bytes)")
    }
}

/// One batch's run: a reader task splits the body into lines and starts a task per chunk; this
/// task writes each chunk's output in order as it is done. A timer ends the run at the batch
/// time limit.
struct BatchStream: Sendable {
    let core: ServiceCore
    let options: RequestOptions
    let base: RecordMeasurer?

    /// What the reader and the timer tell the writer, in order.
    enum Event: Sendable {
        case chunk(Task<ByteBuffer, Never>)
        /// The run ends with this error line (`{"error": "…"}`).
        case failure(String)
        case end
    }

    func run(body: RequestBody, writer: inout any ResponseBodyWriter) async throws {
        let configuration = core.configuration
        let window = max(2, configuration.workers * 2)
        let (events, eventSink) = AsyncStream<Event>.makeStream()
        let (credits, creditSink) = AsyncStream<Void>.makeStream()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                await read(body: body, events: eventSink, credits: credits, window: window)
            }
            group.addTask {
                try await Task.sleep(for: .milliseconds(Int(configuration.batchTimeout * 1000)))
                eventSink.yield(
                    .failure(
                        "batch not complete within \(JSONText.number(configuration.batchTimeout)) s (--batch-timeout)"))
            }
            var current: Task<ByteBuffer, Never>?
            do {
                loop: for await event in events {
                    switch event {
                    case .chunk(let task):
                        current = task
                        let output = await task.value
                        current = nil
                        if output.readableBytes > 0 { try await writer.write(output) }
                        creditSink.yield()
                    case .failure(let message):
                        try await writer.write(ByteBuffer(string: "{\"error\":\(JSONText.quoted(message))}\n"))
                        break loop
                    case .end:
                        break loop
                    }
                }
            } catch {
                current?.cancel()
                stop(group: &group, events: events, eventSink: eventSink, creditSink: creditSink)
                throw error
            }
            stop(group: &group, events: events, eventSink: eventSink, creditSink: creditSink)
        }
        try await writer.finish(nil)
    }

    /// Ends the reader and the timer, and cancels the chunks started but not written.
    private func stop(
        group: inout ThrowingTaskGroup<Void, any Error>, events: AsyncStream<Event>,
        eventSink: AsyncStream<Event>.Continuation, creditSink: AsyncStream<Void>.Continuation
    ) {
        group.cancelAll()
        creditSink.finish()
        eventSink.finish()
        Task {
            for await event in events {
                if case .chunk(let task) = event { task.cancel() }
            }
        }
    }

    /// Splits the body into lines, measures chunks of them in tasks (at most `window` ahead of
    /// the writer), and ends with `.end` or a `.failure`.
    private func read(
        body: RequestBody, events: AsyncStream<Event>.Continuation, credits: AsyncStream<Void>, window: Int
    ) async {
        let limit = core.configuration.maxBatchBytes
        var splitter = LineSplitter(maximumLineLength: core.configuration.maxBodyBytes)
        var creditIterator = credits.makeAsyncIterator()
        var outstanding = 0
        var received = 0
        func submit(_ lines: [BatchLine]) async -> Bool {
            if outstanding >= window {
                guard await creditIterator.next() != nil else { return false }
                outstanding -= 1
            }
            outstanding += 1
            let work = self
            events.yield(.chunk(Task { work.process(lines) }))
            return true
        }
        do {
            for try await part in body {
                received += part.readableBytes
                if received > limit {
                    events.yield(.failure(BatchEndpoint.tooLarge(limit).message))
                    return
                }
                var lines = splitter.split(part)
                while !lines.isEmpty {
                    let chunk = Array(lines.prefix(BatchEndpoint.chunkSize))
                    lines.removeFirst(chunk.count)
                    guard await submit(chunk) else { return }
                }
                if Task.isCancelled { return }
            }
            if let last = splitter.finish() {
                guard await submit([last]) else { return }
            }
            events.yield(.end)
        } catch {
            events.yield(.failure("the request body could not be read"))
        }
    }

    /// The output of a chunk of lines: each record's JSON lines, or its error entry.
    func process(_ lines: [BatchLine]) -> ByteBuffer {
        var output = ByteBuffer()
        var measured = 0
        var failed = 0
        for line in lines {
            if Task.isCancelled { break }
            let outcome = self.outcome(line)
            switch outcome {
            case .skipped:
                continue
            case .measured(_, let entries):
                measured += 1
                for entry in entries {
                    output.writeString(entry)
                    output.writeStaticString("\n")
                }
            case .failed(_, let entry, _):
                failed += 1
                output.writeString(entry)
                output.writeStaticString("\n")
            case .aborted:
                continue  // outcome(_:) turns these into error entries
            }
        }
        core.metrics.measured(measured)
        core.metrics.recordFailed(failed)
        return output
    }

    private func outcome(_ line: BatchLine) -> RecordOutcome {
        func invalid(_ idJSON: String, _ idText: String?, _ problem: String) -> RecordOutcome {
            RecordMeasurer.invalid(
                idJSON: idJSON, idText: idText, problem: problem, line: line.number, inputName: ServiceCore.inputName,
                formatter: ServiceCore.errorFormatter)
        }
        guard let bytes = line.bytes else {
            return invalid("null", nil, "line longer than \(core.configuration.maxBodyBytes) bytes (--max-body-bytes)")
        }
        switch JSONLRecord.parse(bytes, lineNumber: line.number, lineOffset: line.offset, readsOverrides: true) {
        case .blank:
            return .skipped
        case .invalid(let idJSON, let idText, let problem):
            return invalid(idJSON, idText, problem)
        case .record(let record):
            let measurer: RecordMeasurer
            if record.style == nil && record.widths == nil, let base {
                measurer = base
            } else {
                do {
                    measurer = try core.measurer(options: options, style: record.style, widths: record.widths)
                } catch {
                    return invalid(record.idJSON, record.idText, error.message)
                }
            }
            let outcome = measurer.measure(record, line: line.number)
            if case .aborted(let failure) = outcome {
                return invalid(record.idJSON, record.idText, failure.message)
            }
            return outcome
        }
    }
}

/// One line of a batch body: its bytes (nil when it was longer than the limit), its number and
/// its byte offset in the body.
struct BatchLine: Sendable {
    var bytes: [UInt8]?
    var number: Int
    var offset: Int
}

/// Cuts a byte stream into lines on `\n` (a `\r` before it dropped), as the CLI's `LineReader`
/// does, holding at most `maximumLineLength` bytes of a line that has not ended.
struct LineSplitter {
    let maximumLineLength: Int
    private var partial: [UInt8] = []
    private var partialTooLong = false
    private var lineStart = 0
    private var consumed = 0
    private var number = 0

    init(maximumLineLength: Int) {
        self.maximumLineLength = maximumLineLength
    }

    /// The lines that end in `part`.
    mutating func split(_ part: ByteBuffer) -> [BatchLine] {
        var lines: [BatchLine] = []
        part.withUnsafeReadableBytes { raw in
            var start = 0
            while start < raw.count {
                let rest = UnsafeRawBufferPointer(rebasing: raw[start...])
                guard let newline = rest.firstIndex(of: 0x0A) else {
                    append(rest)
                    consumed += rest.count
                    return
                }
                append(UnsafeRawBufferPointer(rebasing: rest[..<newline]))
                consumed += newline + 1
                lines.append(take(droppingCarriageReturn: true))
                lineStart = consumed
                start += newline + 1
            }
        }
        return lines
    }

    /// The last line when the body did not end with `\n`.
    mutating func finish() -> BatchLine? {
        guard !partial.isEmpty || partialTooLong else { return nil }
        return take(droppingCarriageReturn: false)
    }

    private mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard !partialTooLong else { return }
        if partial.count + bytes.count > maximumLineLength {
            partialTooLong = true
            partial = []
        } else {
            partial.append(contentsOf: bytes)
        }
    }

    private mutating func take(droppingCarriageReturn: Bool) -> BatchLine {
        number += 1
        var bytes: [UInt8]? = partialTooLong ? nil : partial
        if droppingCarriageReturn, bytes?.last == 0x0D { bytes?.removeLast() }
        let line = BatchLine(bytes: bytes, number: number, offset: lineStart)
        partial = []
        partial.reserveCapacity(256)
        partialTooLong = false
        return line
    }
}
