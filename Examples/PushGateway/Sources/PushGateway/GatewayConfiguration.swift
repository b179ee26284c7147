public import PushPayloads

/// How a gateway listens and what it accepts: the address, the body limit, the nesting limit, the
/// parser pool's size, and how long and how many connections it holds (`docs/threat-model.md` lists
/// the attack each limit answers). A value: build it from options and environment, then hand it to
/// ``buildApplication(configuration:logger:)``.
public struct GatewayConfiguration: Sendable, Equatable {
    /// The address to listen on: `127.0.0.1` unless told otherwise, so nothing is exposed by accident.
    public var hostname: String
    /// The port to listen on; `0` lets the system choose.
    public var port: Int
    /// The largest body `/v1/inspect` and `/v1/echo` accept, and the longest line `/v1/classify`
    /// accepts, in bytes. Larger bodies are answered with 413; longer lines with a `too_large` record.
    public var maximumBodyBytes: Int
    /// The deepest nesting of objects and arrays a payload may have.
    public var maximumDepth: Int
    /// How many parsers the pool keeps for reuse; `0` gives every request a fresh parser (see
    /// ``ParserPool``).
    public var parserPoolCapacity: Int
    /// How long a connection may sit between requests (and before its first) without a byte of a
    /// request arriving before the gateway closes it.
    public var idleTimeout: Duration
    /// How long a request's head (request line and headers) may take to arrive, from its first byte;
    /// a client that sends it a byte at a time (slowloris) is closed when it runs out.
    public var headerTimeout: Duration
    /// How long a request body may go without a byte arriving before the gateway closes the connection.
    public var bodyReadTimeout: Duration
    /// The most connections open at once; more wait in the listen backlog until one closes.
    public var maximumConnections: Int
    /// How long, after SIGTERM or SIGINT, the requests in flight may take to finish before the gateway
    /// cancels them and exits.
    public var shutdownTimeout: Duration

    /// The default idle timeout: 60 seconds, longer than the keep-alive of common clients and proxies.
    public static let defaultIdleTimeout = Duration.seconds(60)
    /// The default head timeout: 10 seconds.
    public static let defaultHeaderTimeout = Duration.seconds(10)
    /// The default body read timeout: 30 seconds without a byte.
    public static let defaultBodyReadTimeout = Duration.seconds(30)
    /// The default connection limit: 512, well under the 1,024 descriptors a process gets by default.
    public static let defaultMaximumConnections = 512
    /// The default shutdown deadline: 20 seconds, inside the 30 seconds a container orchestrator
    /// usually waits before it kills.
    public static let defaultShutdownTimeout = Duration.seconds(20)

    /// The default body limit: 1 MiB.
    public static let defaultMaximumBodyBytes = 1_048_576
    /// The default pool size: enough for every thread of a large machine to hold one parser at once.
    public static let defaultParserPoolCapacity = 64

    /// Creates a configuration.
    public init(
        hostname: String = "127.0.0.1",
        port: Int = 8080,
        maximumBodyBytes: Int = Self.defaultMaximumBodyBytes,
        maximumDepth: Int = PushPayloadLimits.default.maximumDepth,
        parserPoolCapacity: Int = Self.defaultParserPoolCapacity,
        idleTimeout: Duration = Self.defaultIdleTimeout,
        headerTimeout: Duration = Self.defaultHeaderTimeout,
        bodyReadTimeout: Duration = Self.defaultBodyReadTimeout,
        maximumConnections: Int = Self.defaultMaximumConnections,
        shutdownTimeout: Duration = Self.defaultShutdownTimeout
    ) {
        self.hostname = hostname
        self.port = port
        self.maximumBodyBytes = maximumBodyBytes
        self.maximumDepth = maximumDepth
        self.parserPoolCapacity = parserPoolCapacity
        self.idleTimeout = idleTimeout
        self.headerTimeout = headerTimeout
        self.bodyReadTimeout = bodyReadTimeout
        self.maximumConnections = maximumConnections
        self.shutdownTimeout = shutdownTimeout
    }

    /// The limits every payload is parsed with: the body limit and the nesting limit.
    public var limits: PushPayloadLimits {
        PushPayloadLimits(maximumPayloadBytes: maximumBodyBytes, maximumDepth: maximumDepth)
    }
}

extension GatewayConfiguration {
    /// What each setting is called where it came from, for messages: the command's options or the
    /// environment variables.
    public struct SettingNames: Sendable {
        /// The hostname's name.
        public var hostname: String
        /// The port's name.
        public var port: String
        /// The body limit's name.
        public var maximumBodyBytes: String
        /// The nesting limit's name.
        public var maximumDepth: String
        /// The pool size's name.
        public var parserPoolCapacity: String
        /// The idle timeout's name.
        public var idleTimeout: String
        /// The head timeout's name.
        public var headerTimeout: String
        /// The body read timeout's name.
        public var bodyReadTimeout: String
        /// The connection limit's name.
        public var maximumConnections: String
        /// The shutdown deadline's name.
        public var shutdownTimeout: String

        /// The `push-gateway` command's options.
        public static let options = SettingNames(
            hostname: "--hostname",
            port: "--port",
            maximumBodyBytes: "--max-body-bytes",
            maximumDepth: "--max-depth",
            parserPoolCapacity: "--parser-pool-size",
            idleTimeout: "--idle-timeout",
            headerTimeout: "--header-timeout",
            bodyReadTimeout: "--body-timeout",
            maximumConnections: "--max-connections",
            shutdownTimeout: "--shutdown-timeout"
        )

        /// The environment variables ``GatewayConfiguration/applying(environment:)`` reads, each the
        /// counterpart of an option.
        public static let environment = SettingNames(
            hostname: "PUSH_GATEWAY_HOSTNAME",
            port: "PUSH_GATEWAY_PORT",
            maximumBodyBytes: "PUSH_GATEWAY_MAX_BODY_BYTES",
            maximumDepth: "PUSH_GATEWAY_MAX_DEPTH",
            parserPoolCapacity: "PUSH_GATEWAY_PARSER_POOL_SIZE",
            idleTimeout: "PUSH_GATEWAY_IDLE_TIMEOUT",
            headerTimeout: "PUSH_GATEWAY_HEADER_TIMEOUT",
            bodyReadTimeout: "PUSH_GATEWAY_BODY_TIMEOUT",
            maximumConnections: "PUSH_GATEWAY_MAX_CONNECTIONS",
            shutdownTimeout: "PUSH_GATEWAY_SHUTDOWN_TIMEOUT"
        )

        /// Every variable, for reading them from the environment.
        public var all: [String] {
            [
                hostname, port, maximumBodyBytes, maximumDepth, parserPoolCapacity, idleTimeout, headerTimeout,
                bodyReadTimeout, maximumConnections, shutdownTimeout,
            ]
        }
    }

    /// A setting that is not a number, or out of range.
    public struct InvalidSetting: Error, Sendable, CustomStringConvertible {
        /// The option or variable.
        public var name: String
        /// What it was given.
        public var value: String
        /// What it must be.
        public var requirement: String

        /// Creates the error.
        public init(name: String, value: String, requirement: String) {
            self.name = name
            self.value = value
            self.requirement = requirement
        }

        /// For example `PUSH_GATEWAY_PORT is "http", but must be a whole number`.
        public var description: String { "\(name) is \"\(value)\", but must be \(requirement)" }
    }

    /// The configuration with the `PUSH_GATEWAY_*` variables set (and not empty) in `environment`
    /// applied over it, checked.
    public func applying(environment: [String: String]) throws(InvalidSetting) -> GatewayConfiguration {
        let names = SettingNames.environment
        var configuration = self
        if let hostname = environment[names.hostname], !hostname.isEmpty {
            configuration.hostname = hostname
        }
        if let port = try Self.integer(environment, names.port) {
            configuration.port = port
        }
        if let bytes = try Self.integer(environment, names.maximumBodyBytes) {
            configuration.maximumBodyBytes = bytes
        }
        if let depth = try Self.integer(environment, names.maximumDepth) {
            configuration.maximumDepth = depth
        }
        if let size = try Self.integer(environment, names.parserPoolCapacity) {
            configuration.parserPoolCapacity = size
        }
        if let connections = try Self.integer(environment, names.maximumConnections) {
            configuration.maximumConnections = connections
        }
        func nonEmpty(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        try configuration.setTimeouts(
            idle: nonEmpty(names.idleTimeout),
            header: nonEmpty(names.headerTimeout),
            bodyRead: nonEmpty(names.bodyReadTimeout),
            shutdown: nonEmpty(names.shutdownTimeout),
            names: names
        )
        try configuration.validate(names: names)
        return configuration
    }

    /// Checks that every setting is in range, naming a setting that is not as `names` does.
    public func validate(names: SettingNames = .options) throws(InvalidSetting) {
        guard !hostname.isEmpty else {
            throw InvalidSetting(name: names.hostname, value: hostname, requirement: "a hostname or an address")
        }
        guard (0...65_535).contains(port) else {
            throw InvalidSetting(name: names.port, value: "\(port)", requirement: "a port number, 0 to 65535")
        }
        guard maximumBodyBytes >= 1 && maximumBodyBytes < Int(UInt32.max) else {
            throw InvalidSetting(
                name: names.maximumBodyBytes,
                value: "\(maximumBodyBytes)",
                requirement: "a number of bytes, 1 to 4294967294"
            )
        }
        guard (1...100_000).contains(maximumDepth) else {
            throw InvalidSetting(name: names.maximumDepth, value: "\(maximumDepth)", requirement: "1 to 100000")
        }
        guard parserPoolCapacity >= 0 else {
            throw InvalidSetting(
                name: names.parserPoolCapacity,
                value: "\(parserPoolCapacity)",
                requirement: "0 (no reuse) or more"
            )
        }
        guard (1...1_000_000).contains(maximumConnections) else {
            throw InvalidSetting(
                name: names.maximumConnections,
                value: "\(maximumConnections)",
                requirement: "1 to 1000000"
            )
        }
        for (timeout, name) in [
            (idleTimeout, names.idleTimeout), (headerTimeout, names.headerTimeout),
            (bodyReadTimeout, names.bodyReadTimeout), (shutdownTimeout, names.shutdownTimeout),
        ] {
            guard timeout >= Self.shortestTimeout && timeout <= Self.longestTimeout else {
                throw InvalidSetting(
                    name: name,
                    value: Self.secondsText(timeout),
                    requirement: "a number of seconds, 0.01 to 86400"
                )
            }
        }
    }

    static let shortestTimeout = Duration.milliseconds(10)
    static let longestTimeout = Duration.seconds(86_400)

    /// A duration given as seconds, such as `60` or `0.5`.
    public static func duration(seconds text: String) -> Duration? {
        guard let seconds = Double(text), seconds.isFinite, seconds >= 0, seconds <= 1e9 else { return nil }
        return .milliseconds(Int64((seconds * 1_000).rounded()))
    }

    /// A duration as seconds, for messages and logs: `60`, `0.5`.
    public static func secondsText(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000
        if milliseconds % 1_000 == 0 { return "\(milliseconds / 1_000)" }
        return "\(Double(milliseconds) / 1_000)"
    }

    /// Sets the timeouts given as seconds (`60`, `0.5`), leaving those that are `nil`; a text that is not
    /// a number of seconds is an error naming the setting as `names` does.
    public mutating func setTimeouts(
        idle: String?,
        header: String?,
        bodyRead: String?,
        shutdown: String?,
        names: SettingNames
    ) throws(InvalidSetting) {
        for (text, name, setting) in [
            (idle, names.idleTimeout, \GatewayConfiguration.idleTimeout),
            (header, names.headerTimeout, \.headerTimeout), (bodyRead, names.bodyReadTimeout, \.bodyReadTimeout),
            (shutdown, names.shutdownTimeout, \.shutdownTimeout),
        ] {
            guard let text else { continue }
            guard let value = Self.duration(seconds: text) else {
                throw InvalidSetting(name: name, value: text, requirement: "a number of seconds, 0.01 to 86400")
            }
            self[keyPath: setting] = value
        }
    }

    private static func integer(_ environment: [String: String], _ name: String) throws(InvalidSetting) -> Int? {
        guard let text = environment[name], !text.isEmpty else { return nil }
        guard let value = Int(text) else {
            throw InvalidSetting(name: name, value: text, requirement: "a whole number")
        }
        return value
    }
}
