public import PushPayloads

/// How a gateway listens and what it accepts: the address, the body limit, the nesting limit and the
/// parser pool's size. A value: build it from options and environment, then hand it to
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
        parserPoolCapacity: Int = Self.defaultParserPoolCapacity
    ) {
        self.hostname = hostname
        self.port = port
        self.maximumBodyBytes = maximumBodyBytes
        self.maximumDepth = maximumDepth
        self.parserPoolCapacity = parserPoolCapacity
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

        /// The `push-gateway` command's options.
        public static let options = SettingNames(
            hostname: "--hostname",
            port: "--port",
            maximumBodyBytes: "--max-body-bytes",
            maximumDepth: "--max-depth",
            parserPoolCapacity: "--parser-pool-size"
        )

        /// The environment variables ``GatewayConfiguration/applying(environment:)`` reads, each the
        /// counterpart of an option.
        public static let environment = SettingNames(
            hostname: "PUSH_GATEWAY_HOSTNAME",
            port: "PUSH_GATEWAY_PORT",
            maximumBodyBytes: "PUSH_GATEWAY_MAX_BODY_BYTES",
            maximumDepth: "PUSH_GATEWAY_MAX_DEPTH",
            parserPoolCapacity: "PUSH_GATEWAY_PARSER_POOL_SIZE"
        )
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
    }

    private static func integer(_ environment: [String: String], _ name: String) throws(InvalidSetting) -> Int? {
        guard let text = environment[name], !text.isEmpty else { return nil }
        guard let value = Int(text) else {
            throw InvalidSetting(name: name, value: text, requirement: "a whole number")
        }
        return value
    }
}
