import Foundation
import PushPayloadsTestSupport
import Testing

/// `classify --format arrow` against `--format jsonl`, with pyarrow as the oracle: the binary's Arrow stream is
/// read by `pyarrow.ipc.open_stream`, every batch validated in full, its schema held to the Spark package's, and
/// its records to pyarrow's parse of the JSON Lines and, written back, to the JSON Lines byte for byte
/// (`scripts/compare-arrow-records.py`). `scripts/test.sh` installs pyarrow, so the oracle cannot be missing.
@Suite("Arrow output")
struct ArrowOutputTests {
    /// A run over some inputs with some options, and the largest batch its stream may hold.
    struct Case: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var maximumRows = 1 << 16
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(arguments: ["Corpus"]),
        Case(arguments: ["--senders", "all", "Corpus"]),
        Case(arguments: ["--senders", "all", "Corpus/captures/send-requests.jsonl"]),
        Case(arguments: ["--platform", "web", "Corpus/captures/send-requests.jsonl"]),
        Case(arguments: ["--kind", "fcm-v1", "Corpus/captures/send-requests.jsonl"]),
        // Batches cut by rows, by bytes, and input batches of a few bytes: line numbers across every cut.
        Case(arguments: ["--arrow-batch-rows", "7", "--jobs", "2", "Corpus/captures"], maximumRows: 7),
        Case(arguments: ["--arrow-batch-bytes", "1", "Corpus/captures/mixed-errors.jsonl"], maximumRows: 1),
        Case(arguments: ["--batch-bytes", "64", "--jobs", "3", "Corpus/captures", "Corpus/vendors"]),
    ]

    @Test("records equal the JSON Lines records", arguments: cases)
    func recordsEqualJSONLines(_ testCase: Case) throws {
        let report = try Self.compare(testCase.arguments, maximumRows: testCase.maximumRows)
        #expect(report.hasPrefix("arrow records: "), "\(report)")
    }

    @Test("edge inputs: invalid UTF-8, escapes, CRLF, a lone CR, blank lines, a byte-order mark, too large, a document")
    func edgeInputs() throws {
        let scratch = try TemporaryDirectory()
        let lines: [[UInt8]] = [
            Array("\u{FEFF}{\"aps\":{\"alert\":\"Hello\"},\"mcID\":\"31:a:ot:b:1\"}\r\n".utf8),
            Array(#"{"aps":{"alert":"caf"#.utf8) + [0xE9] + Array("\"}}\n".utf8),
            Array(#"{"aps":{"alert":"cut "#.utf8) + [0xE2, 0x82] + Array("\"}}\n".utf8),
            Array(#"{"aps":{"alert":{"title":"a\u0000b \ud83d\ude00 \"q\" \/ \u001f","body":"x\ny"}}}"#.utf8) + [0x0A],
            Array("{\"aps\":{}}\r{\"mcID\":\"x\"}\n\n   \n".utf8),
            Array("{\"aps\":{\"alert\":\"\(String(repeating: "x", count: 5_000))\"}}\n".utf8),
            Array(#"{"aps":{"alert":"\ud800"}}"#.utf8),
        ]
        _ = try scratch.write("edges.jsonl", Data(lines.joined()))
        _ = try scratch.write(
            "document.json",
            "{\n  \"aps\": {\"alert\": \"over\\nlines\"},\n  \"mcID\": \"31:a:ot:b:1\"\n}\n"
        )
        let report = try Self.compare(["--max-payload-bytes", "4096", "."], in: scratch.url)
        #expect(report == "arrow records: 8 equal, in 2 batches", "\(report)")
    }

    @Test("--payload and --keep: the error's in, and kept as the JSON text jsonl writes")
    func payloadAndKeep() throws {
        let scratch = try TemporaryDirectory()
        let records = [
            #"{"ts":"2024-05-01T10:00:00Z","device":{"id":"d1","n":1.50},"request":{"body":{"aps":{"alert":"Hi"}}}}"#,
            #"{"ts":"2024-05-01T10:01:00Z","request":{"body":"{\"aps\":{\"alert\":\"Hi\"},\"_p\":1,\"_p\":2}"}}"#,
            #"{"device":{"id":"d\"3"},"request":{}}"#,
            #"{"ts":"#,
        ]
        _ = try scratch.write("records.jsonl", records.joined(separator: "\n") + "\n")
        let options = ["--payload", "/request/body", "--keep", "/ts,/device/id,/device/missing", "records.jsonl"]
        let report = try Self.compare(options, kept: true, in: scratch.url)
        #expect(report == "arrow records: 4 equal, in 1 batches", "\(report)")
    }

    @Test("exit status 1 for error records and 74 for an unreadable input, each with a whole stream")
    func exitStatuses() throws {
        let errors = try CommandHarness.run([
            "classify", "--quiet", "--format", "arrow", "Corpus/captures/mixed-errors.jsonl",
        ])
        #expect(errors.status == 1)
        let scratch = try TemporaryDirectory()
        _ = try scratch.write("a.jsonl", "{\"aps\":{}}\n")
        let unreadable = try CommandHarness.run(
            ["classify", "--quiet", "--format", "arrow", "a.jsonl", "missing.jsonl"],
            in: scratch.url
        )
        #expect(unreadable.status == 74)
        #expect(unreadable.stderr.contains("missing.jsonl"))
        let report = try Self.compare(["a.jsonl", "missing.jsonl"], in: scratch.url, expectedStatus: 74)
        #expect(report == "arrow records: 1 equal, in 1 batches", "\(report)")
    }

    @Test("refused: inbox records, and limits an Arrow string cannot hold")
    func refusals() throws {
        let inbox = try CommandHarness.run(["classify", "--format", "arrow", "--kind", "inbox", "Corpus/inbox"])
        #expect(inbox.status == 64)
        #expect(inbox.stderr.contains("--kind inbox writes JSON Lines only"))
        let large = try CommandHarness.run([
            "classify", "--format", "arrow", "--max-payload-bytes", "2000000000", "Corpus",
        ])
        #expect(large.status == 64)
        #expect(large.stderr.contains("--format arrow holds values of at most 1073741824 bytes"))
        #expect(large.stdout.isEmpty)
    }

    /// Runs `classify` with `arguments` as Arrow and as JSON Lines in `directory`, and the comparison script
    /// over both; returns its report (`arrow records: N equal, …` when they are).
    static func compare(
        _ arguments: [String],
        kept: Bool = false,
        maximumRows: Int = 1 << 16,
        in directory: URL = CommandHarness.packageRoot,
        expectedStatus: Int32? = nil
    ) throws -> String {
        let arrow = try CommandHarness.run(["classify", "--quiet", "--format", "arrow"] + arguments, in: directory)
        let jsonl = try CommandHarness.run(["classify", "--quiet"] + arguments, in: directory)
        #expect(arrow.status == jsonl.status)
        if let expectedStatus {
            #expect(arrow.status == expectedStatus)
        } else {
            #expect([0, 1].contains(arrow.status))
        }
        #expect(arrow.stderr == jsonl.stderr)
        let scratch = try TemporaryDirectory()
        let arrowFile = try scratch.write("records.arrows", arrow.stdout)
        let jsonlFile = try scratch.write("records.jsonl", jsonl.stdout)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", "scripts/compare-arrow-records.py", arrowFile.path, jsonlFile.path]
            + (kept ? ["--kept"] : []) + ["--maximum-rows", String(maximumRows)]
        process.currentDirectoryURL = TestPaths.packageRoot
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(
            !report.contains("No module named 'pyarrow'"),
            "python3 needs pyarrow: pip install pyarrow (scripts/test.sh installs it)"
        )
        return report.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
