import Foundation
import PushPayloads
import Testing

#if canImport(Glibc)
import Glibc
#endif

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

    /// One version for the package and its tools: the gateway prints the library's.
    @Test func printsTheLibraryVersion() throws {
        let run = try Self.run(["--version"])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output == pushPayloadsVersion + "\n")
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

    /// A running gateway and the port it listens on.
    struct Server {
        var process: Process
        var port: Int
    }

    /// Starts the executable on a port the system chooses, with `arguments`, and waits until it
    /// listens (at most 30 s). Its output goes to a pipe that is read until then.
    static func start(_ arguments: [String]) throws -> Server {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--port", "0", "--log-level", "info"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        var output = ""
        let marker = "listening on 127.0.0.1:"
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if let range = output.range(of: marker), output[range.upperBound...].contains("\n") { break }
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            output += String(decoding: chunk, as: UTF8.self)
        }
        guard let range = output.range(of: marker), let port = Int(output[range.upperBound...].prefix { $0.isNumber })
        else {
            process.terminate()
            throw RawConnection.Failure(description: "the gateway did not start: \(output)")
        }
        return Server(process: process, port: port)
    }

    /// SIGTERM with an upload that never ends: the gateway waits the shutdown deadline, then cuts it and
    /// exits, instead of waiting for ever. The upload is one line, then nothing.
    @Test func shutdownDeadlineCutsAnEndlessUpload() throws {
        let server = try Self.start(["--shutdown-timeout", "1", "--body-timeout", "60"])
        let process = server.process
        defer { if process.isRunning { process.interrupt() } }
        let upload = try RawConnection(port: server.port)
        upload.send(
            "POST /v1/classify HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-ndjson\r\n"
                + "Transfer-Encoding: chunked\r\n\r\nd\r\n{\"mcID\":\"a\"}\n\r\n"
        )
        #expect(upload.receiveBlocking(within: 2, until: "mcID").text.contains("HTTP/1.1 200"))
        let start = Date()
        process.terminate()  // SIGTERM
        while process.isRunning && Date().timeIntervalSince(start) < 15 { usleep(50_000) }
        let seconds = Date().timeIntervalSince(start)
        #expect(!process.isRunning, "still running 15 s after SIGTERM")
        #expect(seconds >= 0.9 && seconds < 8, "stopped after \(seconds) s")
        #expect(upload.receiveBlocking(within: 2).closed)
    }

    /// More connections than `--max-connections` wait to be accepted: the one over the limit is
    /// answered only once another closes.
    @Test func connectionsOverTheLimitWait() throws {
        let server = try Self.start(["--max-connections", "2"])
        defer { server.process.terminate() }
        let first = try RawConnection(port: server.port)
        let second = try RawConnection(port: server.port)
        _ = first.receiveBlocking(within: 0.2)
        _ = second.receiveBlocking(within: 0.2)
        let third = try RawConnection(port: server.port)
        third.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(third.receiveBlocking(within: 1).text.isEmpty, "answered over the limit")
        first.send("GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(first.receiveBlocking(within: 2).closed)
        first.hangUp()  // the gateway only half-closes; the slot is free once the client closes too
        #expect(third.receiveBlocking(within: 3, until: "ok").text.hasPrefix("HTTP/1.1 200"))
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
