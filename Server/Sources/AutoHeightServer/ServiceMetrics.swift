import CoreMetrics
import Metrics
import Prometheus
import Synchronization

/// The service's metrics, through swift-metrics into a Prometheus registry that `GET /metrics`
/// renders: requests by route and status (a counter and a latency histogram), texts measured,
/// records failed, the style cache's hits, misses, size and hit ratio, requests in flight.
public final class ServiceMetrics: Sendable {
    /// The registry `/metrics` renders.
    public let registry: PrometheusCollectorRegistry
    private let factory: PrometheusMetricsFactory
    private let perRoute = Mutex<[RouteStatus: (CoreMetrics.Counter, CoreMetrics.Timer)]>([:])
    private let measures: CoreMetrics.Counter
    private let failures: CoreMetrics.Counter
    private let cacheHits: CoreMetrics.Counter
    private let cacheMisses: CoreMetrics.Counter
    private let cacheRatio: CoreMetrics.Gauge
    private let cacheSize: CoreMetrics.Gauge
    private let inFlight: CoreMetrics.Gauge
    private let cacheSeen = Mutex<(hits: Int, misses: Int)>((0, 0))

    private struct RouteStatus: Hashable {
        var route: String
        var status: Int
    }

    /// Latency buckets, in seconds: 100 µs to 10 s.
    static let buckets: [Duration] = [
        .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .microseconds(2500),
        .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
        .milliseconds(250), .milliseconds(500), .seconds(1), .milliseconds(2500), .seconds(5), .seconds(10),
    ]

    /// Metrics in a registry of their own (each server, also in tests, has its own).
    public init() {
        registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = Self.buckets
        self.factory = factory
        measures = CoreMetrics.Counter(label: "autoheight_measures_total", factory: factory)
        failures = CoreMetrics.Counter(label: "autoheight_record_errors_total", factory: factory)
        cacheHits = CoreMetrics.Counter(label: "autoheight_style_cache_hits_total", factory: factory)
        cacheMisses = CoreMetrics.Counter(label: "autoheight_style_cache_misses_total", factory: factory)
        cacheRatio = CoreMetrics.Gauge(label: "autoheight_style_cache_hit_ratio", factory: factory)
        cacheSize = CoreMetrics.Gauge(label: "autoheight_style_cache_styles", factory: factory)
        inFlight = CoreMetrics.Gauge(label: "autoheight_requests_in_flight", factory: factory)
    }

    /// One request answered.
    func request(route: String, status: Int, nanoseconds: Int64) {
        let key = RouteStatus(route: route, status: status)
        let (counter, timer) = perRoute.withLock { handlers in
            if let existing = handlers[key] { return existing }
            let dimensions = [("route", route), ("status", String(status))]
            let made = (
                CoreMetrics.Counter(label: "autoheight_http_requests_total", dimensions: dimensions, factory: factory),
                CoreMetrics.Timer(
                    label: "autoheight_http_request_duration_seconds", dimensions: dimensions, factory: factory)
            )
            handlers[key] = made
            return made
        }
        counter.increment()
        timer.recordNanoseconds(nanoseconds)
    }

    func measured(_ count: Int) { if count > 0 { measures.increment(by: count) } }
    func recordFailed(_ count: Int) { if count > 0 { failures.increment(by: count) } }

    /// The Prometheus text, with the cache figures and requests in flight read now.
    func render(cache: (hits: Int, misses: Int, count: Int), inFlight requests: Int) -> [UInt8] {
        cacheSeen.withLock { seen in
            if cache.hits > seen.hits { cacheHits.increment(by: cache.hits - seen.hits) }
            if cache.misses > seen.misses { cacheMisses.increment(by: cache.misses - seen.misses) }
            seen = (max(seen.hits, cache.hits), max(seen.misses, cache.misses))
        }
        let lookups = cache.hits + cache.misses
        cacheRatio.record(lookups == 0 ? 0 : Double(cache.hits) / Double(lookups))
        cacheSize.record(cache.count)
        inFlight.record(requests)
        return registry.emitToBuffer()
    }
}
