import Foundation
import Testing

/// `push-payloads classify`, run as a user runs it: the built binary, real files, stdin and exit codes.
@Suite("push-payloads classify")
struct ClassifyCommandTests {
    static let captureNames = ["sample", "mixed-errors"]

    /// Lines holding anything but JSON whitespace: the payloads a capture has.
    static func nonBlankLineCount(_ data: Data) -> Int {
        data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).filter { line in
            line.contains { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }
        }.count
    }

    @Test("each capture gives exactly its committed expected output", arguments: captureNames)
    func captureMatchesExpectedOutput(_ name: String) throws {
        let expected = try Data(contentsOf: CommandHarness.captures.appendingPathComponent("\(name).expected.jsonl"))
        let result = try CommandHarness.run(["classify", "Corpus/captures/\(name).jsonl"])
        #expect(result.status == 1, "both captures hold malformed payloads")
        #expect(result.stderr == "")
        #expect(result.output == String(decoding: expected, as: UTF8.self))
    }

    @Test("one record per non-blank line, in input order", arguments: captureNames)
    func recordCountMatchesNonBlankLines(_ name: String) throws {
        let capture = try Data(contentsOf: CommandHarness.captures.appendingPathComponent("\(name).jsonl"))
        let records = try CommandHarness.run(["classify", "Corpus/captures/\(name).jsonl"]).records()
        #expect(records.count == Self.nonBlankLineCount(capture))
        let lines = records.compactMap { $0["line"] as? Int }
        #expect(lines == lines.sorted() && Set(lines).count == lines.count)
    }

    @Test("the sample capture: statuses, vendors and error codes")
    func sampleCaptureContent() throws {
        let records = try CommandHarness.run(["classify", "Corpus/captures/sample.jsonl"]).records()
        let errors = records.filter { $0["status"] as? String == "error" }
        #expect(errors.map { $0["line"] as? Int } == [7, 19, 33])
        #expect(
            errors.compactMap { ($0["error"] as? [String: Any])?["code"] as? String }
                == ["invalid_json", "invalid_json", "duplicate_key"]
        )
        let lines = records.compactMap { $0["line"] as? Int }
        #expect(!lines.contains(12) && !lines.contains(27), "blank lines make no record")
        let vendors = Set(records.compactMap { $0["vendor"] as? String })
        #expect(vendors == ["cordial", "exponea", "swrve", "atomic", "unknown"])
        let line15 = try #require(records.first { $0["line"] as? Int == 15 })
        #expect(line15["status"] as? String == "ok", "the CRLF line parses")
    }

    @Test("standard input, as - or with no file, reads JSON Lines with source -")
    func standardInput() throws {
        let sample = try Data(contentsOf: CommandHarness.captures.appendingPathComponent("sample.jsonl"))
        let fromFile = try CommandHarness.run(["classify", "Corpus/captures/sample.jsonl"])
        for arguments in [["classify"], ["classify", "-"]] {
            let fromStdin = try CommandHarness.run(arguments, stdin: sample)
            #expect(fromStdin.status == 1)
            let expected = fromFile.output.replacingOccurrences(
                of: #"{"source":"Corpus/captures/sample.jsonl","#,
                with: #"{"source":"-","#
            )
            #expect(fromStdin.output == expected)
        }
    }

    @Test("a directory: every .json and .jsonl inside, recursively, in sorted order")
    func directory() throws {
        let parent = try TemporaryDirectory()
        try parent.write("tree/b.jsonl", #"{"mcID":"m1"}"# + "\n" + #"{"_p":"7"}"# + "\n")
        try parent.write("tree/a/one.json", "{\"source\":\"xnpe_platform\",\n \"silent\": true}\n")
        try parent.write("tree/a/z/deep.jsonl", #"{"aps":{"alert":"hi"}}"#)
        try parent.write("tree/a-c.jsonl", "{}\n")
        try parent.write("tree/notes.txt", "not a payload\n")
        try parent.write("tree/c.json.bak", "{}")
        // Byte order of whole paths, as `find tree | LC_ALL=C sort` lists them: "a-c" before "a/".
        let records = try CommandHarness.run(["classify", "tree/"], in: parent.url).records()
        #expect(
            records.map { $0["source"] as? String } == [
                "tree/a-c.jsonl", "tree/a/one.json", "tree/a/z/deep.jsonl", "tree/b.jsonl", "tree/b.jsonl",
            ]
        )
        #expect(records[1]["line"] is NSNull, "a .json file has no line")
        #expect(records[1]["vendor"] as? String == "exponea" && records[1]["silent"] as? Bool == true)
        #expect(records.map { $0["vendor"] as? String } == ["unknown", "exponea", "unknown", "cordial", "swrve"])
        #expect(records.compactMap { $0["line"] as? Int } == [1, 1, 1, 2])
    }

    @Test("malformed and blank lines, CRLF, and a last line without a line break")
    func malformedBlankAndCRLF() throws {
        let folder = try TemporaryDirectory()
        let text =
            "{\"_sp\":\"5\"}\r\n"  // 1: CRLF
            + "\r\n"  // 2: blank
            + "   \t \r\n"  // 3: blank
            + "{\"mcID\": 7,}\r\n"  // 4: malformed
            + "\n"  // 5: blank
            + "[1,2]\n"  // 6: not an object
            + "{\"a\":1,\"a\":2}\n"  // 7: duplicate key
            + "{\"aps\":{\"content-available\":1}}"  // 8: no final line break
        try folder.write("mixed.jsonl", text)
        let result = try CommandHarness.run(["classify", "mixed.jsonl"], in: folder.url)
        #expect(result.status == 1)
        let records = try result.records()
        #expect(records.count == 5)
        #expect(records.compactMap { $0["line"] as? Int } == [1, 4, 6, 7, 8])
        #expect(records.map { $0["status"] as? String } == ["ok", "error", "error", "error", "ok"])
        #expect(
            records.compactMap { ($0["error"] as? [String: Any])?["code"] as? String }
                == ["invalid_json", "not_an_object", "duplicate_key"]
        )
        #expect(records[0]["vendor"] as? String == "swrve" && records[0]["silent"] as? Bool == true)
        #expect(records[4]["vendor"] as? String == "unknown" && records[4]["silent"] as? Bool == true)
        let error = try #require(records[1]["error"] as? [String: Any])
        #expect(error["offset"] as? Int == 11)
        #expect((error["message"] as? String)?.isEmpty == false)
    }

    @Test("a line longer than the payload limit is a too_large record, and the next line still parses")
    func oversizedLine() throws {
        let folder = try TemporaryDirectory()
        let long = #"{"body":""# + String(repeating: "x", count: 70_000) + #""}"#
        let short = #"{"mcID":"ok"}"#
        try folder.write("long.jsonl", long + "\r\n" + short + "\n" + long)
        let result = try CommandHarness.run(["classify", "long.jsonl"], in: folder.url)
        #expect(result.status == 1)
        let records = try result.records()
        #expect(records.count == 3)
        let first = try #require(records[0]["error"] as? [String: Any])
        #expect(first["code"] as? String == "too_large")
        #expect((first["message"] as? String)?.contains("\(long.utf8.count) bytes") == true)
        #expect(records[1]["vendor"] as? String == "cordial")
        #expect((records[2]["error"] as? [String: Any])?["code"] as? String == "too_large")

        // The limit is the option's, and a payload exactly at it is fine.
        let exact = #"{"a":""# + String(repeating: "y", count: 100 - 8) + #""}"#
        #expect(exact.utf8.count == 100)
        try folder.write("limit.jsonl", exact + "\n" + exact + "z\n")
        let limited = try CommandHarness.run(["classify", "--max-payload-bytes", "100", "limit.jsonl"], in: folder.url)
        let statuses = try limited.records().map { $0["status"] as? String }
        #expect(statuses == ["ok", "error"])
    }

    @Test("--max-depth makes deeper payloads too_deep errors")
    func maximumDepth() throws {
        let payload = Data((#"{"a":[[[[1]]]]}"# + "\n").utf8)
        let shallow = try CommandHarness.run(["classify", "--max-depth", "3"], stdin: payload)
        #expect(shallow.status == 1)
        #expect((try shallow.records().first?["error"] as? [String: Any])?["code"] as? String == "too_deep")
        #expect(try CommandHarness.run(["classify", "--max-depth", "5"], stdin: payload).status == 0)
    }

    @Test("--jobs 1 and --jobs 4 write identical output, over many batches")
    func jobsDoNotChangeOutput() throws {
        let sample = try Data(contentsOf: CommandHarness.captures.appendingPathComponent("sample.jsonl"))
        let folder = try TemporaryDirectory()
        var big = Data()
        for _ in 0..<150 { big.append(sample) }
        try folder.write("big.jsonl", big)
        let reference = try CommandHarness.run(["classify", "--jobs", "1", "big.jsonl"], in: folder.url)
        #expect(reference.lines.count == 150 * Self.nonBlankLineCount(sample))
        for arguments in [
            ["--jobs", "4"], ["--jobs", "4", "--batch-bytes", "1000"], ["--jobs", "3", "--batch-bytes", "1"],
            ["--jobs", "1", "--batch-bytes", "777"],
        ] {
            let result = try CommandHarness.run(["classify", "big.jsonl"] + arguments, in: folder.url)
            #expect(result.status == reference.status)
            #expect(result.stdout == reference.stdout, "\(arguments)")
        }
    }

    @Test("--format csv: RFC 4180 with a header row")
    func csvFormat() throws {
        let payloads = [
            #"{"aps":{"alert":{"title":"Say \"hi\", now","body":"two\nlines"}},"mcID":"m,1"}"#,
            #"{"_p":12}"#,
            "{broken",
        ]
        let result = try CommandHarness.run(
            ["classify", "--format", "csv"],
            stdin: Data(payloads.joined(separator: "\n").utf8)
        )
        #expect(result.status == 1)
        let rows = try CSV.parse(result.output)
        #expect(rows.count == 4)
        #expect(
            rows[0] == [
                "source", "line", "status", "vendor", "silent", "ambiguous", "shape", "message_id", "title", "body",
                "action", "url", "error_code", "error_offset", "error_message", "kind", "platform",
            ]
        )
        #expect(rows.allSatisfy { $0.count == 17 })
        #expect(
            rows[1][0...9] == ["-", "1", "ok", "cordial", "false", "", "apns", "m,1", #"Say "hi", now"#, "two\nlines"]
        )
        #expect(rows[2][3] == "swrve" && rows[2][7] == "12")
        #expect(rows[3][2] == "error" && rows[3][12] == "invalid_json" && rows[3][13] == "1")
        #expect(result.output.contains("\r\n"))
        #expect(result.output.hasPrefix("source,line,status,"))
    }

    @Test("--format table: a header and aligned, truncated columns")
    func tableFormat() throws {
        let longTitle = String(repeating: "Ünïcödé ", count: 10)
        let payloads = [
            #"{"aps":{"alert":{"title":"\#(longTitle)","body":"b"}},"_sp":"4"}"#,
            #"{"source":"xnpe_platform","action":"deeplink","url":"app://x","title":"Short"}"#,
            #"{"a":1,}"#,
        ]
        let result = try CommandHarness.run(
            ["classify", "--format", "table"],
            stdin: Data(payloads.joined(separator: "\n").utf8)
        )
        #expect(result.status == 1)
        let lines = result.lines
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("SOURCE"))
        for header in ["LINE", "STATUS", "VENDOR", "SILENT", "SHAPE", "MESSAGE_ID", "TITLE", "ACTION", "URL"] {
            #expect(lines[0].contains(header))
        }
        // Columns line up: the vendor column starts at the same character in every row.
        let vendorColumn = try #require(lines[0].range(of: "VENDOR")).lowerBound.utf16Offset(in: lines[0])
        #expect(lines[1].dropFirst(vendorColumn).hasPrefix("swrve"))
        #expect(lines[2].dropFirst(vendorColumn).hasPrefix("exponea"))
        #expect(lines[1].contains("…"), "the long title is cut")
        #expect(!lines[1].contains(longTitle))
        #expect(lines[2].contains("deep_link") && lines[2].contains("app://x"))
        #expect(lines[3].contains("error") && lines[3].contains("invalid_json"))
        #expect(lines.allSatisfy { !$0.hasSuffix(" ") })
    }

    @Test("--format jsonl output is valid JSON, with control characters escaped")
    func jsonlEscaping() throws {
        let title = "Tab\there \\ \"quoted\" \u{0001} é 🎉"
        let escaped = #"Tab\there \\ \"quoted\" \u0001 é 🎉"#
        let payload = #"{"aps":{"alert":{"title":"\#(escaped)"}},"mcID":"x"}"#
        let result = try CommandHarness.run(["classify", "--format", "jsonl"], stdin: Data(payload.utf8))
        #expect(result.status == 0)
        let record = try #require(try result.records().first)
        #expect(record["title"] as? String == title)
        #expect(record["ambiguous"] as? [String] == [])
        #expect(!result.output.contains("\t"))
    }

    @Test("--summary prints counts per vendor and error code to stderr; --no-summary and pipes print none")
    func summary() throws {
        let result = try CommandHarness.run(["classify", "--summary", "Corpus/captures/mixed-errors.jsonl"])
        #expect(result.stderr.contains("10 payloads: 5 ok, 5 errors"))
        for code in ["invalid_json", "duplicate_key", "not_an_object", "number_out_of_range", "invalid_utf8"] {
            #expect(result.stderr.contains(code))
        }
        for vendor in ["cordial", "exponea", "swrve", "atomic", "unknown"] {
            #expect(result.stderr.contains(vendor))
        }
        let quiet = try CommandHarness.run(["classify", "Corpus/captures/mixed-errors.jsonl"])
        #expect(quiet.stderr == "", "stdout is not a terminal: no summary, and no progress")
        let disabled = try CommandHarness.run(["classify", "--no-summary", "Corpus/captures/mixed-errors.jsonl"])
        #expect(disabled.stderr == "")
    }

    @Test("exit 0 when every payload parses, unknown vendors included")
    func exitZero() throws {
        let result = try CommandHarness.run(["classify"], stdin: Data("{\"x\":1}\n{\"mcID\":\"a\"}\n".utf8))
        #expect(result.status == 0)
        #expect(try result.records().first?["vendor"] as? String == "unknown")
    }

    @Test("exit 1 when some payloads are errors")
    func exitOne() throws {
        #expect(try CommandHarness.run(["classify"], stdin: Data("{}\n{\n".utf8)).status == 1)
    }

    @Test(
        "exit 64 for usage errors",
        arguments: [
            ["classify", "--format", "xml"], ["classify", "--jobs", "0"], ["classify", "--no-such-option"],
            ["classify", "--max-depth", "0"], ["classify", "--max-payload-bytes", "-1"], ["frobnicate"],
            ["inspect"], ["inspect", "a.json", "--line", "0"],
        ]
    )
    func exitUsage(_ arguments: [String]) throws {
        let result = try CommandHarness.run(arguments)
        #expect(result.status == 64)
        #expect(!result.stderr.isEmpty)
    }

    @Test("exit 74 when an input cannot be read; the other inputs are still classified")
    func exitUnreadable() throws {
        let result = try CommandHarness.run([
            "classify", "Corpus/captures/no-such-file.jsonl", "Corpus/captures/mixed-errors.jsonl",
        ])
        #expect(result.status == 74)
        #expect(result.stderr.contains("Corpus/captures/no-such-file.jsonl"))
        #expect(result.lines.count == 10)
        let clean = try CommandHarness.run(["classify", "missing.jsonl", "-"], stdin: Data("{}\n".utf8))
        #expect(clean.status == 74, "74 even when every payload that was read parsed")
        #expect(clean.lines.count == 1)
    }

    // MARK: --kind

    /// A legacy FCM body without a target, which detection takes for a device payload, and an FCM v1 body.
    static let kindInput = Data(
        (#"{"data":{"mcID":"m1"},"notification":{"title":"T"}}"# + "\n"
            + #"{"message":{"token":"t","data":{"mcID":"m2"}}}"# + "\n").utf8
    )

    @Test("--kind reads every input as the kind given, one record per platform; --kind device as a payload")
    func kindForced() throws {
        let detected = try CommandHarness.run(["classify"], stdin: Self.kindInput).records()
        #expect(detected.map { $0["kind"] as? String } == [nil, "fcm_v1", "fcm_v1"])
        #expect(detected.first?["vendor"] as? String == "unknown", "data inside data: no vendor's marker on top")

        let legacy = try CommandHarness.run(["classify", "--kind", "fcm-legacy"], stdin: Self.kindInput)
        let first = try legacy.records().filter { $0["line"] as? Int == 1 }
        #expect(first.map { $0["platform"] as? String } == ["ios", "android"])
        #expect(first.allSatisfy { $0["kind"] as? String == "fcm_legacy" && $0["vendor"] as? String == "cordial" })

        let device = try CommandHarness.run(["classify", "--kind", "device"], stdin: Self.kindInput)
        #expect(device.status == 0)
        let records = try device.records()
        #expect(records.count == 2 && records.allSatisfy { $0["kind"] == nil && $0["platform"] == nil })
    }

    @Test(
        "a wrong --kind is an error record (kind_mismatch), not a crash, in every format; other lines go on",
        arguments: ["jsonl", "csv", "table"]
    )
    func kindMismatch(format: String) throws {
        let result = try CommandHarness.run(
            ["classify", "--kind", "fcm-v1", "--format", format],
            stdin: Self.kindInput
        )
        #expect(result.status == 1, "an error record, as for invalid JSON")
        #expect(result.stderr == "")
        #expect(result.output.contains("kind_mismatch"))
        guard format == "jsonl" else { return }
        let records = try result.records()
        #expect(records.map { $0["status"] as? String } == ["error", "ok", "ok"])
        let error = try #require(records.first?["error"] as? [String: Any])
        #expect(error["code"] as? String == "kind_mismatch" && error["key_path"] as? String == "message")
        #expect((error["message"] as? String)?.contains("no `message` object") == true)

        let apns = try CommandHarness.run(["classify", "--kind", "apns"], stdin: Data(#"{"aps":{"alert":"A"}}"#.utf8))
        #expect(
            try apns.records().first.flatMap { ($0["error"] as? [String: Any])?["code"] as? String } == "kind_mismatch"
        )
        let inRecord = try CommandHarness.run(
            ["classify", "--kind", "fcm-v1", "--payload", "/body"],
            stdin: Data(#"{"body":{"aps":{}}}"#.utf8)
        )
        #expect(inRecord.status == 1)
        #expect(
            try inRecord.records().first.flatMap { $0["error"] as? [String: Any] }?["code"] as? String
                == "kind_mismatch"
        )
    }

    @Test("classify --help names send requests, kind and platform, and --kind as lint and inspect have it")
    func kindHelp() throws {
        let help = try CommandHarness.run(["classify", "--help"])
        #expect(help.status == 0)
        let text = help.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("payloads and send requests"))
        #expect(text.contains("with kind (apns_request, fcm_v1 or fcm_legacy) and platform"))
        #expect(text.contains("kind_mismatch"))
        let option = "--kind <kind> What the inputs are: device, apns, fcm-v1 or fcm-legacy"
        #expect(text.contains(option))
        let lint = try CommandHarness.run(["lint", "--help"]).output.split(whereSeparator: \.isWhitespace)
        #expect(lint.joined(separator: " ").contains(option + " (default: detected per input)."))
        #expect(text.contains(option + " (default: detected per input)."))
    }

    #if Jansson
    @Test("--engine jansson gives the same records as the native engine")
    func janssonEngine() throws {
        for name in Self.captureNames {
            let native = try CommandHarness.run(["classify", "Corpus/captures/\(name).jsonl"])
            let jansson = try CommandHarness.run(["classify", "--engine", "jansson", "Corpus/captures/\(name).jsonl"])
            #expect(jansson.status == native.status)
            // Error messages, offsets and key paths are each engine's own; everything else must agree.
            let strip = { (records: [[String: Any]]) in
                records.map { record -> String in
                    var record = record
                    if var error = record["error"] as? [String: Any] {
                        error["message"] = nil
                        error["offset"] = nil
                        error["key_path"] = nil
                        record["error"] = error
                    }
                    let data = try! JSONSerialization.data(withJSONObject: record, options: [.sortedKeys])
                    return String(decoding: data, as: UTF8.self)
                }
            }
            #expect(strip(try jansson.records()) == strip(try native.records()))
        }
    }
    #else
    @Test("--engine jansson without the Jansson trait is a usage error that says how to build it")
    func janssonUnavailable() throws {
        let result = try CommandHarness.run(["classify", "--engine", "jansson", "Corpus/captures/sample.jsonl"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--traits Jansson"))
    }
    #endif
}

/// A strict RFC 4180 reader for checking the CSV output.
enum CSV {
    struct Malformed: Error {}

    static func parse(_ text: String) throws -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var scalars = Array(text.unicodeScalars)[...]
        var quoted = false
        var fieldStarted = false
        while let scalar = scalars.popFirst() {
            if quoted {
                if scalar == "\"" {
                    if scalars.first == "\"" {
                        field.unicodeScalars.append("\"")
                        scalars.removeFirst()
                    } else {
                        quoted = false
                    }
                } else {
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"":
                guard !fieldStarted else { throw Malformed() }
                quoted = true
                fieldStarted = true
            case ",":
                row.append(field)
                field = ""
                fieldStarted = false
            case "\r":
                guard scalars.popFirst() == "\n" else { throw Malformed() }
                row.append(field)
                rows.append(row)
                row = []
                field = ""
                fieldStarted = false
            case "\n":
                throw Malformed()
            default:
                field.unicodeScalars.append(scalar)
                fieldStarted = true
            }
        }
        guard !quoted, row.isEmpty, field.isEmpty else { throw Malformed() }
        return rows
    }
}
