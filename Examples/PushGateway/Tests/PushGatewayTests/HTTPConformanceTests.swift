import Foundation
import Testing

@testable import PushGateway

/// The HTTP points of issue 37 on a live gateway (127.0.0.1): `100 Continue`, `Host`, a 501 that is the client's
/// choice, a request target's limit, `/v1/classify`'s query, and the OpenAPI document.
@Suite(.serialized) struct HTTPConformanceTests {
    @Test func expectContinueIsAnsweredAtOnce() async throws {
        // The body comes only after the client has read the interim answer, which may take longer than the
        // quick timeouts on a busy machine.
        var configuration = ConnectionGuardTests.quick
        configuration.bodyReadTimeout = .seconds(10)
        configuration.idleTimeout = .seconds(10)
        try await ConnectionGuardTests.withGateway(configuration) { port in
            let connection = try RawConnection(port: port)
            connection.send(
                "POST /v1/inspect HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n"
                    + "Expect: 100-continue\r\n\r\n"
            )
            let interim = await connection.receive(within: 0.3, until: "\r\n\r\n").text
            #expect(interim == "HTTP/1.1 100 Continue\r\n\r\n", "\(interim)")
            connection.send("{}")
            let final = await connection.receive(within: 2, until: "device_payload").text
            #expect(final.hasPrefix("HTTP/1.1 200"), "\(final)")
        }
    }

    @Test func http11WithoutHostIsABadRequest() async throws {
        try await ConnectionGuardTests.withGateway { port in
            let connection = try RawConnection(port: port)
            connection.send("GET /health HTTP/1.1\r\n\r\n")
            let text = await connection.receive(within: 2, until: "}").text
            #expect(text.hasPrefix("HTTP/1.1 400"), "\(text)")
            #expect(text.contains("missing_host"))
            // HTTP/1.0 has no Host requirement.
            let old = try RawConnection(port: port)
            old.send("GET /health HTTP/1.0\r\n\r\n")
            #expect(await old.receive(within: 2, until: "ok").text.hasPrefix("HTTP/1.0 200"))
        }
    }

    @Test func unsupportedTransferCodingIsNotAServerError() async throws {
        try await ConnectionGuardTests.withGateway { port in
            let connection = try RawConnection(port: port)
            connection.send(
                "POST /v1/inspect HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n"
                    + "Content-Type: application/json\r\n\r\n2\r\n{}\r\n0\r\n\r\n"
            )
            #expect(await connection.receive(within: 2, until: "}").text.hasPrefix("HTTP/1.1 501"))
            let metrics = try await ConnectionGuardTests.get("/metrics", port: port)
            #expect(metrics.contains(#"push_gateway_requests_total{route="inspect",outcome="server_error"} 0"#))
            #expect(metrics.contains(#"push_gateway_requests_total{route="inspect",outcome="client_error"} 1"#))
        }
    }

    @Test(arguments: [
        ("/health?" + String(repeating: "a", count: 8_200), "HTTP/1.1 414", "uri_too_long"),
        ("/v1/classify?source=a&other=b", "HTTP/1.1 400", "invalid_query"),
        ("/v1/classify?source=a&source=b", "HTTP/1.1 400", "invalid_query"),
        ("/v1/classify?source=" + String(repeating: "%C3%A9", count: 513), "HTTP/1.1 400", "1026 bytes"),
        ("/v1/classify?source=" + String(repeating: "%C3%A9", count: 512), "HTTP/1.1 200", #"{"source":"é"#),
    ])
    func queryLimits(_ target: String, _ status: String, _ text: String) async throws {
        try await ConnectionGuardTests.withGateway { port in
            let connection = try RawConnection(port: port)
            connection.send(
                "POST \(target) HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-ndjson\r\nContent-Length: 3\r\n"
                    + "Connection: close\r\n\r\n{}\n"
            )
            let answer = await connection.receive(within: 2).text
            #expect(answer.hasPrefix(status), "\(answer.prefix(300))")
            #expect(answer.contains(text), "\(answer.prefix(300))")
        }
    }

    /// The document served is the one in the repository, and says what the routes are.
    @Test func theOpenAPIDocumentIsServed() async throws {
        let committed = try Corpus.readFile(Corpus.root + "/Examples/PushGateway/OpenAPI/openapi.json")
        try await ConnectionGuardTests.withGateway { port in
            let text = try await ConnectionGuardTests.get("/openapi.json", port: port)
            #expect(text.hasPrefix("HTTP/1.1 200"))
            let body = text.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
            #expect(Array(body.utf8) == committed)
            let document = try #require(try JSONSerialization.jsonObject(with: Data(committed)) as? [String: Any])
            #expect(document["openapi"] as? String == "3.1.0")
            let paths = try #require(document["paths"] as? [String: Any])
            for route in [
                GatewayRoutes.inspect, GatewayRoutes.classify, GatewayRoutes.echo, GatewayRoutes.health,
                GatewayRoutes.metrics, GatewayRoutes.openAPI,
            ] {
                #expect(paths[route] != nil, "\(route) is not in the document")
            }
        }
    }
}
