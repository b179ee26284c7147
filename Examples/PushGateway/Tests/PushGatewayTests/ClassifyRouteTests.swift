import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import PushGateway
import PushPayloads
import PushRecords
import PushRequests
import Testing

/// `POST /v1/classify`: the command's records, streamed, whatever pieces the body arrives in.
@Suite struct ClassifyRouteTests {
    static let jsonLines: HTTPFields = [.contentType: "application/x-ndjson"]
    static let captures = ["sample", "send-requests", "mixed-errors"]

    /// The gateway's records are the command's, byte for byte (`Corpus/captures/*.expected.jsonl` are
    /// `push-payloads classify` output), given the same `source`.
    @Test(arguments: captures)
    func writesTheCommandsRecords(capture: String) async throws {
        let path = "Corpus/captures/\(capture).jsonl"
        let body = try Corpus.bytes("captures/\(capture).jsonl")
        let expected = try Corpus.bytes("captures/\(capture).expected.jsonl")
        try await makeGateway().test(.router) { client in
            try await client.execute(
                uri: "/v1/classify?source=\(path)",
                method: .post,
                headers: Self.jsonLines,
                body: ByteBuffer(bytes: body)
            ) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/x-ndjson")
                #expect(String(buffer: response.body) == String(decoding: expected, as: UTF8.self))
            }
        }
    }

    @Test(arguments: ["application/jsonl", "application/jsonlines", "application/x-jsonlines; charset=utf-8"])
    func namesTheSourceRequestByDefault(contentType: String) async throws {
        try await makeGateway().test(.router) { client in
            try await client.execute(
                uri: "/v1/classify",
                method: .post,
                headers: [.contentType: contentType],
                body: ByteBuffer(string: "\n{\"source\":\"xnpe_platform\"}\r\n[]")
            ) { response in
                #expect(response.status == .ok)
                let lines = String(buffer: response.body).split(separator: "\n")
                #expect(lines.count == 2)
                #expect(lines[0].hasPrefix(#"{"source":"request","line":2,"status":"ok","vendor":"exponea","#))
                #expect(
                    lines[1].hasPrefix(
                        #"{"source":"request","line":3,"status":"error","error":{"code":"not_an_object""#
                    )
                )
            }
        }
    }

    @Test(arguments: [nil, "application/json", "text/plain"])
    func refusesOtherContentTypes(contentType: String?) async throws {
        let headers: HTTPFields = contentType.map { [.contentType: $0] } ?? [:]
        try await makeGateway().test(.router) { client in
            try await client.execute(
                uri: "/v1/classify",
                method: .post,
                headers: headers,
                body: ByteBuffer(string: "{}")
            ) {
                response in
                #expect(response.status == .unsupportedMediaType)
                #expect(String(buffer: response.body).hasPrefix(#"{"code":"unsupported_media_type","offset":null,"#))
            }
        }
    }

    /// A line over the limit is a `too_large` record, as the command writes it; the lines around it are
    /// read as usual. The body as a whole has no limit.
    @Test func reportsALineOverTheLimit() async throws {
        let long = #"{"aps":{"alert":""# + String(repeating: "é", count: 1_000) + #""}}"#
        let body = "{\"aps\":{}}\n" + long + "\r\n{\"aps\":{}}\n" + String(repeating: "{}\n", count: 1_000)
        let expectedError = try JSONBytesEncoder().encodeToString(
            PushRecord(
                source: "request",
                line: 2,
                content: .error(
                    PushPayloadError(
                        .tooLarge,
                        message: "the payload is \(long.utf8.count) bytes; the limit is 1024",
                        byteOffset: 1_024
                    )
                )
            )
        )
        try await makeGateway(GatewayConfiguration(maximumBodyBytes: 1_024)).test(.router) { client in
            try await client.execute(
                uri: "/v1/classify",
                method: .post,
                headers: Self.jsonLines,
                body: ByteBuffer(string: body)
            ) { response in
                #expect(response.status == .ok)
                let lines = String(buffer: response.body).split(separator: "\n").map(String.init)
                #expect(lines.count == 1_003)
                #expect(lines[1] == expectedError)
                #expect(lines[2].hasPrefix(#"{"source":"request","line":3,"status":"ok""#))
                #expect(lines[1_002].hasPrefix(#"{"source":"request","line":1003,"status":"ok""#))
            }
        }
    }

    /// A body of about 1 MB (the three captures, over and over, then a line over the limit), handed to
    /// the route in one piece, in the test framework's 32 KiB pieces, and cut at awkward places: inside
    /// lines, inside UTF-8 sequences (2 and 4 bytes), between the `\r` and `\n` of a CRLF, just before
    /// and just after line breaks, inside the long line, in pieces of a byte, and at random. The records
    /// are the same every time, and they are the command's.
    @Test func aMegabyteInAwkwardPieces() async throws {
        let (body, expected) = try Self.megabyte()
        #expect(body.count > 1_000_000)
        let configuration = GatewayConfiguration(maximumBodyBytes: 16_384)
        let cuttings: [(name: String, cuts: @Sendable ([UInt8]) -> [Int])] = [
            ("one piece", { _ in [] }),
            ("awkward", Self.awkwardCuts),
            ("random", { bytes in Self.randomCuts(bytes.count, seed: 14) }),
        ]
        for cutting in cuttings {
            try await makeRechunkingGateway(configuration, cuts: cutting.cuts).test(.router) { client in
                try await client.execute(
                    uri: "/v1/classify",
                    method: .post,
                    headers: Self.jsonLines,
                    body: ByteBuffer(bytes: body)
                ) { response in
                    #expect(response.status == .ok)
                    let text = String(buffer: response.body)
                    #expect(text == expected, "\(cutting.name)")
                }
            }
        }
        // And as the test framework hands it over, in 32 KiB pieces with a Content-Length.
        try await makeGateway(configuration).test(.router) { client in
            try await client.execute(
                uri: "/v1/classify",
                method: .post,
                headers: Self.jsonLines,
                body: ByteBuffer(bytes: body)
            ) { response in
                #expect(String(buffer: response.body) == expected)
            }
        }
    }

    /// The body, and the records the command wrote for each capture with the source and line numbers
    /// the gateway gives them.
    static func megabyte() throws -> (body: [UInt8], expected: String) {
        var block: [UInt8] = []
        var blockRecords: [(line: Int, rest: Substring)] = []
        for capture in captures {
            let input = try Corpus.bytes("captures/\(capture).jsonl")
            let lineOffset = block.count(where: { $0 == 0x0A })
            for record in String(decoding: try Corpus.bytes("captures/\(capture).expected.jsonl"), as: UTF8.self)
                .split(separator: "\n")
            {
                // {"source":"Corpus/captures/x.jsonl","line":N,…
                let afterSource = record[record.range(of: #","line":"#)!.upperBound...]
                let comma = afterSource.firstIndex(of: ",")!
                blockRecords.append((lineOffset + Int(afterSource[..<comma])!, afterSource[comma...]))
            }
            block += input
        }
        let linesPerBlock = block.count(where: { $0 == 0x0A })
        var body: [UInt8] = []
        var expected = ""
        var blocks = 0
        while body.count < 1_000_000 {
            body += block
            for record in blockRecords {
                expected +=
                    #"{"source":"request","line":"# + String(blocks * linesPerBlock + record.line) + record.rest + "\n"
            }
            blocks += 1
        }
        // A line of 40,000 bytes, over the 16 KiB limit, and one more payload after it, with no final line break.
        let longLine = blocks * linesPerBlock + 1
        body += Array(#"{"aps":{"alert":""#.utf8) + [UInt8](repeating: UInt8(ascii: "z"), count: 40_000)
        body += Array("\"}}\r\n{\"source\":\"xnpe_platform\"}".utf8)
        expected +=
            #"{"source":"request","line":\#(longLine),"status":"error","error":{"code":"too_large","offset":16384,"#
            + #""message":"the payload is 40020 bytes; the limit is 16384"}}"# + "\n"
        let last = try PushPayload(jsonString: #"{"source":"xnpe_platform"}"#)
        let lastRecord = PushRecord(
            source: "request",
            line: longLine + 1,
            content: .decoded(PushDecoderRegistry.standard.decode(last, detail: .summary), request: nil)
        )
        expected += try JSONBytesEncoder().encodeToString(lastRecord) + "\n"
        return (body, expected)
    }

    /// Cuts at every awkward place of a kind, for the first few of each, plus runs of one-byte pieces.
    @Sendable static func awkwardCuts(_ bytes: [UInt8]) -> [Int] {
        var cuts: Set<Int> = []
        var crlf = 0
        var twoByte = 0
        var fourByte = 0
        var lineEnds = 0
        for index in bytes.indices.dropLast() {
            let byte = bytes[index]
            if byte == 0x0D && bytes[index + 1] == 0x0A && crlf < 20 {
                cuts.insert(index + 1)  // between \r and \n
                crlf += 1
            } else if byte & 0xE0 == 0xC0 && twoByte < 20 {
                cuts.insert(index + 1)  // inside a two-byte sequence
                twoByte += 1
            } else if byte & 0xF8 == 0xF0 && fourByte < 20 {
                cuts.insert(index + 1 + fourByte % 3)  // after the first, second or third byte of four
                fourByte += 1
            } else if byte == 0x0A && lineEnds < 300 {
                cuts.insert(lineEnds % 2 == 0 ? index : index + 1)  // just before, or just after, a line break
                lineEnds += 1
            }
        }
        // Inside lines, every 997 bytes; the long line at the end gets cut many times this way.
        for offset in stride(from: 500, to: bytes.count, by: 997) { cuts.insert(offset) }
        // One-byte pieces over the first CRLF line and over the start of the long line.
        if let crlfIndex = bytes.indices.first(where: { bytes[$0] == 0x0D }) {
            for offset in max(0, crlfIndex - 300)..<min(bytes.count, crlfIndex + 300) { cuts.insert(offset) }
        }
        for offset in (bytes.count - 40_100)..<(bytes.count - 39_900) { cuts.insert(offset) }
        return cuts.filter { $0 > 0 && $0 < bytes.count }.sorted()
    }

    /// Pieces of 1 byte to 70 KB, seeded.
    static func randomCuts(_ count: Int, seed: UInt64) -> [Int] {
        var generator = SplitMix64(seed: seed)
        var cuts: [Int] = []
        var offset = 0
        while true {
            offset += Int.random(in: 1...70_000, using: &generator)
            guard offset < count else { return cuts }
            cuts.append(offset)
        }
    }
}
