import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import PushGateway
import Testing

/// The gateway on a real socket (127.0.0.1 only) against clients that stall, drip, speak HTTP/1.0 or
/// go away (issue 22). Timeouts are set short so each test ends in a few seconds; every loop is bounded.
@Suite(.serialized) struct ConnectionGuardTests {
    /// Short timeouts: what production sets in seconds, here in fractions of one.
    static let quick = GatewayConfiguration(
        port: 0,
        idleTimeout: .milliseconds(400),
        headerTimeout: .milliseconds(400),
        bodyReadTimeout: .milliseconds(400)
    )

    /// Runs `body` with the port of a live gateway.
    static func withGateway(
        _ configuration: GatewayConfiguration = quick,
        logger: Logger = testLogger,
        _ body: @escaping @Sendable (Int) async throws -> Void
    ) async throws {
        let app = buildApplication(configuration: configuration, logger: logger)
        try await app.test(.live) { client in
            try await body(try #require(client.port))
        }
    }

    @Test func anIdleConnectionIsClosed() async throws {
        try await Self.withGateway { port in
            let connection = try RawConnection(port: port)
            let seconds = try #require(await connection.secondsUntilClosed(limit: 5), "still open after 5 s")
            #expect(seconds < 3)
        }
    }

    /// A keep-alive connection that answered a request and then sits idle is closed too.
    @Test func anIdleConnectionAfterARequestIsClosed() async throws {
        try await Self.withGateway { port in
            let connection = try RawConnection(port: port)
            connection.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
            let (text, closed) = await connection.receive(within: 2, until: #"{"status":"ok"}"#)
            #expect(text.hasPrefix("HTTP/1.1 200"))
            #expect(!closed)
            #expect(await connection.secondsUntilClosed(limit: 5) != nil)
        }
    }

    /// Slowloris: a head sent a byte at a time, each byte well inside the idle timeout, is cut at the
    /// head timeout. At most 60 bytes are sent.
    @Test func aHeadSentAByteAtATimeIsCut() async throws {
        var configuration = Self.quick
        configuration.idleTimeout = .seconds(30)
        configuration.headerTimeout = .milliseconds(500)
        try await Self.withGateway(configuration) { port in
            let connection = try RawConnection(port: port)
            let head = Array("GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: " + String(repeating: "a", count: 60))
            let start = Date()
            var cut = false
            for character in head {
                guard connection.send(String(character)) else {
                    cut = true
                    break
                }
                if await connection.receive(within: 0.1).closed {
                    cut = true
                    break
                }
            }
            #expect(cut, "the slow head was never cut")
            #expect(Date().timeIntervalSince(start) < 4)
        }
    }

    /// A body that stops arriving is cut at the body read timeout, and counts as the client's abort.
    @Test func aStalledBodyIsCutAndIsTheClientsFault() async throws {
        var configuration = Self.quick
        configuration.idleTimeout = .seconds(30)
        try await Self.withGateway(configuration) { port in
            let connection = try RawConnection(port: port)
            connection.send(
                "POST /v1/inspect HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"a\":"
            )
            #expect(await connection.secondsUntilClosed(limit: 5) != nil)
            let metrics = try await Self.get("/metrics", port: port)
            #expect(metrics.contains(#"push_gateway_requests_total{route="inspect",outcome="client_abort"} 1"#))
            #expect(metrics.contains(#"push_gateway_requests_total{route="inspect",outcome="server_error"} 0"#))
        }
    }

    /// HTTP/1.0 without keep-alive: an HTTP/1.0 answer with `Connection: close`, then the end of file.
    @Test func http10IsAnsweredAndClosed() async throws {
        var configuration = Self.quick
        configuration.idleTimeout = .seconds(30)
        try await Self.withGateway(configuration) { port in
            let connection = try RawConnection(port: port)
            connection.send("GET /health HTTP/1.0\r\n\r\n")
            let (text, closed) = await connection.receive(within: 3)
            #expect(text.hasPrefix("HTTP/1.0 200 OK\r\n"), "\(text)")
            #expect(text.lowercased().contains("connection: close\r\n"))
            #expect(text.hasSuffix(#"{"status":"ok"}"#))
            #expect(closed)
        }
    }

    /// HTTP/1.0 with keep-alive: the connection stays open for the next request.
    @Test func http10KeepAliveStaysOpen() async throws {
        var configuration = Self.quick
        configuration.idleTimeout = .seconds(30)
        try await Self.withGateway(configuration) { port in
            let connection = try RawConnection(port: port)
            for _ in 0..<2 {
                connection.send("GET /health HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                let (text, closed) = await connection.receive(within: 3, until: #"{"status":"ok"}"#)
                #expect(text.hasPrefix("HTTP/1.0 200 OK\r\n"), "\(text)")
                #expect(text.lowercased().contains("connection: keep-alive\r\n"))
                #expect(!closed)
            }
        }
    }

    /// A streamed answer to HTTP/1.0 is not chunked: it ends with the connection.
    @Test func classifyOverHTTP10IsNotChunked() async throws {
        var configuration = Self.quick
        configuration.idleTimeout = .seconds(30)
        try await Self.withGateway(configuration) { port in
            let connection = try RawConnection(port: port)
            let body = "{\"mcID\":\"a\"}\n{\"mcID\":\"b\"}\n"
            connection.send(
                "POST /v1/classify HTTP/1.0\r\nConnection: keep-alive\r\nContent-Type: application/x-ndjson\r\n"
                    + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
            )
            let (text, closed) = await connection.receive(within: 3)
            #expect(text.hasPrefix("HTTP/1.0 200 OK\r\n"), "\(text)")
            #expect(!text.lowercased().contains("transfer-encoding"))
            #expect(text.lowercased().contains("connection: close\r\n"))
            let records = text.components(separatedBy: "\r\n\r\n").last ?? ""
            #expect(records.split(separator: "\n").count == 2, "\(records)")
            #expect(closed)
        }
    }

    @Test func headHealthIsAnswered() async throws {
        try await Self.withGateway { port in
            let connection = try RawConnection(port: port)
            connection.send("HEAD /health HTTP/1.1\r\nHost: x\r\n\r\n")
            let (text, _) = await connection.receive(within: 1)
            #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(text)")
            #expect(text.lowercased().contains("content-length: 15\r\n"))
            #expect(text.hasSuffix("\r\n\r\n"), "a body was sent: \(text)")
        }
    }

    /// A coding other than chunked is refused, not read as JSON; a charset other than UTF-8 likewise.
    @Test(arguments: [
        (
            "Transfer-Encoding: gzip, chunked\r\nContent-Type: application/json\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
            "HTTP/1.1 501", "unsupported_transfer_coding"
        ),
        (
            "Content-Type: application/json; charset=iso-8859-1\r\nContent-Length: 2\r\n\r\n{}",
            "HTTP/1.1 415", "unsupported_media_type"
        ),
        (
            "Content-Type: application/json; charset=\"UTF-8\"\r\nContent-Length: 2\r\n\r\n{}",
            "HTTP/1.1 200", "device_payload"
        ),
    ])
    func codingsAndCharsets(_ rest: String, _ status: String, _ code: String) async throws {
        try await Self.withGateway { port in
            let connection = try RawConnection(port: port)
            connection.send("POST /v1/inspect HTTP/1.1\r\nHost: x\r\n" + rest)
            let (text, _) = await connection.receive(within: 2, until: code)
            #expect(text.hasPrefix(status), "\(text)")
            #expect(text.contains(code), "\(text)")
        }
    }

    /// A malformed chunk is a 400; a client gone mid-body is `client_abort`; neither is a server error,
    /// and neither is logged at error.
    @Test func clientFaultsAreClientOutcomes() async throws {
        let log = LogCapture()
        var logger = Logger(label: "capture") { _ in log.handler }
        logger.logLevel = .trace
        try await Self.withGateway(logger: logger) { port in
            let badChunk = try RawConnection(port: port)
            badChunk.send(
                "POST /v1/inspect HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n2\r\n{}\r\nZZ\r\n"
            )
            _ = await badChunk.receive(within: 2)
            let aborted = try RawConnection(port: port)
            aborted.send(
                "POST /v1/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"a\""
            )
            _ = await aborted.receive(within: 0.2)
            aborted.hangUp()
            let streamed = try RawConnection(port: port)
            streamed.send(
                "POST /v1/classify HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-ndjson\r\n"
                    + "Content-Length: 1000\r\n\r\n{\"mcID\":\"a\"}\n"
            )
            _ = await streamed.receive(within: 0.3)
            streamed.hangUp()
            try await Task.sleep(for: .milliseconds(300))
            let metrics = try await Self.get("/metrics", port: port)
            for line in [
                #"push_gateway_requests_total{route="inspect",outcome="bad_request"} 1"#,
                #"push_gateway_requests_total{route="echo",outcome="client_abort"} 1"#,
                #"push_gateway_requests_total{route="classify",outcome="client_abort"} 1"#,
                #"push_gateway_requests_total{route="inspect",outcome="server_error"} 0"#,
                #"push_gateway_requests_total{route="echo",outcome="server_error"} 0"#,
                #"push_gateway_requests_total{route="classify",outcome="server_error"} 0"#,
            ] {
                #expect(metrics.contains(line), "\(line)")
            }
        }
        #expect(log.levels.allSatisfy { $0 < .error }, "\(log.levels)")
    }

    /// `GET path` on a fresh connection, the response's text.
    static func get(_ path: String, port: Int) async throws -> String {
        let connection = try RawConnection(port: port)
        connection.send("GET \(path) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        return await connection.receive(within: 3).text
    }
}

/// Collects the level of every log message.
final class LogCapture: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Logger.Level] = []

    var levels: [Logger.Level] { lock.withLock { recorded } }

    var handler: Handler { Handler(capture: self) }

    func record(_ level: Logger.Level) { lock.withLock { recorded.append(level) } }

    struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) { capture.record(event.level) }
    }
}
