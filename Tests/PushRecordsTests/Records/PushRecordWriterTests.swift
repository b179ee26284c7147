import Foundation
import PushPayloads
import PushPayloadsTestSupport
import PushRecords
import PushRequests
import Testing

/// The fast writer and `PushRecord`'s `Encodable` conformance write the same records: the same keys in
/// the same order with the same values, for every payload the project has, every send request's
/// deliveries, and errors.
@Suite("Record writer")
struct PushRecordWriterTests {
    /// Every payload file of `Corpus/` and of the vendor fixtures, relative to its folder.
    static let inputs: [String] = {
        TestPaths.files(below: TestPaths.corpus, extensions: ["json", "jsonl"]).map { "Corpus/" + $0 }
    }()

    static func data(_ input: String) throws -> Data {
        return try Data(contentsOf: TestPaths.packageRoot.appendingPathComponent(input))
    }

    /// The records of `input` (each line of a `.jsonl` file; a `.json` file whole), as `PushRecord`s.
    static func records(_ input: String, detail: PushDecodingDetail) throws -> [PushRecord] {
        let data = try data(input)
        let lines: [(line: Int?, bytes: [UInt8])] =
            input.hasSuffix(".jsonl")
            ? data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated()
                .filter { !$0.element.allSatisfy { [0x20, 0x09, 0x0D].contains($0) } }
                .map { ($0.offset + 1, Array($0.element)) }
            : [(nil, Array(data))]
        var decoder = PushInputDecoder(detail: detail)
        var records: [PushRecord] = []
        for (line, bytes) in lines {
            do {
                try decoder.decode(jsonBytes: bytes) { record in
                    records.append(
                        PushRecord(
                            source: input,
                            line: line,
                            content: .decoded(record.notification, request: record.delivery)
                        )
                    )
                }
            } catch {
                records.append(PushRecord(source: input, line: line, content: .error(error)))
            }
        }
        return records
    }

    /// The record's members in order, each value compared as parsed JSON.
    static func normalized(_ json: [UInt8]) throws -> [(key: String, value: JSONValue)] {
        try JSONDocument(jsonBytes: json).rootObject.map { ($0.key, $0.value) }
    }

    @Test("the writer writes what Encodable encodes", arguments: inputs)
    func writerMatchesEncodable(_ input: String) throws {
        let encoder = JSONBytesEncoder()
        let writer = PushRecordWriter(capacity: 16)
        for detail in [PushDecodingDetail.summary, .full] {
            let records = try Self.records(input, detail: detail)
            #expect(!records.isEmpty)
            for record in records {
                writer.removeAll()
                writer.write(record)
                let written = writer.withBytes { Array($0) }
                #expect(written.last == UInt8(ascii: "\n"))
                let encoded = try encoder.encode(record)
                let lhs = try Self.normalized(Array(written.dropLast()))
                let rhs = try Self.normalized(encoded)
                #expect(lhs.map(\.key) == rhs.map(\.key), "\(input): \(record.line ?? 0)")
                #expect(lhs.map(\.value) == rhs.map(\.value), "\(input): \(record.line ?? 0)")
                // The encoder writes compact JSON in the same order, so the bytes agree as well.
                #expect(Array(written.dropLast()) == encoded, "\(input): \(record.line ?? 0)")
            }
        }
    }

    /// Foundation's encoder, which orders members by their hashes unless told to sort them.
    static let foundationEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()

    /// A record's members sorted by name, each value as parsed JSON, for comparing with Foundation's output.
    static func sortedMembers(_ json: [UInt8]) throws -> [(key: String, value: JSONValue)] {
        try normalized(json).sorted { $0.key < $1.key }
    }

    @Test("Foundation's JSONEncoder encodes the record the writer writes: its members, its values", arguments: inputs)
    func foundationEncodesTheWrittenRecord(_ input: String) throws {
        let writer = PushRecordWriter(capacity: 16)
        for record in try Self.records(input, detail: .summary) {
            writer.removeAll()
            writer.write(record)
            let written = try Self.sortedMembers(writer.withBytes { Array($0.dropLast()) })
            let json = try Self.foundationEncoder.encode(record)
            let encoded = try Self.normalized(Array(json))
            #expect(encoded.map(\.key) == written.map(\.key), "\(input): \(record.line ?? 0)")
            #expect(encoded.map(\.value) == written.map(\.value), "\(input): \(record.line ?? 0)")
            // And back: what Foundation decodes is what the writer wrote.
            let decoded = try JSONDecoder().decode(JSONRecordFields.self, from: json)
            #expect(decoded.source == record.source && decoded.line == record.line)
        }
    }

    /// The members of a record every status has.
    struct JSONRecordFields: Decodable {
        var source: String
        var line: Int?
        var status: String
    }

    /// Findings of `lint` on send requests that find something in every field (platform, path, header, both
    /// certainties).
    static let findingRecords: [PushRecord] = {
        let requests = [
            #"{"message":{"token":"t","data":{"source":"xnpe_platform","silent":"true"}}}"#,
            #"{"message":{"topic":"news","notification":{"title":"Hi"},"data":{"n":"\u00e9\"q\""}}}"#,
            #"{"aps":{"alert":{"title":"Hi"},"badge":-1},"_p":""}"#,
        ]
        var records: [PushRecord] = []
        for (index, text) in requests.enumerated() {
            guard let request = try? PushSendRequest(jsonString: text) else { continue }
            for finding in PushInspector().inspect(request).findings {
                records.append(
                    PushRecord(source: "lint \"a\".jsonl", line: index + 1, content: .finding(request.kind, finding))
                )
            }
        }
        records.append(
            PushRecord(
                source: "b.json",
                line: nil,
                content: .finding(
                    .apnsRequest,
                    PushFinding(
                        PushCheckRule(id: "test.header", severity: .error, summary: "s", source: "t"),
                        header: "apns-priority",
                        message: "m",
                        isCertain: false
                    )
                )
            )
        )
        return records
    }()

    @Test("a finding's record is the inspection's finding after the record's members, and encodes so")
    func findingRecords() throws {
        #expect(Self.findingRecords.count > 3)
        let writer = PushRecordWriter()
        var inspection = PushInspectionWriter()
        for record in Self.findingRecords {
            guard case .finding(let kind, let finding) = record.content else { continue }
            writer.removeAll()
            writer.write(record)
            let written = writer.withBytes { String(decoding: $0, as: UTF8.self) }
            inspection.removeAll()
            inspection.write(finding)
            let object = String(decoding: inspection.bytes, as: UTF8.self)
            let line = record.line.map(String.init) ?? "null"
            let source = String(decoding: try JSONBytesEncoder().encode(record.source), as: UTF8.self)
            #expect(
                written
                    == #"{"source":"# + source + #","line":"# + line + #","status":"finding","kind":""# + kind.name
                    + #"","# + object.dropFirst() + "\n"
            )
            #expect(try JSONBytesEncoder().encode(record) == Array(written.utf8.dropLast()))
            let encoded = try Self.normalized(Array(try Self.foundationEncoder.encode(record)))
            let expected = try Self.sortedMembers(Array(written.utf8.dropLast()))
            #expect(encoded.map(\.key) == expected.map(\.key))
            #expect(encoded.map(\.value) == expected.map(\.value))
        }
    }

    @Test("pretty printed, every level of a record is indented")
    func prettyRecord() throws {
        let record = PushRecord(
            source: "s",
            line: 1,
            content: .error(PushPayloadError(.invalidJSON, message: "m", byteOffset: 3))
        )
        let text = try JSONBytesEncoder(prettyPrinted: true).encodeToString(record)
        #expect(text.contains("\n  \"error\": {\n    \"code\": \"invalid_json\""), "\(text)")
    }

    /// JSON string texts as a payload may write them: escapes the writer writes itself (copied as they
    /// are), others it writes differently (`\/`, `\u…`, decoded and escaped again), and backslashes on
    /// either side of the eight-byte steps of its scan.
    static let escapedTexts: [String] = [
        #"plain"#, #"a\nb"#, #"\"quoted\""#, #"back\\slash"#, #"\\n is not a newline"#, #"tab\tcr\rbs\bff\f"#,
        #"https:\/\/example.com\/a"#, #"caf\u00e9"#, #"\u0001\u001f"#, #"\ud83d\ude00 smile"#, #"1234567\n"#,
        #"12345678\n"#, #"123456\\"#, #"1234567\\x"#, #"0123456789abcdef\n0123456789abcdef\""#,
        #"ends with an escape\\"#, #"mixed \n then \/ late"#, #"\u005C is a backslash"#,
    ]

    @Test("text a payload holds is written as decoding it and escaping it again would", arguments: escapedTexts)
    func escapedTextIsWrittenCanonically(_ raw: String) throws {
        let payload = #"{"aps":{"alert":{"title":""# + raw + #"","body":""# + raw + #""}},"mcID":""# + raw + #""}"#
        var decoder = PushInputDecoder()
        var notifications: [PushNotification] = []
        try decoder.decode(jsonBytes: Array(payload.utf8)) { notifications.append($0.notification) }
        let notification = try #require(notifications.first)
        // The same text set as Strings: the writer then escapes what it is given.
        var strings = notification
        strings.title = notification.title
        strings.body = notification.body
        strings.messageID = notification.messageID
        let writer = PushRecordWriter()
        writer.write(notification, delivery: nil, source: "s", line: 1)
        let fromPayload = writer.withBytes { Array($0) }
        writer.removeAll()
        writer.write(strings, delivery: nil, source: "s", line: 1)
        let fromStrings = writer.withBytes { Array($0) }
        #expect(String(decoding: fromPayload, as: UTF8.self) == String(decoding: fromStrings, as: UTF8.self))
        let record = try JSONDocument(jsonBytes: Array(fromPayload.dropLast())).rootObject
        #expect(record["title"]?.stringValue == notification.title)
        #expect(record["message_id"]?.stringValue == notification.messageID)
    }

    @Test("the PushRecords overview's example writes one record a line, an error's too")
    func overviewExample() throws {
        let lines: [[UInt8]] = [Array(#"{"aps":{"alert":"Hi"},"_p":"1"}"#.utf8), Array("{".utf8)]
        var output: [UInt8] = []
        // Sources/PushRecords/Docs.docc/PushRecords.md, as written there.
        var decoder = PushInputDecoder()
        let writer = PushRecordWriter()
        for (index, line) in lines.enumerated() {
            decoder.writeRecords(jsonBytes: line, source: "capture.jsonl", line: index + 1, to: writer)
        }
        writer.withBytes { output.append(contentsOf: $0) }  // output: [UInt8], or a file, a socket
        let records = String(decoding: output, as: UTF8.self).split(separator: "\n")
        #expect(records.count == 2)
        #expect(records[0].hasPrefix(#"{"source":"capture.jsonl","line":1,"status":"ok","vendor":"swrve""#))
        #expect(records[1].hasPrefix(#"{"source":"capture.jsonl","line":2,"status":"error""#))
    }

    @Test("records of one writer follow each other, and removeAll keeps nothing")
    func writerAppendsAndEmpties() throws {
        let writer = PushRecordWriter(capacity: 16)
        var decoder = PushInputDecoder()
        let request = Array(#"{"message":{"token":"t","notification":{"title":"Hi"}}}"#.utf8)
        decoder.writeRecords(jsonBytes: request, source: "a", line: 1, to: writer)
        decoder.writeRecords(jsonBytes: Array("{".utf8), source: "a", line: 2, to: writer)
        let lines = writer.withBytes { String(decoding: $0, as: UTF8.self) }.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix(#"{"source":"a","line":1,"status":"ok","kind":"fcm_v1","platform":"#))
        #expect(lines[2].hasPrefix(#"{"source":"a","line":2,"status":"error","error":{"code":"#))
        writer.removeAll()
        #expect(writer.byteCount == 0)
    }

    @Test("a forced kind the input is not is a kind_mismatch error naming the missing body")
    func kindMismatch() throws {
        var decoder = PushInputDecoder(kind: .fcmV1)
        #expect(throws: PushPayloadError.self) {
            try decoder.decode(jsonBytes: Array(#"{"aps":{"alert":"Hi"}}"#.utf8)) { _ in }
        }
        do {
            try decoder.decode(jsonBytes: Array(#"{"aps":{"alert":"Hi"}}"#.utf8)) { _ in }
        } catch {
            #expect(error.code == .kindMismatch)
            #expect(error.keyPath == "message")
        }
    }

    @Test("a platform filter keeps only the deliveries to those platforms")
    func platformFilter() throws {
        var decoder = PushInputDecoder(platforms: [.android])
        var platforms: [PushPlatform] = []
        try decoder.decode(jsonBytes: Array(#"{"message":{"token":"t","notification":{"title":"Hi"}}}"#.utf8)) {
            platforms.append($0.delivery!.platform)
        }
        #expect(platforms == [.android])
    }
}
