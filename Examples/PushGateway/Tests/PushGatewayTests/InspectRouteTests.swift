import Hummingbird
import HummingbirdTesting
import NIOCore
import PushGateway
import PushPayloads
import PushRequests
import Testing

/// `POST /v1/inspect` and `POST /v1/echo`: the library's JSON, and every refusal.
@Suite struct InspectRouteTests {
    static let json: HTTPFields = [.contentType: "application/json"]

    /// Payloads of every vendor and shape, and a send request of each kind.
    static let payloads = [
        "vendors/exponea/android-action-deeplink-url-params.json",
        "vendors/cordial/apns-alert-dict-sound-badge.json",
        "vendors/atomic/fcm-atomic-json-string.json",
        "mixed/all-four.json",
        "other-senders/braze-ab.json",
    ]

    static func expectedInspection(_ body: [UInt8]) throws -> [UInt8] {
        try JSONBytesEncoder().encode(PushInspector().inspect(try PushSendRequest(jsonBytes: body)))
    }

    /// Whether the gateway answered exactly the library's bytes. The library's encoding is
    /// deterministic (maps such as an Exponea push's `url_parameters` are written sorted by key), so two
    /// encodings of one inspection are equal byte for byte.
    static func sameBytes(_ a: ByteBuffer, _ b: [UInt8]) -> Bool {
        Array(a.readableBytesView) == b
    }

    @Test(arguments: payloads)
    func answersTheLibrarysInspection(path: String) async throws {
        let body = try Corpus.bytes(path)
        let expected = try Self.expectedInspection(body)
        try await makeGateway().test(.router) { client in
            try await client.execute(
                uri: "/v1/inspect",
                method: .post,
                headers: Self.json,
                body: ByteBuffer(bytes: body)
            ) {
                response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json")
                let same = Self.sameBytes(response.body, expected)
                #expect(same)
            }
        }
    }

    @Test(arguments: 1...9)
    func answersSendRequests(line: Int) async throws {
        let capture = try Corpus.bytes("captures/send-requests.jsonl")
        let body = Array(capture.split(separator: 0x0A)[line - 1])
        let expected = try Self.expectedInspection(body)
        try await makeGateway().test(.router) { client in
            try await client.execute(
                uri: "/v1/inspect",
                method: .post,
                headers: Self.json,
                body: ByteBuffer(bytes: body)
            ) {
                response in
                #expect(response.status == .ok)
                let same = Self.sameBytes(response.body, expected)
                #expect(same)
                #expect(String(buffer: response.body).hasPrefix(#"{"schema_version":1,"kind":""#))
            }
        }
    }

    /// Not JSON, not an object, or against the library's rules: 400 and the library's error, exactly.
    @Test(arguments: [
        "invalid/syntax", "invalid/duplicates", "invalid/utf8", "invalid/depth", "invalid/not-an-object",
        "invalid/numbers", "invalid/truncation", "invalid/escapes", "invalid/surrogates",
    ])
    func refusesWhatTheLibraryRefuses(folder: String) async throws {
        let files = try FileList.jsonFiles(in: Corpus.root + "/Corpus/" + folder)
        #expect(!files.isEmpty)
        try await makeGateway().test(.router) { client in
            for file in files {
                let body = try Corpus.readFile(file)
                let error: PushPayloadError
                do throws(PushPayloadError) {
                    _ = try PushSendRequest(jsonBytes: body, limits: GatewayConfiguration().limits)
                    continue  // Valid under the gateway's limits (the depth folder holds one at the limit).
                } catch let thrown {
                    error = thrown
                }
                let expected = try JSONBytesEncoder().encode(error)
                try await client.execute(
                    uri: "/v1/inspect",
                    method: .post,
                    headers: Self.json,
                    body: ByteBuffer(bytes: body)
                ) { response in
                    #expect(response.status == .badRequest, "\(file)")
                    #expect(response.headers[.contentType] == "application/json")
                    #expect(Array(response.body.readableBytesView) == expected, "\(file)")
                }
            }
        }
    }

    @Test func refusesANonObjectWithItsOffset() async throws {
        try await makeGateway().test(.router) { client in
            try await client.execute(
                uri: "/v1/inspect",
                method: .post,
                headers: Self.json,
                body: ByteBuffer(string: #"  ["aps"]"#)
            ) { response in
                #expect(response.status == .badRequest)
                #expect(
                    String(buffer: response.body)
                        == #"{"code":"not_an_object","offset":2,"message":"the payload is valid JSON, but its top-level value is not an object"}"#
                )
            }
        }
    }

    @Test(arguments: ["/v1/inspect", "/v1/echo"])
    func refusesABodyOverTheLimit(uri: String) async throws {
        let configuration = GatewayConfiguration(maximumBodyBytes: 1_024)
        let body = ByteBuffer(string: #"{"aps":{"alert":""# + String(repeating: "x", count: 2_000) + #""}}"#)
        // Content-Length says so: refused before the body is read.
        try await makeGateway(configuration).test(.router) { client in
            try await client.execute(uri: uri, method: .post, headers: Self.json, body: body) { response in
                #expect(response.status == .contentTooLarge)
                #expect(
                    String(buffer: response.body)
                        == #"{"code":"too_large","offset":1024,"message":"the body is 2020 bytes; the limit is 1024"}"#
                )
            }
        }
        // No Content-Length (a chunked upload): refused once the limit is passed.
        try await makeRechunkingGateway(configuration, cuts: { _ in [100, 1_000, 1_500] }).test(.router) { client in
            try await client.execute(uri: uri, method: .post, headers: Self.json, body: body) { response in
                #expect(response.status == .contentTooLarge)
                #expect(
                    String(buffer: response.body)
                        == #"{"code":"too_large","offset":1024,"message":"the body is more than 1024 bytes; the limit is 1024"}"#
                )
            }
        }
    }

    @Test func acceptsABodyAtTheLimit() async throws {
        let body = ByteBuffer(string: #"{"aps":{"alert":""# + String(repeating: "x", count: 1_004) + #""}}"#)
        #expect(body.readableBytes == 1_024)
        try await makeGateway(GatewayConfiguration(maximumBodyBytes: 1_024)).test(.router) { client in
            try await client.execute(uri: "/v1/inspect", method: .post, headers: Self.json, body: body) { response in
                #expect(response.status == .ok)
            }
        }
    }

    @Test(arguments: ["/v1/inspect", "/v1/echo"], [nil, "text/plain", "application/x-ndjson", "application/jsonx"])
    func refusesOtherContentTypes(uri: String, contentType: String?) async throws {
        let headers: HTTPFields = contentType.map { [.contentType: $0] } ?? [:]
        try await makeGateway().test(.router) { client in
            try await client.execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: "{}")) {
                response in
                #expect(response.status == .unsupportedMediaType)
                let given = contentType.map { "`\($0)`" } ?? "no content type"
                #expect(
                    String(buffer: response.body)
                        == #"{"code":"unsupported_media_type","offset":null,"message":"the body must be application/json, not "#
                        + given + #""}"#
                )
            }
        }
    }

    @Test(arguments: ["application/json; charset=utf-8", "Application/JSON", " application/json ;charset=UTF-8"])
    func acceptsJSONWithParameters(contentType: String) async throws {
        try await makeGateway().test(.router) { client in
            try await client.execute(
                uri: "/v1/inspect",
                method: .post,
                headers: [.contentType: contentType],
                body: ByteBuffer(string: #"{"aps":{}}"#)
            ) { response in
                #expect(response.status == .ok)
            }
        }
    }

    @Test func echoAnswersAFixedJSON() async throws {
        try await makeGateway().test(.router) { client in
            try await client.execute(
                uri: "/v1/echo",
                method: .post,
                headers: Self.json,
                body: ByteBuffer(bytes: try Corpus.bytes("mixed/all-four.json"))
            ) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json")
                #expect(String(buffer: response.body) == #"{"ok":true}"#)
            }
        }
    }

    /// An FCM v1 data message to a token, with no platform block: it may reach iOS and Android.
    static let dataMessage = #"{"message":{"token":"t","data":{"source":"xnpe_platform","silent":"true"}}}"#

    /// `?platform=…`: the library's inspection for those platforms, exactly, as `inspect --platform` gives.
    @Test(arguments: [
        ("platform=android", [PushPlatform.android]),
        ("platform=ios", [.ios]),
        ("platform=ios,android", [.ios, .android]),
        ("platform=android&platform=ios", [.ios, .android]),
        ("platform=web,%20ios", [.web, .ios]),
        ("", []),
    ])
    func inspectsForThePlatformsNamed(query: String, platforms: [PushPlatform]) async throws {
        let request = try PushSendRequest(jsonString: Self.dataMessage)
        let inspection = PushInspector(platforms: Set(platforms)).inspect(request)
        let expected = try JSONBytesEncoder().encode(inspection)
        try await makeGateway().test(.router) { client in
            try await client.execute(
                uri: "/v1/inspect" + (query.isEmpty ? "" : "?" + query),
                method: .post,
                headers: Self.json,
                body: ByteBuffer(string: Self.dataMessage)
            ) { response in
                #expect(response.status == .ok)
                #expect(Array(response.body.readableBytesView) == expected)
            }
        }
        // Each query changes the answer it should: the deliveries are those of the platforms named (the web's
        // too, whose devices get the message's data without a webpush block), and a finding for iOS is an error
        // only when iOS is named.
        let reached = inspection.deliveries.map(\.platform)
        #expect(platforms.isEmpty ? reached == [.ios, .android] : Set(reached) == Set(platforms))
        let iosError = inspection.findings.contains { $0.platform == .ios && $0.severity == .error }
        #expect(iosError == platforms.contains(.ios))
    }

    /// A query the route cannot act on is refused before the body is read, with the README's message.
    @Test(arguments: [
        (
            "platform=ios,windows",
            "`platform` names `windows`; it takes ios, android or web, separated by commas"
        ),
        ("platform=iOS", "`platform` names `iOS`; it takes ios, android or web, separated by commas"),
        ("platform=", "`platform` names an empty name; it takes ios, android or web, separated by commas"),
        ("platform=ios,,android", "`platform` names an empty name; it takes ios, android or web, separated by commas"),
        ("platforms=ios", "the query parameter `platforms` is not one /v1/inspect reads; it reads `platform`"),
    ])
    func refusesAnInvalidQuery(query: String, message: String) async throws {
        try await makeGateway().test(.router) { client in
            try await client.execute(
                uri: "/v1/inspect?" + query,
                method: .post,
                headers: Self.json,
                body: ByteBuffer(string: #"{"aps":{}}"#)
            ) { response in
                #expect(response.status == .badRequest)
                #expect(
                    String(buffer: response.body)
                        == #"{"code":"invalid_query","offset":null,"message":""# + message + #""}"#
                )
            }
        }
    }

    /// The refusal the README shows, byte for byte.
    @Test func refusesAnUnknownPlatformAsTheReadmeShows() throws {
        let readme = try String(
            decoding: Corpus.readFile(Corpus.root + "/Examples/PushGateway/README.md"),
            as: UTF8.self
        )
        let shown =
            #"{"code":"invalid_query","offset":null,"message":"`platform` names `windows`; it takes ios, android or web, separated by commas"}"#
        #expect(readme.contains("'http://127.0.0.1:8080/v1/inspect?platform=ios,windows'\n" + shown))
        do {
            _ = try InspectQuery(parameters: [(key: "platform", value: "ios,windows")])
            Issue.record("an unknown platform was accepted")
        } catch {
            #expect(String(decoding: try JSONBytesEncoder().encode(error.error), as: UTF8.self) == shown)
        }
    }
}
