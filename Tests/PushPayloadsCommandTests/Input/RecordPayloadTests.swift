import Foundation
import PushPayloads
import Testing

@testable import PushPayloadsCommand

/// `--payload` and `--keep`: lines that are log records with the payload inside, and what they keep.
@Suite("push-payloads records holding payloads")
struct RecordPayloadTests {
    /// Log records around two payloads of the sample capture, one as an object and one as a string.
    static let records =
        [
            #"{"ts":"2024-05-01T10:00:00Z","device":{"id":"d1","n":1.50},"request":{"body":{"aps":{"alert":"hi"},"_p":"7"}}}"#,
            #"{"ts":"2024-05-01T10:00:01Z","device":{"id":"d2"},"request":{"body":"{\"aps\":{\"alert\":\"caf\\u00e9 \\\"q\\\"\\n\"},\"mcID\":\"m1\"}"}}"#,
            #"{"ts":"2024-05-01T10:00:02Z","request":{}}"#,
            #"{"ts":"2024-05-01T10:00:03Z","request":{"body":42}}"#,
            #"{"ts":"2024-05-01T10:00:04Z","request":{"body":"{\"aps\":{\"alert\":}"}}"#,
            #"not json"#,
            #"{"ts":"2024-05-01T10:00:05Z","request":{"body":null}}"#,
        ].joined(separator: "\n") + "\n"

    static func run(_ arguments: [String], _ text: String = records) throws -> CommandResult {
        let folder = try TemporaryDirectory()
        try folder.write("records.jsonl", text)
        return try CommandHarness.run(["classify"] + arguments + ["records.jsonl"], in: folder.url)
    }

    static func error(_ record: [String: Any]) -> [String: Any] { record["error"] as? [String: Any] ?? [:] }

    /// The engines this build has.
    static let engines: [String] = {
        #if Jansson
        return ["native", "jansson"]
        #else
        return ["native"]
        #endif
    }()

    @Test("the payload as an object and as a string holding JSON, escapes and all", arguments: [1, 2])
    func payloads(jobs: Int) throws {
        let result = try Self.run(["--jobs", "\(jobs)", "--payload", "/request/body"])
        #expect(result.status == 1)
        #expect(result.stderr == "")
        let records = try result.records()
        #expect(records.map { $0["line"] as? Int } == [1, 2, 3, 4, 5, 6, 7], "line numbers of the input file")
        #expect(records[0]["status"] as? String == "ok")
        #expect(records[0]["vendor"] as? String == "swrve")
        #expect(records[0]["message_id"] as? String == "7")
        #expect(records[1]["vendor"] as? String == "cordial")
        #expect(records[1]["body"] as? String == "café \"q\"\n", "escapes of the string and inside the JSON")
        #expect(records[0]["kept"] == nil, "no kept fields without --keep")

        // The same payloads alone classify the same.
        let alone = try Self.run(
            [],
            #"{"aps":{"alert":"hi"},"_p":"7"}"# + "\n" + #"{"aps":{"alert":"café \"q\"\n"},"mcID":"m1"}"# + "\n"
        )
        let fields = ["status", "vendor", "silent", "shape", "message_id", "title", "body", "action", "url"]
        for (record, payload) in zip(records, try alone.records()) {
            for field in fields { #expect("\(record[field] ?? "-")" == "\(payload[field] ?? "-")", "\(field)") }
        }
    }

    @Test("a missing payload, a value that is no payload, and errors inside the payload or the record")
    func payloadErrors() throws {
        let records = try Self.run(["--payload", "/request/body"]).records()
        let missing = Self.error(records[2])
        #expect(missing["code"] as? String == "payload_not_found")
        #expect(missing["key_path"] as? String == "/request/body")
        #expect(missing["in"] as? String == "record")
        #expect((missing["message"] as? String)?.contains(#"/request has no member "body""#) == true)

        for index in [3, 6] {
            let wrong = Self.error(records[index])
            #expect(wrong["code"] as? String == "payload_not_object")
            #expect(wrong["in"] as? String == "record")
        }
        #expect((Self.error(records[3])["message"] as? String)?.contains("is a number") == true)
        #expect((Self.error(records[6])["message"] as? String)?.contains("is null") == true)

        // Invalid JSON inside the string: the offset counts in the string's text.
        let inner = Self.error(records[4])
        #expect(inner["code"] as? String == "invalid_json")
        #expect(inner["offset"] as? Int == Array(#"{"aps":{"alert":"#.utf8).count)
        #expect(inner["in"] as? String == "payload")
        #expect((inner["message"] as? String)?.hasPrefix("the JSON in the string at /request/body: ") == true)

        // A line that is not JSON at all: the offset counts in the line.
        let outer = Self.error(records[5])
        #expect(outer["code"] as? String == "invalid_json")
        #expect(outer["offset"] as? Int == 0)
        #expect(outer["in"] as? String == "record")
    }

    @Test("--keep copies fields as written, leaves out missing ones, and works without --payload")
    func keep() throws {
        let result = try Self.run(["--payload", "/request/body", "--keep", "/ts,/device/n", "--keep", "/device"])
        let records = try result.records()
        let kept = records.map { $0["kept"] as? [String: Any] }
        #expect(kept.allSatisfy { $0 != nil }, "every record has kept, errors included")
        #expect(kept[0]?["/ts"] as? String == "2024-05-01T10:00:00Z")
        #expect(kept[2]?.keys.sorted() == ["/ts"], "missing fields are left out")
        #expect(kept[5]?.isEmpty == true, "nothing is kept from a line that is not JSON")
        // As written: the number keeps its spelling, the object its members.
        #expect(
            result.lines[0].hasSuffix(
                #","kept":{"/ts":"2024-05-01T10:00:00Z","/device/n":1.50,"/device":{"id":"d1","n":1.50}}}"#
            )
        )

        // Without --payload the line is the payload, and kept fields come from it.
        let plain = try Self.run(["--keep", "/mcID"], #"{"mcID":"m9","aps":{}}"# + "\n" + "{bad\n")
        let plainRecords = try plain.records()
        #expect((plainRecords[0]["kept"] as? [String: Any])?["/mcID"] as? String == "m9")
        #expect(plainRecords[0]["vendor"] as? String == "cordial")
        #expect(Self.error(plainRecords[1])["code"] as? String == "invalid_json")
        #expect(Self.error(plainRecords[1])["in"] == nil, "offsets count in the line, as always")
        #expect((plainRecords[1]["kept"] as? [String: Any])?.isEmpty == true)
    }

    @Test("pointers: ~0 and ~1 escapes, array indexes, the whole record")
    func pointerSyntax() throws {
        let text = #"{"a/b":{"~x":[{"_p":"1"},{"mcID":"2"}]},"s":"{\"_p\":\"3\"}"}"# + "\n"
        let indexed = try Self.run(["--payload", "/a~1b/~0x/1", "--keep", "/a~1b/~0x/0/_p,/a~1b/~0x/2"], text)
        let record = try #require(try indexed.records().first)
        #expect(record["message_id"] as? String == "2")
        #expect((record["kept"] as? [String: Any])?.keys.sorted() == ["/a~1b/~0x/0/_p"])
        let outOfRange = try Self.run(["--payload", "/a~1b/~0x/2"], text).records()
        #expect((Self.error(outOfRange[0])["message"] as? String)?.contains("is an array of 2 elements") == true)
        // The empty pointer is the whole line, which may itself be a string holding JSON.
        let whole = try Self.run(["--payload", ""], #""{\"_p\":\"4\"}""# + "\n").records()
        #expect(whole.first?["message_id"] as? String == "4")

        let bad = try Self.run(["--payload", "request/body"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("must be empty or start with /"))
        #expect(try Self.run(["--keep", "/a~2"]).status == 64)
    }

    @Test(
        "an object payload is read in place: the records its compact text gives, its size counted in that text",
        arguments: engines
    )
    func objectInPlace(engine: String) throws {
        // 40 bytes as compact JSON, more with the record's spaces; and a send request, one record a platform.
        let payload = #"{"aps":{"alert":"hi"},"_p":"1234567890"}"#
        let spaced = #"{ "aps" : { "alert" : "hi" } , "_p" : "1234567890" }"#
        let request = #"{"message":{"token":"t","data":{"_p":"5","text":"x"},"notification":{"title":"T"}}}"#
        let text = [spaced, payload, request].map { #"{"id":1,"request":{"body":\#($0)}}"# }.joined(separator: "\n")
        let alone = [payload, payload, request].joined(separator: "\n")
        for limit in [40, 39] {
            let options = ["--engine", engine, "--max-payload-bytes", "\(limit)"]
            let inRecords = try Self.run(options + ["--payload", "/request/body"], text + "\n").records()
            let plain = try Self.run(options, alone + "\n").records()
            #expect(inRecords.count == plain.count)
            for (record, expected) in zip(inRecords, plain) {
                for field in ["status", "vendor", "platform", "message_id", "title", "body"] {
                    #expect("\(record[field] ?? "-")" == "\(expected[field] ?? "-")", "\(limit) \(field)")
                }
                #expect(Self.error(record)["code"] as? String == Self.error(expected)["code"] as? String)
                #expect(
                    Self.error(record)["message"] as? String
                        == (Self.error(expected)["message"] as? String).map {
                            "the object at /request/body: " + $0
                        }
                )
            }
            #expect(inRecords.first?["status"] as? String == (limit == 40 ? "ok" : "error"))
        }
    }

    @Test("limits: the record's size is --max-record-bytes, the payload's --max-payload-bytes")
    func limits() throws {
        let body = String(repeating: "x", count: 100)
        let text =
            #"{"pad":"\#(String(repeating: "p", count: 200))","request":{"body":{"_p":"1"}}}"# + "\n"
            + #"{"request":{"body":{"_p":"\#(body)"}}}"# + "\n"
        let result = try Self.run(
            ["--payload", "/request/body", "--max-payload-bytes", "64", "--max-record-bytes", "256"],
            text
        )
        let records = try result.records()
        #expect(records[0]["status"] as? String == "ok", "a record larger than the payload limit")
        #expect(Self.error(records[1])["code"] as? String == "too_large")
        #expect(Self.error(records[1])["in"] as? String == "payload")

        let small = try Self.run(
            ["--payload", "/request/body", "--max-payload-bytes", "64", "--max-record-bytes", "100"],
            text
        )
        let smallRecords = try small.records()
        #expect(Self.error(smallRecords[0])["code"] as? String == "too_large")
        #expect(Self.error(smallRecords[0])["in"] as? String == "record")
        #expect((Self.error(smallRecords[0])["message"] as? String)?.contains("--max-record-bytes") == true)

        let inverted = try Self.run(["--payload", "/a", "--max-payload-bytes", "2000000"])
        #expect(inverted.status == 64)
        #expect(inverted.stderr.contains("--max-record-bytes (1048576) must be at least --max-payload-bytes"))

        // The payload may nest as deep as --max-depth, wherever it sits in the record.
        let deep = #"{"a":{"b":{"aps":{"alert":{"body":"x"}}}}}"# + "\n"
        #expect(
            try Self.run(["--payload", "/a/b", "--max-depth", "3"], deep).records().first?["status"] as? String == "ok"
        )
        let tooDeep = try Self.run(["--payload", "/a", "--max-depth", "3"], deep).records()
        #expect(Self.error(tooDeep[0])["code"] as? String == "too_deep")
    }

    @Test("CSV: error_in and one kept:POINTER column each, as JSON text")
    func csv() throws {
        let result = try Self.run(["--format", "csv", "--payload", "/request/body", "--keep", "/ts,/device/id"])
        let rows = try CSV.parse(result.output)
        #expect(rows[0].suffix(3) == ["error_in", "kept:/ts", "kept:/device/id"])
        #expect(rows[1].suffix(3) == ["", #""2024-05-01T10:00:00Z""#, #""d1""#])
        #expect(rows[3].suffix(3) == ["record", #""2024-05-01T10:00:02Z""#, ""])
        #expect(rows[5].suffix(3) == ["payload", #""2024-05-01T10:00:04Z""#, ""])
        #expect(rows.allSatisfy { $0.count == rows[0].count })
    }

    @Test("--source-label and --line-offset name and number standard input's lines")
    func sourceLabel() throws {
        let input = Data(("{}\n\n" + #"{"_p":"1"}"# + "\n").utf8)
        let result = try CommandHarness.run(
            ["classify", "--source-label", "capture.jsonl", "--line-offset", "1000"],
            stdin: input
        )
        let records = try result.records()
        #expect(records.map { $0["source"] as? String } == ["capture.jsonl", "capture.jsonl"])
        #expect(records.map { $0["line"] as? Int } == [1001, 1003])
        // A part after line 1 is the middle of a text, read as it is: a byte-order mark there is data, and
        // gzip's magic bytes are the start of a (broken) line.
        for text in ["\u{FEFF}{}\n", "\u{1F}\u{8B}{}\n"] {
            let middle = try CommandHarness.run(["classify", "--line-offset", "10"], stdin: Data(text.utf8))
            let records = try middle.records()
            #expect(records.map { $0["line"] as? Int } == [11])
            #expect(Self.error(records[0])["code"] as? String == "invalid_json")
        }
        let refused = try CommandHarness.run(["classify", "--line-offset", "5", "Corpus/captures/sample.jsonl"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("describe standard input"))
    }

    @Test("a send request inside a record: one record per platform, each with the kept fields")
    func sendRequestPayload() throws {
        let capture = try String(
            contentsOf: CommandHarness.captures.appendingPathComponent("send-requests.jsonl"),
            encoding: .utf8
        )
        let request = try #require(capture.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(7).first)
        let text = #"{"ts":"t1","request":{"body":\#(request)}}"# + "\n"
        let records = try Self.run(["--payload", "/request/body", "--keep", "/ts"], text).records()
        #expect(records.map { $0["platform"] as? String } == ["ios", "android"])
        #expect(records.map { $0["kind"] as? String } == ["fcm_v1", "fcm_v1"])
        #expect(records.map { $0["line"] as? Int } == [1, 1])
        #expect(records.map { ($0["kept"] as? [String: Any])?["/ts"] as? String } == ["t1", "t1"])
    }

    @Test("records with kept fields and error locations, and io_error records, validate against the schema")
    func schema() throws {
        var records = try Self.run(["--payload", "/request/body", "--keep", "/ts,/device,/nothing"]).stdout
        records += try Self.run(["--keep", "/mcID"], #"{"mcID":"m9","aps":{}}"# + "\n" + "{bad\n").stdout
        let folder = try TemporaryDirectory()
        let compressed = try CommandHarness.gzip(try CommandHarness.longCapture())
        try folder.write("cut.jsonl.gz", compressed.prefix(compressed.count - 40))
        let cut = try CommandHarness.run(["classify", "cut.jsonl.gz"], in: folder.url)
        #expect(cut.status == 74)
        records += cut.stdout
        // The input's failure with --payload and --keep: no line backs it, so its error counts in the record
        // and nothing is kept.
        let keptCut = try CommandHarness.run(
            ["classify", "--payload", "/p", "--keep", "/k", "cut.jsonl.gz"],
            in: folder.url
        )
        #expect(keptCut.status == 74)
        let failure = try #require(try keptCut.records().last)
        #expect(Self.error(failure)["code"] as? String == "io_error")
        #expect(Self.error(failure)["in"] as? String == "record")
        #expect((failure["kept"] as? [String: Any])?.isEmpty == true)
        records += keptCut.stdout
        #expect(try JSONSchemaTests.validate(records, as: "record") == "")
    }

    @Test("JSON Pointer parsing and resolution (RFC 6901)")
    func jsonPointer() throws {
        #expect(try JSONPointer("").tokens == [])
        #expect(try JSONPointer("/").tokens == [""])
        #expect(try JSONPointer("/a~1b/m~0n/0").tokens == ["a/b", "m~n", "0"])
        #expect(try JSONPointer("/~01").tokens == ["~1"], "~0 first, so ~01 is ~1, not /")
        #expect(throws: JSONPointer.SyntaxError.self) { try JSONPointer("a") }
        #expect(throws: JSONPointer.SyntaxError.self) { try JSONPointer("/a~") }
        #expect(JSONPointer.arrayIndex("0") == 0)
        #expect(JSONPointer.arrayIndex("12") == 12)
        #expect(JSONPointer.arrayIndex("01") == nil)
        #expect(JSONPointer.arrayIndex("-") == nil)
        #expect(JSONPointer.arrayIndex("1e1") == nil)

        // RFC 6901's own examples, section 5.
        let document = try JSONDocument(
            jsonString: #"{"foo":["bar","baz"],"":0,"a/b":1,"c%d":2,"e^f":3,"g|h":4,"i\\j":5,"k\"l":6," ":7,"m~n":8}"#
        )
        let examples: [(String, String)] = [
            ("/foo", #"["bar","baz"]"#), ("/foo/0", #""bar""#), ("/", "0"), ("/a~1b", "1"), ("/c%d", "2"),
            ("/e^f", "3"), ("/g|h", "4"), (#"/i\j"#, "5"), (#"/k"l"#, "6"), ("/ ", "7"), ("/m~0n", "8"),
        ]
        for (pointer, expected) in examples {
            guard case .found(let value) = try JSONPointer(pointer).resolve(in: document.root) else {
                Issue.record("\(pointer) found nothing")
                continue
            }
            #expect(value.jsonString == expected, "\(pointer)")
        }
        guard case .missing(let reason) = try JSONPointer("/foo/bar/x").resolve(in: document.root) else {
            Issue.record("/foo/bar/x found something")
            return
        }
        #expect(reason == #"/foo is an array, and "bar" is not an index of it"#)
    }
}
