import PushGateway
import PushPayloads
import Testing

/// Defaults, the environment, and the ranges.
@Suite struct GatewayConfigurationTests {
    @Test func defaults() {
        let configuration = GatewayConfiguration()
        #expect(configuration.hostname == "127.0.0.1")
        #expect(configuration.port == 8080)
        #expect(configuration.maximumBodyBytes == 1_048_576)
        #expect(configuration.limits.maximumPayloadBytes == 1_048_576)
        #expect(configuration.limits.maximumDepth == 128)
        #expect(configuration.idleTimeout == .seconds(60))
        #expect(configuration.headerTimeout == .seconds(10))
        #expect(configuration.bodyReadTimeout == .seconds(30))
        #expect(configuration.maximumConnections == 512)
        #expect(configuration.shutdownTimeout == .seconds(20))
    }

    /// The connection guards from the environment, in seconds (fractions allowed).
    @Test func connectionGuardsFromTheEnvironment() throws {
        let configuration = try GatewayConfiguration().applying(environment: [
            "PUSH_GATEWAY_IDLE_TIMEOUT": "5",
            "PUSH_GATEWAY_HEADER_TIMEOUT": "0.5",
            "PUSH_GATEWAY_BODY_TIMEOUT": "2.25",
            "PUSH_GATEWAY_MAX_CONNECTIONS": "100",
            "PUSH_GATEWAY_SHUTDOWN_TIMEOUT": "3",
        ])
        #expect(configuration.idleTimeout == .seconds(5))
        #expect(configuration.headerTimeout == .milliseconds(500))
        #expect(configuration.bodyReadTimeout == .milliseconds(2_250))
        #expect(configuration.maximumConnections == 100)
        #expect(configuration.shutdownTimeout == .seconds(3))
        #expect(GatewayConfiguration.secondsText(configuration.bodyReadTimeout) == "2.25")
    }

    @Test func environmentOverridesDefaults() throws {
        let configuration = try GatewayConfiguration().applying(environment: [
            "PUSH_GATEWAY_HOSTNAME": "0.0.0.0",
            "PUSH_GATEWAY_PORT": "9090",
            "PUSH_GATEWAY_MAX_BODY_BYTES": "4096",
            "PUSH_GATEWAY_MAX_DEPTH": "32",
            "PUSH_GATEWAY_PARSER_POOL_SIZE": "0",
            "UNRELATED": "x",
        ])
        #expect(
            configuration
                == GatewayConfiguration(
                    hostname: "0.0.0.0",
                    port: 9_090,
                    maximumBodyBytes: 4_096,
                    maximumDepth: 32,
                    parserPoolCapacity: 0
                )
        )
        #expect(try GatewayConfiguration().applying(environment: ["PUSH_GATEWAY_PORT": ""]).port == 8_080)
    }

    @Test(arguments: [
        ("PUSH_GATEWAY_PORT", "http", #"PUSH_GATEWAY_PORT is "http", but must be a whole number"#),
        ("PUSH_GATEWAY_PORT", "70000", #"PUSH_GATEWAY_PORT is "70000", but must be a port number, 0 to 65535"#),
        (
            "PUSH_GATEWAY_MAX_BODY_BYTES", "0",
            #"PUSH_GATEWAY_MAX_BODY_BYTES is "0", but must be a number of bytes, 1 to 4294967294"#
        ),
        ("PUSH_GATEWAY_MAX_DEPTH", "0", #"PUSH_GATEWAY_MAX_DEPTH is "0", but must be 1 to 100000"#),
        (
            "PUSH_GATEWAY_PARSER_POOL_SIZE", "-1",
            #"PUSH_GATEWAY_PARSER_POOL_SIZE is "-1", but must be 0 (no reuse) or more"#
        ),
        ("PUSH_GATEWAY_MAX_CONNECTIONS", "0", #"PUSH_GATEWAY_MAX_CONNECTIONS is "0", but must be 1 to 1000000"#),
        (
            "PUSH_GATEWAY_IDLE_TIMEOUT", "soon",
            #"PUSH_GATEWAY_IDLE_TIMEOUT is "soon", but must be a number of seconds, 0.01 to 86400"#
        ),
        (
            "PUSH_GATEWAY_HEADER_TIMEOUT", "0",
            #"PUSH_GATEWAY_HEADER_TIMEOUT is "0", but must be a number of seconds, 0.01 to 86400"#
        ),
    ])
    func environmentValuesAreChecked(name: String, value: String, message: String) {
        #expect {
            _ = try GatewayConfiguration().applying(environment: [name: value])
        } throws: { error in
            (error as? GatewayConfiguration.InvalidSetting)?.description == message
        }
    }

    @Test func optionsAreNamedAsOptions() {
        #expect {
            try GatewayConfiguration(port: -1).validate()
        } throws: { error in
            (error as? GatewayConfiguration.InvalidSetting)?.description
                == #"--port is "-1", but must be a port number, 0 to 65535"#
        }
    }
}
