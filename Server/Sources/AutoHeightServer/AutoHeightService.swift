import AutoHeightRecords
import Hummingbird
import Logging
import NIOCore
import NIOPosix

/// The HTTP service: its routes on a Hummingbird application, run until SIGTERM or SIGINT, which
/// stop accepting connections, let the requests in flight finish, and return.
public enum AutoHeightService {
    /// The router: `POST /v1/measure`, `POST /v1/measure/batch`, `GET /healthz`, `GET /metrics`,
    /// and the playground: `GET /`, `GET /chat`, `GET /assets/NAME`, `GET /fonts/NAME`.
    public static func router(core: ServiceCore) -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: ServiceMiddleware(core: core))
        let measure = MeasureEndpoint(core: core)
        let batch = BatchEndpoint(core: core)
        router.post("/v1/measure") { request, _ in try await measure.handle(request) }
        router.post("/v1/measure/batch") { request, _ in try batch.handle(request) }
        router.get("/healthz") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: "{\"status\":\"ok\"}\n")))
        }
        router.get("/metrics") { _, _ in
            let text = core.metrics.render(cache: core.styles.statistics, inFlight: core.requestsInFlight)
            return Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: text)))
        }
        PlaygroundRoutes.add(to: router, core: core)
        return router
    }

    /// Serves until SIGTERM or SIGINT, then drains the requests in flight and returns. The
    /// `listening` log line names the address and the port (the one picked for `--port 0`).
    /// `group`: the event loops (the process's singleton group, `--workers` threads).
    public static func run(core: ServiceCore, group: MultiThreadedEventLoopGroup, logger: Logger) async throws {
        let configuration = core.configuration
        let app = Application(
            router: router(core: core),
            server: .http1(
                configuration: .init(idleTimeout: .milliseconds(Int64(configuration.idleTimeout * 1000)))),
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: "autoheight-server"),
            onServerRunning: { channel in
                logger.info(
                    "listening",
                    metadata: [
                        "host": "\(configuration.host)", "port": "\(channel.localAddress?.port ?? configuration.port)",
                        "workers": "\(configuration.workers)",
                        "font_dirs": "\(core.fonts.roots.joined(separator: ","))",
                    ])
            },
            eventLoopGroupProvider: .shared(group),
            logger: logger
        )
        try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
        logger.info("stopped", metadata: ["requests_in_flight": "\(core.requestsInFlight)"])
    }
}
