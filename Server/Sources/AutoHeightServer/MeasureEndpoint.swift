import AutoHeight
import AutoHeightRecords
import Hummingbird
import NIOCore

/// `POST /v1/measure`: one record `{"id"?, "text", "widths", "style"?}` (the query may give the
/// style and widths too) → a JSON array of the CLI's objects, one per width.
struct MeasureEndpoint: Sendable {
    let core: ServiceCore

    func handle(_ request: Request) async throws(ServiceError) -> Response {
        let deadline = ContinuousClock.now + .milliseconds(Int(core.configuration.requestTimeout * 1000))
        let options: RequestOptions
        do { options = try RequestOptions(query: request.uri.queryParameters) } catch {
            throw ServiceError(.badRequest, error.message)
        }
        let body = try await BodyReader.collect(
            request, limit: core.configuration.maxBodyBytes, deadline: deadline,
            timeout: core.configuration.requestTimeout)
        let record: JSONLRecord
        switch JSONLRecord.parse(body.readableBytesView, lineNumber: 1, lineOffset: 0, readsOverrides: true) {
        case .blank: throw ServiceError(.badRequest, "empty body: expected a JSON object with a \"text\" string")
        case .invalid(_, _, let problem): throw ServiceError(.badRequest, problem)
        case .record(let parsed): record = parsed
        }
        let measurer = try core.measurer(options: options, style: record.style, widths: record.widths)
        let name = RecordFormatter.Name.id(json: record.idJSON, text: record.idText)
        let entries: [String]
        do {
            let prepared =
                try record.styledText.map { try measurer.style.prepare($0) } ?? measurer.style.prepare(record.text)
            let outcome = try measurer.formatter.measured(name: name, prepared: prepared)
            guard case .measured(_, let measured) = outcome else {
                throw ServiceError(.internalServerError, "internal error")
            }
            entries = measured
        } catch let error as ServiceError {
            throw error
        } catch let error as AutoHeightError {
            core.metrics.recordFailed(1)
            throw ServiceError(error)
        } catch {
            throw ServiceError(.internalServerError, "internal error")
        }
        core.metrics.measured(1)
        var buffer = ByteBuffer()
        buffer.reserveCapacity(entries.reduce(3) { $0 + $1.utf8.count + 1 })
        buffer.writeStaticString("[")
        for (index, entry) in entries.enumerated() {
            if index > 0 { buffer.writeStaticString(",") }
            buffer.writeString(entry)
        }
        buffer.writeStaticString("]\n")
        return Response(
            status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: buffer))
    }
}

/// Reads a request body under a size limit and a deadline.
enum BodyReader {
    /// The whole body. 413 when its announced length or the bytes read pass `limit`; 408 when
    /// the deadline passes while reading (a slow client: checked as each part arrives, and the
    /// connection's idle timeout closes a client that sends nothing).
    static func collect(
        _ request: Request, limit: Int, deadline: ContinuousClock.Instant, timeout: Double
    ) async throws(ServiceError) -> ByteBuffer {
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit {
            throw tooLarge(limit)
        }
        var collected = ByteBuffer()
        do {
            for try await part in request.body {
                if collected.readableBytes + part.readableBytes > limit { throw tooLarge(limit) }
                var part = part
                collected.writeBuffer(&part)
                if ContinuousClock.now > deadline { throw timedOut(timeout) }
            }
        } catch let error as ServiceError {
            throw error
        } catch {
            throw ServiceError(.badRequest, "the request body could not be read")
        }
        return collected
    }

    static func tooLarge(_ limit: Int) -> ServiceError {
        ServiceError(.contentTooLarge, "request body larger than \(limit) bytes (--max-body-bytes)")
    }

    static func timedOut(_ seconds: Double) -> ServiceError {
        ServiceError(.requestTimeout, "request not complete within \(JSONText.number(seconds)) s (--request-timeout)")
    }
}
