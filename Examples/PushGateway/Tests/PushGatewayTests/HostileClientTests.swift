import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Issue 37, against the `push-gateway` binary on 127.0.0.1: memory per request bounded whatever the request,
/// the connection limit not held by idle keep-alive clients, a pipelined partial head held to the head
/// deadline, and the connections the gateway closes counted. Every loop is bounded in bytes and time.
@Suite(.serialized) struct HostileClientTests {
    /// The gateway's resident memory in KiB, from `/proc` (Linux).
    static func residentKiB(_ process: Process) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
        else { return nil }
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
        return line.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") }
    }

    static func get(_ path: String, port: Int) -> String {
        guard let connection = try? RawConnection(port: port) else { return "" }
        connection.send("GET \(path) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        return connection.receiveBlocking(within: 3).text
    }

    /// Slow readers: clients that send a whole request whose records are large (every line an error record
    /// carrying a 1,024-byte `source`) and read nothing of the answer. Before, each built every record of a
    /// 16 KiB piece of its body (5,461 records, 6 MB) before writing any; now at most 64 KiB of records wait
    /// a connection, and the socket's back-pressure stops the rest. A longer `source` is refused.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status")))
    func slowReadersHoldBoundedMemory() throws {
        let server = try CommandTests.start(["--body-timeout", "30"])
        defer { server.process.terminate() }
        let port = server.port
        let tooLong = try RawConnection(port: port)
        tooLong.send(
            "POST /v1/classify?source=\(String(repeating: "s", count: 70_000)) HTTP/1.1\r\nHost: x\r\n"
                + "Content-Type: application/x-ndjson\r\nContent-Length: 3\r\n\r\n{}\n"
        )
        let refused = tooLong.receiveBlocking(within: 3, until: "}").text
        #expect(refused.hasPrefix("HTTP/1.1 414") || refused.hasPrefix("HTTP/1.1 431"), "\(refused.prefix(200))")
        let overSource = try RawConnection(port: port)
        overSource.send(
            "POST /v1/classify?source=\(String(repeating: "s", count: 1_025)) HTTP/1.1\r\nHost: x\r\n"
                + "Content-Type: application/x-ndjson\r\nContent-Length: 3\r\n\r\n{}\n"
        )
        let overText = overSource.receiveBlocking(within: 3, until: "}").text
        #expect(overText.hasPrefix("HTTP/1.1 400"), "\(overText.prefix(200))")
        #expect(overText.contains("invalid_query"))

        let before = try #require(Self.residentKiB(server.process))
        let body = String(repeating: "{}\n", count: 43_690)  // 128 KiB: eight pieces of 16 KiB
        let head =
            "POST /v1/classify?source=\(String(repeating: "s", count: 1_024)) HTTP/1.1\r\nHost: x\r\n"
            + "Content-Type: application/x-ndjson\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
        var readers: [RawConnection] = []
        for _ in 0..<40 {
            let connection = try RawConnection(port: port)
            var size: Int32 = 4_096
            setsockopt(connection.descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            connection.send(head + body)
            readers.append(connection)
        }
        var peak = before
        for _ in 0..<20 {
            usleep(100_000)
            peak = max(peak, Self.residentKiB(server.process) ?? 0)
        }
        // 40 readers × 6 MB of records was 240 MB and more; bounded, it is a few MB.
        #expect(peak - before < 80 * 1_024, "RSS grew from \(before) KiB to \(peak) KiB")
        // The readers are answered; their records wait for them to read.
        let (text, _) = readers[0].receiveBlocking(within: 2, until: #""line":2,"#)
        #expect(text.hasPrefix("HTTP/1.1 200"), "\(text.prefix(200))")
        for reader in readers { reader.hangUp() }
        #expect(Self.get("/health", port: port).hasPrefix("HTTP/1.1 200"))
    }

    /// Idle keep-alive clients at the connection limit: each answered, then idle. A new client is served at
    /// once, because the connection idle longest is closed to make room (and counted), where it waited for
    /// the idle timeout (60 s) before.
    @Test func idleClientsDoNotHoldTheLimit() throws {
        let server = try CommandTests.start(["--max-connections", "4", "--header-timeout", "3"])
        defer { server.process.terminate() }
        var idle: [RawConnection] = []
        for _ in 0..<4 {
            let connection = try RawConnection(port: server.port)
            connection.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(connection.receiveBlocking(within: 2, until: "ok").text.hasPrefix("HTTP/1.1 200"))
            idle.append(connection)
        }
        let start = Date()
        let newcomer = try RawConnection(port: server.port)
        newcomer.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
        let answer = newcomer.receiveBlocking(within: 5, until: "ok").text
        let waited = Date().timeIntervalSince(start)
        #expect(answer.hasPrefix("HTTP/1.1 200"), "no answer in 5 s at the limit: \(answer)")
        #expect(waited < 2, "waited \(waited) s")
        newcomer.hangUp()
        let metrics = Self.get("/metrics", port: server.port)
        let closed = #"push_gateway_connections_closed_total\{reason="idle_at_limit"\} [1-9]"#
        #expect(metrics.range(of: closed, options: .regularExpression) != nil, "\(metrics)")
        for connection in idle { connection.hangUp() }
    }

    /// A whole request and the start of a second head in one packet: the partial head gets the head deadline,
    /// not the 60 s idle timeout; the close is counted.
    @Test func aPipelinedPartialHeadIsHeldToTheHeadDeadline() throws {
        let server = try CommandTests.start(["--header-timeout", "1", "--idle-timeout", "30"])
        defer { server.process.terminate() }
        let connection = try RawConnection(port: server.port)
        let start = Date()
        connection.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\nGET /hea")
        let (text, closed) = connection.receiveBlocking(within: 6)
        let waited = Date().timeIntervalSince(start)
        #expect(text.hasPrefix("HTTP/1.1 200"), "\(text)")
        #expect(closed, "still open after 6 s")
        #expect(waited < 4, "closed after \(waited) s")
        let metrics = Self.get("/metrics", port: server.port)
        #expect(metrics.contains(#"push_gateway_connections_closed_total{reason="head_timeout"} 1"#), "\(metrics)")
    }

    /// An idle keep-alive connection below the limit keeps its idle timeout: only pressure closes it early.
    @Test func anIdleConnectionBelowTheLimitStaysOpen() throws {
        let server = try CommandTests.start(["--header-timeout", "1", "--idle-timeout", "30"])
        defer { server.process.terminate() }
        let connection = try RawConnection(port: server.port)
        connection.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(connection.receiveBlocking(within: 2, until: "ok").text.hasPrefix("HTTP/1.1 200"))
        #expect(!connection.receiveBlocking(within: 2.5).closed, "closed at the head deadline while idle")
    }
}
