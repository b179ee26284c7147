import ArgumentParser
import Hummingbird
import Logging
import NIOCore
import NIOPosix
import PushGateway
import PushPayloads

/// `push-gateway`: serves the gateway's routes until SIGTERM or SIGINT, then shuts down gracefully.
@main
struct PushGatewayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push-gateway",
        abstract: "Inspect and classify push payloads and send requests over HTTP.",
        discussion: """
            Routes: POST /v1/inspect (one payload or send request, application/json), POST /v1/classify \
            (JSON Lines in and out, streamed), POST /v1/echo, GET /health, GET /metrics (Prometheus).

            Connections are guarded: one idle between requests is closed after --idle-timeout, a request \
            head must arrive within --header-timeout of its first byte, a body may not stall for longer \
            than --body-timeout, at most --max-connections are open at once (more wait to be accepted), \
            and on SIGTERM or SIGINT the requests in flight get --shutdown-timeout to finish. Times are \
            in seconds (0.5 is half a second).

            Each option can also be set in the environment: PUSH_GATEWAY_HOSTNAME, PUSH_GATEWAY_PORT, \
            PUSH_GATEWAY_MAX_BODY_BYTES, PUSH_GATEWAY_MAX_DEPTH, PUSH_GATEWAY_PARSER_POOL_SIZE, \
            PUSH_GATEWAY_IDLE_TIMEOUT, PUSH_GATEWAY_HEADER_TIMEOUT, PUSH_GATEWAY_BODY_TIMEOUT, \
            PUSH_GATEWAY_MAX_CONNECTIONS, PUSH_GATEWAY_SHUTDOWN_TIMEOUT and PUSH_GATEWAY_LOG_LEVEL. An \
            option given on the command line wins over the environment.
            """,
        version: pushPayloadsVersion
    )

    @Option(help: "The address to listen on. (default: 127.0.0.1)")
    var hostname: String?

    @Option(help: "The port to listen on; 0 lets the system choose. (default: 8080)")
    var port: Int?

    @Option(
        name: .customLong("max-body-bytes"),
        help:
            "The largest body /v1/inspect and /v1/echo accept, and the longest line /v1/classify accepts. (default: 1048576)"
    )
    var maximumBodyBytes: Int?

    @Option(name: .customLong("max-depth"), help: "The deepest nesting a payload may have. (default: 128)")
    var maximumDepth: Int?

    @Option(
        name: .customLong("parser-pool-size"),
        help: "How many parsers are kept for reuse; 0 gives every request a fresh one. (default: 64)"
    )
    var parserPoolCapacity: Int?

    @Option(
        name: .customLong("idle-timeout"),
        help: "Seconds a connection may wait between requests before it is closed. (default: 60)"
    )
    var idleTimeout: String?

    @Option(
        name: .customLong("header-timeout"),
        help: "Seconds a request's head may take to arrive from its first byte. (default: 10)"
    )
    var headerTimeout: String?

    @Option(
        name: .customLong("body-timeout"),
        help: "Seconds a request body may go without a byte arriving. (default: 30)"
    )
    var bodyReadTimeout: String?

    @Option(
        name: .customLong("max-connections"),
        help: "The most connections open at once; more wait to be accepted. (default: 512)"
    )
    var maximumConnections: Int?

    @Option(
        name: .customLong("shutdown-timeout"),
        help: "Seconds the requests in flight get to finish after SIGTERM or SIGINT. (default: 20)"
    )
    var shutdownTimeout: String?

    @Option(help: "trace, debug, info, notice, warning, error or critical. (default: info)")
    var logLevel: String?

    /// Makes NIO's event loops Swift concurrency's global executor, then runs the command.
    ///
    /// Hummingbird serves each connection in a task, and the task's jobs went to the default global executor:
    /// every request woke one of its threads to run the route and handed the answer back to the event loop,
    /// three context switches a request (`perf stat`, issue 36). With the event loops as the executor, a job
    /// enqueued on an event loop's thread stays on that loop, so a request is read, answered and written on
    /// its connection's own event loop: one `epoll_wait`, one `read`, one `writev` a request (`strace -c`).
    /// The routes' synchronous stretches are short (an inspection is tens of microseconds; `/v1/classify`
    /// yields between buffers), so they do not hold up the loop's other connections for long.
    ///
    /// NIO asks for this to be done once, on the main thread, before anything else runs: the first
    /// statement of an async `main` runs there.
    static func main() async {
        NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        await main(nil)
    }

    func run() async throws {
        let environment = Environment()
        var configuration: GatewayConfiguration
        do {
            configuration = try GatewayConfiguration().applying(environment: environmentValues(environment))
        } catch {
            throw ValidationError(error.description)
        }
        if let hostname { configuration.hostname = hostname }
        if let port { configuration.port = port }
        if let maximumBodyBytes { configuration.maximumBodyBytes = maximumBodyBytes }
        if let maximumDepth { configuration.maximumDepth = maximumDepth }
        if let parserPoolCapacity { configuration.parserPoolCapacity = parserPoolCapacity }
        if let maximumConnections { configuration.maximumConnections = maximumConnections }
        do {
            try configuration.setTimeouts(
                idle: idleTimeout,
                header: headerTimeout,
                bodyRead: bodyReadTimeout,
                shutdown: shutdownTimeout,
                names: .options
            )
            try configuration.validate(names: .options)
        } catch {
            throw ValidationError(error.description)
        }
        let level: Logger.Level
        if let logLevel {
            guard let parsed = Logger.Level(rawValue: logLevel) else {
                throw ValidationError("--log-level is \"\(logLevel)\", but must be one of \(Self.levelNames)")
            }
            level = parsed
        } else if let text = environment.get("PUSH_GATEWAY_LOG_LEVEL"), !text.isEmpty {
            guard let parsed = Logger.Level(rawValue: text) else {
                throw ValidationError("PUSH_GATEWAY_LOG_LEVEL is \"\(text)\", but must be one of \(Self.levelNames)")
            }
            level = parsed
        } else {
            level = .info
        }

        LoggingSystem.bootstrap { label in GatewayLogHandler(label: label) }
        var logger = Logger(label: "push-gateway")
        logger.logLevel = level
        logger.info(
            "starting",
            metadata: [
                "hostname": "\(configuration.hostname)",
                "port": "\(configuration.port)",
                "max_body_bytes": "\(configuration.maximumBodyBytes)",
                "max_depth": "\(configuration.maximumDepth)",
                "parser_pool_size": "\(configuration.parserPoolCapacity)",
                "idle_timeout": "\(GatewayConfiguration.secondsText(configuration.idleTimeout))",
                "header_timeout": "\(GatewayConfiguration.secondsText(configuration.headerTimeout))",
                "body_timeout": "\(GatewayConfiguration.secondsText(configuration.bodyReadTimeout))",
                "max_connections": "\(configuration.maximumConnections)",
                "shutdown_timeout": "\(GatewayConfiguration.secondsText(configuration.shutdownTimeout))",
            ]
        )
        let app = buildApplication(configuration: configuration, logger: logger)
        try await runGateway(app, configuration: configuration, logger: logger)
        logger.info("stopped")
    }

    private func environmentValues(_ environment: Environment) -> [String: String] {
        let names = GatewayConfiguration.SettingNames.environment
        var values: [String: String] = [:]
        for name in names.all {
            values[name] = environment.get(name)
        }
        return values
    }

    private static var levelNames: String { Logger.Level.allCases.map(\.rawValue).joined(separator: ", ") }
}
