public import Metrics
public import Prometheus
public import PushPayloads

/// The gateway's metrics: one ``RouteMetrics`` per route, recorded through swift-metrics into a
/// Prometheus registry of the gateway's own, which `GET /metrics` writes out.
///
/// The factory is passed explicitly, never bootstrapped globally (`MetricsSystem.bootstrap`), so an
/// application embedding the gateway keeps its own metrics backend, and every test gets fresh counts.
public struct GatewayMetrics: Sendable {
    /// The registry `GET /metrics` emits.
    public let registry: PrometheusCollectorRegistry
    /// `POST /v1/inspect`.
    public let inspect: RouteMetrics
    /// `POST /v1/classify`.
    public let classify: RouteMetrics
    /// `POST /v1/echo`.
    public let echo: RouteMetrics
    /// `GET /health`.
    public let health: RouteMetrics
    /// `GET /metrics`.
    public let metrics: RouteMetrics
    /// `GET /openapi.json`.
    public let openAPI: RouteMetrics
    /// Every other request (404s).
    public let other: RouteMetrics
    /// `push_gateway_connections_closed_total{reason}`: connections the gateway closed before their client did,
    /// by reason: `head_timeout`, `body_timeout`, or `idle_at_limit` (an idle keep-alive connection closed to
    /// make room at the connection limit, ``IdleConnections``). None of them reaches `requests_total`: no
    /// request was answered.
    public let connectionsClosed: [ConnectionCloseReason: Metrics.Counter]

    /// Why the gateway closed a connection itself.
    public enum ConnectionCloseReason: String, Sendable, CaseIterable {
        /// A request head not whole within the head timeout (``GatewayConfiguration/headerTimeout``).
        case headTimeout = "head_timeout"
        /// A body without a byte for the body read timeout (``GatewayConfiguration/bodyReadTimeout``).
        case bodyTimeout = "body_timeout"
        /// An idle keep-alive connection closed at the connection limit (``IdleConnections``).
        case idleAtLimit = "idle_at_limit"
    }

    /// Counts a connection closed for `reason`.
    public func recordClose(_ reason: ConnectionCloseReason) {
        connectionsClosed[reason]?.increment()
    }

    /// Latency buckets for a service that answers in microseconds: 50 µs to 10 s.
    public static let durationBuckets: [Duration] = [
        .microseconds(50), .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1),
        .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
        .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .milliseconds(2_500),
        .seconds(5), .seconds(10),
    ]

    /// Creates the metrics in `registry`, with vendor counters made up front for `vendors`.
    public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry(), vendors: [PushVendor]) {
        self.registry = registry
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.durationHistogramBuckets[RouteMetrics.durationLabel] = Self.durationBuckets
        inspect = RouteMetrics(name: "inspect", vendors: vendors, factory: factory)
        classify = RouteMetrics(name: "classify", vendors: vendors, factory: factory)
        echo = RouteMetrics(name: "echo", vendors: [], factory: factory)
        health = RouteMetrics(name: "health", vendors: [], factory: factory)
        metrics = RouteMetrics(name: "metrics", vendors: [], factory: factory)
        openAPI = RouteMetrics(name: "openapi", vendors: [], factory: factory)
        other = RouteMetrics(name: "other", vendors: [], factory: factory)
        var closes: [ConnectionCloseReason: Metrics.Counter] = [:]
        for reason in ConnectionCloseReason.allCases {
            closes[reason] = Metrics.Counter(
                label: "push_gateway_connections_closed_total",
                dimensions: [("reason", reason.rawValue)],
                factory: factory
            )
        }
        connectionsClosed = closes
    }

    /// The metrics of the route whose path is `endpoint` (as the router reports it).
    public func route(endpoint: String?) -> RouteMetrics {
        switch endpoint {
        case GatewayRoutes.inspect: return inspect
        case GatewayRoutes.classify: return classify
        case GatewayRoutes.echo: return echo
        case GatewayRoutes.health: return health
        case GatewayRoutes.metrics: return metrics
        case GatewayRoutes.openAPI: return openAPI
        default: return other
        }
    }

    /// The registry's metrics in the Prometheus text format.
    public func emit(into buffer: inout [UInt8]) {
        registry.emit(into: &buffer)
    }
}
