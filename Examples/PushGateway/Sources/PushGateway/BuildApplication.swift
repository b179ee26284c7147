public import Hummingbird
import HummingbirdCore
public import Logging
import PushPayloads
public import PushRequests
import ServiceLifecycle
import UnixSignals

/// The gateway's router: the request metrics middleware, then the routes of ``GatewayController``.
///
/// - Parameters:
///   - configuration: The limits and the parser pool's size.
///   - metrics: Where requests are counted; `GET /metrics` writes its registry.
///   - inspector: What `/v1/inspect` runs; its registry also decodes `/v1/classify`'s lines.
public func buildRouter(
    configuration: GatewayConfiguration,
    metrics: GatewayMetrics,
    inspector: PushInspector = PushInspector()
) -> Router<BasicRequestContext> {
    let router = Router(context: BasicRequestContext.self)
    router.add(middleware: RequestMetricsMiddleware(metrics: metrics))
    GatewayController(configuration: configuration, metrics: metrics, inspector: inspector).addRoutes(to: router)
    return router
}

/// The gateway as a Hummingbird application, listening where `configuration` says, with its
/// connection guards: the idle, head and body timeouts (``GatewayChannel``) and the connection limit.
///
/// ``runGateway(_:configuration:logger:)`` runs it until SIGTERM or SIGINT with the shutdown deadline
/// (Hummingbird runs the application as a swift-service-lifecycle service, so a team can add its own
/// services to the same group).
///
/// ```swift
/// let configuration = GatewayConfiguration(port: 8080)
/// let app = buildApplication(configuration: configuration, logger: logger)
/// try await runGateway(app, configuration: configuration, logger: logger)
/// ```
public func buildApplication(configuration: GatewayConfiguration, logger: Logger) -> some ApplicationProtocol {
    let inspector = PushInspector()
    let metrics = GatewayMetrics(vendors: inspector.registry.vendors)
    return Application(
        router: buildRouter(configuration: configuration, metrics: metrics, inspector: inspector),
        server: .gateway(configuration, metrics: metrics),
        configuration: ApplicationConfiguration(
            address: .hostname(configuration.hostname, port: configuration.port),
            serverName: nil,
            availableConnectionsDelegate: MaximumAvailableConnections(configuration.maximumConnections)
        ),
        logger: logger
    )
}

/// Runs `app` until SIGTERM or SIGINT, then shuts down gracefully: it stops accepting connections,
/// closes the idle ones, and lets the requests in flight finish for up to the configuration's shutdown
/// deadline; then it cancels them (an endless upload is cut) and returns.
public func runGateway(
    _ app: some ApplicationProtocol,
    configuration: GatewayConfiguration,
    logger: Logger
) async throws {
    var group = ServiceGroupConfiguration(
        services: [app],
        gracefulShutdownSignals: [.sigterm, .sigint],
        logger: logger
    )
    group.maximumGracefulShutdownDuration = configuration.shutdownTimeout
    // Cancelled requests end at once (their connection's input is closed); this only bounds a service
    // that does not.
    group.maximumCancellationDuration = .seconds(5)
    try await ServiceGroup(configuration: group).run()
}
