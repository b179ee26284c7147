public import Hummingbird
public import Logging
import PushPayloads
public import PushRequests

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

/// The gateway as a Hummingbird application, listening where `configuration` says.
///
/// `runService()` runs it until SIGTERM or SIGINT, then shuts down gracefully: it stops accepting
/// connections and lets the requests in flight finish (Hummingbird runs the application as a
/// swift-service-lifecycle service, so a team can add its own services to the same group).
///
/// ```swift
/// let app = buildApplication(configuration: GatewayConfiguration(port: 8080), logger: logger)
/// try await app.runService()
/// ```
public func buildApplication(configuration: GatewayConfiguration, logger: Logger) -> some ApplicationProtocol {
    let inspector = PushInspector()
    let metrics = GatewayMetrics(vendors: inspector.registry.vendors)
    return Application(
        router: buildRouter(configuration: configuration, metrics: metrics, inspector: inspector),
        configuration: ApplicationConfiguration(
            address: .hostname(configuration.hostname, port: configuration.port),
            serverName: nil
        ),
        logger: logger
    )
}
