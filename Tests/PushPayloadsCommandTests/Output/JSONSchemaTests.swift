import Foundation
import PushPayloads
import PushPayloadsTestSupport
import PushRecords
import PushRequests
import Testing

/// The library and the command write one documented JSON (`docs/push-payloads.schema.json`): the
/// command's records are the library's `PushRecord`, byte for byte, and everything either writes
/// validates against the schema file, checked by python-jsonschema as an independent oracle.
@Suite("JSON schema")
struct JSONSchemaTests {
    static let captures = ["sample", "mixed-errors", "send-requests"]

    /// Validates `documents` (one JSON document, or JSON Lines) against a `$defs` entry of the schema with
    /// `scripts/validate-json.py`; returns its report, empty when every document passes.
    static func validate(_ documents: Data, as definition: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "scripts/validate-json.py", definition]
        process.currentDirectoryURL = TestPaths.packageRoot
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        input.fileHandleForWriting.write(documents)
        try input.fileHandleForWriting.close()
        let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(
            !report.contains("No module named 'jsonschema'"),
            "python3 needs jsonschema: pip install jsonschema (scripts/test.sh installs it)"
        )
        return process.terminationStatus == 0 ? "" : report
    }

    /// What the library says each line of a capture holds, as the command's records should say it.
    static func libraryRecords(capture name: String) throws -> [UInt8] {
        let path = "Corpus/captures/\(name).jsonl"
        let data = try Data(contentsOf: TestPaths.packageRoot.appendingPathComponent(path))
        let registry = PushDecoderRegistry.standard
        let encoder = JSONBytesEncoder()
        var output: [UInt8] = []
        for (index, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            // JSON whitespace only (a blank line, or a lone CR) is not a payload.
            guard line.contains(where: { ![0x20, 0x09, 0x0D].contains($0) }) else { continue }
            var records: [PushRecord] = []
            do {
                let request = try PushSendRequest(jsonBytes: Array(line))
                if request.kind == .devicePayload {
                    let notification = registry.decode(PushPayload(document: request.document))
                    records.append(
                        PushRecord(source: path, line: index + 1, content: .decoded(notification, request: nil))
                    )
                } else {
                    for delivery in request.deliveries {
                        records.append(
                            PushRecord(
                                source: path,
                                line: index + 1,
                                content: .decoded(
                                    registry.decode(delivery.payload),
                                    request: (request.kind, delivery.platform)
                                )
                            )
                        )
                    }
                }
            } catch {
                records.append(PushRecord(source: path, line: index + 1, content: .error(error)))
            }
            for record in records {
                output += try encoder.encode(record)
                output.append(UInt8(ascii: "\n"))
            }
        }
        return output
    }

    @Test("classify writes exactly the library's records", arguments: captures)
    func classifyRecordsAreTheLibrarys(_ name: String) throws {
        let result = try CommandHarness.run(["classify", "--jobs", "2", "Corpus/captures/\(name).jsonl"])
        let expected = try Self.libraryRecords(capture: name)
        #expect(result.output == String(decoding: expected, as: UTF8.self))
    }

    @Test("classify's records validate against the schema, in every capture")
    func classifyRecordsValidate() throws {
        var records = Data()
        for name in Self.captures {
            records += try CommandHarness.run(["classify", "Corpus/captures/\(name).jsonl"]).stdout
        }
        #expect(!records.isEmpty)
        #expect(try Self.validate(records, as: "record") == "")
    }

    @Test("lint's records validate against the schema")
    func lintRecordsValidate() throws {
        var records = Data()
        for name in Self.captures {
            records += try CommandHarness.run(["lint", "Corpus/captures/\(name).jsonl"]).stdout
        }
        #expect(records.count > 100)
        #expect(try Self.validate(records, as: "lint_record") == "")
    }

    @Test("inspect's output validates against the schema", arguments: [3, 9, 20, 26])
    func inspectValidates(line: Int) throws {
        let result = try CommandHarness.run(["inspect", "Corpus/captures/sample.jsonl", "--line", String(line)])
        #expect(result.status == 0)
        #expect(try Self.validate(result.stdout, as: "inspection") == "")
        let requests = try CommandHarness.run(["inspect", "Corpus/captures/send-requests.jsonl", "--line", "1"])
        #expect(try Self.validate(requests.stdout, as: "inspection") == "")
    }

    @Test("the library's inspections of every corpus payload and vendor fixture validate against the schema")
    func libraryInspectionsValidate() throws {
        let files = try FileManager.default.subpathsOfDirectory(atPath: TestPaths.corpus.path)
            .filter { $0.hasSuffix(".json") }
            .map { TestPaths.corpus.appendingPathComponent($0) }
        var documents = Data()
        var count = 0
        let encoder = JSONBytesEncoder()
        for file in files {
            guard let request = try? PushSendRequest(jsonBytes: Array(try Data(contentsOf: file))) else { continue }
            documents += Data(try encoder.encode(PushInspector().inspect(request)) + [UInt8(ascii: "\n")])
            count += 1
        }
        #expect(count > 300)
        #expect(try Self.validate(documents, as: "inspection") == "")
    }

    @Test("a payload's JSON round-trips exactly as written: numbers and escapes kept")
    func payloadRoundTrip() throws {
        let text = #"{"aps":{"alert":"caf\u00e9 \"x\"","badge":1.50e0},"n":[1.50,-0.0,1E+2],"s":"\/"}"#
        let notification = PushDecoderRegistry.standard.decode(try PushPayload(jsonString: text))
        let json = try JSONBytesEncoder().encodeToString(notification)
        #expect(
            json.hasSuffix(
                #""payload":{"aps":{"alert":"caf\u00e9 \"x\"","badge":1.50e0},"n":[1.50,-0.0,1E+2],"s":"\/"}}"#
            )
        )
    }
}
