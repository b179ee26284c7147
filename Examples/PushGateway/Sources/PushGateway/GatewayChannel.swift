import Hummingbird
public import HummingbirdCore
public import Logging
public import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 connection with the gateway's guards added to each connection's pipeline:
///
/// ```
/// RequestBytesWatcher → NIO's HTTP/1 codec → HTTPVersionHandler → HTTP types codec
///     → RequestReadDeadlineHandler → Hummingbird's idle timeout → the routes
/// ```
///
/// Hummingbird's own settings do the rest: its idle timeout (`HTTP1Channel.Configuration`), its
/// connection limit (`MaximumAvailableConnections`), its header size limits, and NIO's parser, which
/// refuses smuggling attempts and bad chunk sizes.
public struct GatewayChannel: ServerChildChannel {
    /// The connection as Hummingbird serves it: HTTP request parts in, response parts out.
    public typealias Value = HTTP1Channel.Value

    let http1: HTTP1Channel

    /// A connection for `responder` with the timeouts of `configuration`; `connections` (shared by every
    /// connection) closes idle ones at the limit, and `metrics` counts the connections the gateway closes.
    public init(
        responder: @escaping HTTPChannelHandler.Responder,
        configuration: GatewayConfiguration,
        connections: IdleConnections? = nil,
        metrics: GatewayMetrics? = nil
    ) {
        let headerTimeout = TimeAmount(configuration.headerTimeout)
        let bodyReadTimeout = TimeAmount(configuration.bodyReadTimeout)
        http1 = HTTP1Channel(
            responder: responder,
            configuration: HTTP1Channel.Configuration(
                additionalChannelHandlers: [
                    RequestReadDeadlineHandler(
                        headerTimeout: headerTimeout,
                        bodyReadTimeout: bodyReadTimeout,
                        connections: connections,
                        onDeadline: { reason in metrics?.recordClose(reason) }
                    )
                ],
                idleTimeout: TimeAmount(configuration.idleTimeout)
            )
        )
    }

    /// Sets up Hummingbird's pipeline, then puts the watcher in front and the version handler after
    /// NIO's request decoder.
    public func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        http1.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let operations = channel.pipeline.syncOperations
            try operations.addHandler(RequestBytesWatcher(), position: .first)
            let decoder = try operations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try operations.addHandler(HTTPVersionHandler(), position: .after(decoder))
            return value
        }
    }

    /// Serves the connection's requests as Hummingbird does.
    public func handle(value: Value, logger: Logger) async {
        await http1.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1 with the gateway's guards (``GatewayChannel``); with `metrics`, idle connections make room at the
    /// connection limit (``IdleConnections``) and the connections the gateway closes are counted.
    public static func gateway(
        _ configuration: GatewayConfiguration,
        metrics: GatewayMetrics? = nil
    ) -> HTTPServerBuilder {
        let connections = IdleConnections(limit: configuration.maximumConnections) {
            metrics?.recordClose(.idleAtLimit)
        }
        return HTTPServerBuilder { responder in
            GatewayChannel(
                responder: responder,
                configuration: configuration,
                connections: connections,
                metrics: metrics
            )
        }
    }
}
