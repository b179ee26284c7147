import Foundation
import Testing

/// The `push-gateway` executable itself: it starts from its options and environment, logs where it
/// listens, and exits with status 0 on SIGTERM; bad settings stop it with status 64.
@Suite struct CommandTests {
    /// The executable, built beside the test bundle.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "push-gateway"
        )
    }

    struct Run {
        var status: Int32
        var output: String
    }

    /// Runs the executable until it prints `until` (then sends SIGTERM) or exits by itself.
    static func run(
        _ arguments: [String],
        environment: [String: String] = [:],
        until marker: String? = nil
    ) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        var output = Data()
        let deadline = Date().addingTimeInterval(60)
        if let marker {
            while !String(decoding: output, as: UTF8.self).contains(marker), Date() < deadline {
                let chunk = pipe.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                output.append(chunk)
            }
            process.terminate()  // SIGTERM
        }
        output.append(pipe.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self))
    }

    @Test func startsFromTheEnvironmentAndStopsGracefullyOnSIGTERM() throws {
        let run = try Self.run(
            ["--log-level", "info"],
            environment: ["PUSH_GATEWAY_PORT": "0", "PUSH_GATEWAY_MAX_BODY_BYTES": "4096"],
            until: "Server started and listening on 127.0.0.1:"
        )
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("max_body_bytes=4096"))
        #expect(run.output.contains("Server started and listening on 127.0.0.1:"))
        #expect(run.output.contains("[PushGatewayServer] stopped"))
    }

    @Test(arguments: [
        (["--port", "70000"], [String: String](), #"--port is "70000", but must be a port number, 0 to 65535"#),
        (["--log-level", "loud"], [:], #"--log-level is "loud""#),
        ([], ["PUSH_GATEWAY_MAX_DEPTH": "0"], #"PUSH_GATEWAY_MAX_DEPTH is "0", but must be 1 to 100000"#),
    ])
    func refusesBadSettings(arguments: [String], environment: [String: String], message: String) throws {
        let run = try Self.run(arguments, environment: environment)
        #expect(run.status == 64)
        #expect(run.output.contains(message), "\(run.output)")
    }
}
