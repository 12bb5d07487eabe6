import Dispatch
import Hummingbird
import Logging
import Synchronization

/// Around every request: the in-flight limit for the measuring routes (503 with `Retry-After`
/// past it), errors as `{"error": "…"}`, the request's metrics and its log line.
struct ServiceMiddleware<Context: RequestContext>: RouterMiddleware {
    let core: ServiceCore

    /// The routes, as metrics label them (anything else is `other`).
    static func route(_ path: String) -> String {
        switch path {
        case "/v1/measure", "/v1/measure/batch", "/healthz", "/metrics", "/", "/chat": path
        case _ where path.hasPrefix("/assets/"): "/assets"
        case _ where path.hasPrefix("/fonts/"): "/fonts"
        default: "other"
        }
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = DispatchTime.now().uptimeNanoseconds
        let route = Self.route(request.uri.path)
        let limited = route == "/v1/measure" || route == "/v1/measure/batch"
        if limited, !core.enter() {
            var refusal = ServiceError(
                .serviceUnavailable,
                "too many requests in flight (\(core.configuration.maxInFlight), --max-in-flight); retry after 1 s")
            refusal.headers[.retryAfter] = "1"
            finish(request, context: context, route: route, status: refusal.status, start: start)
            return refusal.response
        }
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as ServiceError {
            response = error.response
        } catch let error as HTTPError {
            response = Self.refusal(error, request: request).response
        } catch {
            context.logger.error("request failed", metadata: ["error": "\(String(describing: error))"])
            response = ServiceError(.internalServerError, "internal error").response
        }
        guard limited else {
            finish(request, context: context, route: route, status: response.status, start: start)
            return response
        }
        if response.status == .ok && route == "/v1/measure/batch" {
            // A batch streams after the handler returns: its place and its time end with the stream.
            let body = response.body
            let status = response.status
            let core = self.core
            let logger = context.logger
            // Released when the stream ends, or when the response is dropped unwritten (a
            // connection closed first): the place is never lost.
            let place = StreamPlace {
                core.leave()
                Self.record(core: core, logger: logger, request: request, route: route, status: status, start: start)
            }
            response.body = ResponseBody { writer in
                defer { place.release() }
                try await body.write(writer)
            }
            return response
        }
        core.leave()
        finish(request, context: context, route: route, status: response.status, start: start)
        return response
    }

    private func finish(
        _ request: Request, context: Context, route: String, status: HTTPResponse.Status, start: UInt64
    ) {
        Self.record(core: core, logger: context.logger, request: request, route: route, status: status, start: start)
    }

    private static func record(
        core: ServiceCore, logger: Logger, request: Request, route: String, status: HTTPResponse.Status,
        start: UInt64
    ) {
        let nanoseconds = Int64(DispatchTime.now().uptimeNanoseconds - start)
        core.metrics.request(route: route, status: status.code, nanoseconds: nanoseconds)
        let level: Logger.Level = status.code >= 500 ? .error : .debug
        if logger.logLevel <= level {
            logger.log(
                level: level, "request",
                metadata: [
                    "method": "\(request.method.rawValue)", "path": "\(request.uri.path)", "status": "\(status.code)",
                    "duration_us": "\(nanoseconds / 1000)",
                ])
        }
    }

    /// Hummingbird's own refusals (no such route, …) in the service's shape.
    static func refusal(_ error: HTTPError, request: Request) -> ServiceError {
        if error.status == .notFound {
            return ServiceError(
                .notFound,
                "no route \(request.method.rawValue) \(request.uri.path) (routes: POST /v1/measure, POST /v1/measure/batch, GET /healthz, GET /metrics, GET /, GET /chat, GET /assets/NAME, GET /fonts/NAME)"
            )
        }
        return ServiceError(error.status, error.body ?? error.status.reasonPhrase)
    }
}

/// A streamed response's place among the requests in flight: `release` runs its closure once,
/// at the end of the stream or, failing that, when the response holding it is dropped.
final class StreamPlace: Sendable {
    private let released = Atomic<Bool>(false)
    private let onRelease: @Sendable () -> Void

    init(_ onRelease: @escaping @Sendable () -> Void) { self.onRelease = onRelease }

    func release() {
        if !released.exchange(true, ordering: .acquiringAndReleasing) { onRelease() }
    }

    deinit { release() }
}
