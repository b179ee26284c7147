import Hummingbird
import HummingbirdTesting
import NIOCore
import PushGateway
import Testing

/// `GET /health`, `GET /metrics`, unknown routes, and the gateway on a real socket.
@Suite struct ServiceRouteTests {
    @Test func health() async throws {
        try await makeGateway().test(.router) { client in
            try await client.execute(uri: "/health", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json")
                #expect(String(buffer: response.body) == #"{"status":"ok"}"#)
            }
        }
    }

    @Test func unknownRoutesAndMethodsAre404() async throws {
        try await makeGateway().test(.router) { client in
            try await client.execute(uri: "/v2/inspect", method: .post) { response in
                #expect(response.status == .notFound)
            }
            try await client.execute(uri: "/v1/inspect", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    /// Requests by route and outcome, payloads by vendor, errors by code, and latency, in the
    /// Prometheus text format.
    @Test func metricsCountRequestsVendorsAndErrors() async throws {
        let json: HTTPFields = [.contentType: "application/json"]
        try await makeGateway(GatewayConfiguration(maximumBodyBytes: 4_096)).test(.router) { client in
            let exponea = try Corpus.bytes("vendors/exponea/android-action-deeplink-url-params.json")
            for _ in 0..<3 {
                try await client.execute(
                    uri: "/v1/inspect",
                    method: .post,
                    headers: json,
                    body: ByteBuffer(bytes: exponea)
                )
            }
            try await client.execute(uri: "/v1/inspect", method: .post, headers: json, body: ByteBuffer(string: "{"))
            try await client.execute(uri: "/v1/inspect", method: .post, body: ByteBuffer(string: "{}"))
            try await client.execute(
                uri: "/v1/echo",
                method: .post,
                headers: json,
                body: ByteBuffer(repeating: 0x20, count: 5_000)
            )
            try await client.execute(
                uri: "/v1/classify",
                method: .post,
                headers: [.contentType: "application/x-ndjson"],
                body: ByteBuffer(string: "{\"aps\":{}}\n{\"a\":1,\"a\":2}\n{\"source\":\"xnpe_platform\"}\n")
            )
            try await client.execute(uri: "/nowhere", method: .get)
            try await client.execute(uri: "/metrics", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/plain; version=0.0.4; charset=utf-8")
                let text = String(buffer: response.body)
                for line in [
                    #"push_gateway_requests_total{route="inspect",outcome="ok"} 3"#,
                    #"push_gateway_requests_total{route="inspect",outcome="bad_request"} 1"#,
                    #"push_gateway_requests_total{route="inspect",outcome="unsupported_media_type"} 1"#,
                    #"push_gateway_requests_total{route="echo",outcome="too_large"} 1"#,
                    #"push_gateway_requests_total{route="classify",outcome="ok"} 1"#,
                    #"push_gateway_requests_total{route="other",outcome="not_found"} 1"#,
                    #"push_gateway_payloads_total{route="inspect",vendor="exponea"} 3"#,
                    #"push_gateway_payloads_total{route="classify",vendor="exponea"} 1"#,
                    #"push_gateway_payloads_total{route="classify",vendor="unknown"} 1"#,
                    #"push_gateway_payload_errors_total{route="inspect",code="invalid_json"} 1"#,
                    #"push_gateway_payload_errors_total{route="classify",code="duplicate_key"} 1"#,
                    #"push_gateway_request_duration_seconds_count{route="inspect"} 5"#,
                    #"push_gateway_request_duration_seconds_bucket{route="inspect",le="+Inf"} 5"#,
                ] {
                    #expect(text.contains(line + "\n"), "\(line)")
                }
            }
        }
    }

    /// Over a real connection: a payload inspected, JSON Lines streamed both ways, a refusal.
    @Test func live() async throws {
        try await makeGateway(GatewayConfiguration(maximumBodyBytes: 8_192)).test(.live) { client in
            try await client.execute(
                uri: "/v1/inspect",
                method: .post,
                headers: [.contentType: "application/json"],
                body: ByteBuffer(bytes: try Corpus.bytes("mixed/all-four.json"))
            ) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).hasPrefix(#"{"schema_version":1,"kind":"device_payload","#))
            }
            let capture = try Corpus.bytes("captures/sample.jsonl")
            try await client.execute(
                uri: "/v1/classify?source=Corpus/captures/sample.jsonl",
                method: .post,
                headers: [.contentType: "application/x-ndjson"],
                body: ByteBuffer(bytes: capture)
            ) { response in
                #expect(response.status == .ok)
                let expected = try Corpus.bytes("captures/sample.expected.jsonl")
                #expect(Array(response.body.readableBytesView) == expected)
            }
            try await client.execute(
                uri: "/v1/inspect",
                method: .post,
                headers: [.contentType: "application/json"],
                body: ByteBuffer(repeating: 0x20, count: 10_000)
            ) { response in
                #expect(response.status == .contentTooLarge)
            }
            try await client.execute(uri: "/health", method: .get) { response in
                #expect(response.status == .ok)
            }
        }
    }
}
