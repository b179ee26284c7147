import Foundation
import PushPayloads
import PushPayloadsTestSupport
import PushRecords
import PushRequests
import Testing

/// `classify --kind inbox` and `inspect --kind inbox`, run as the binary: the records are the library's
/// `PushInboxRecord`s byte for byte, and both outputs validate against the schema.
@Suite("The command with --kind inbox")
struct InboxCommandTests {
    static let fixtures = TestPaths.files(below: TestPaths.corpus.appendingPathComponent("inbox"), extensions: ["json"])
        .map { "Corpus/inbox/\($0)" }

    /// What the library says each input holds, as `classify --kind inbox` should write it.
    static func libraryRecords(_ path: String) throws -> Data {
        let bytes = try [UInt8](Data(contentsOf: TestPaths.packageRoot.appendingPathComponent(path)))
        let reading = Result { () throws(PushPayloadError) in try PushInboxPage(jsonBytes: bytes) }
        var output = Data()
        for record in PushInboxRecord.records(source: path, line: nil, reading: reading) {
            output += try JSONBytesEncoder().encode(record) + [UInt8(ascii: "\n")]
        }
        return output
    }

    @Test("classify's records are the library's, for every fixture", arguments: fixtures)
    func recordsAreTheLibrarys(_ path: String) throws {
        let result = try CommandHarness.run(["classify", "--kind", "inbox", path])
        #expect(result.status == 0)
        #expect(result.stdout == (try Self.libraryRecords(path)))
    }

    @Test("JSON Lines: one entry or page a line; bad lines are error records and exit 1")
    func jsonLines() throws {
        let lines =
            [
                #"{"id":"e1","type":"html","create_time":1700000000,"content":{"title":"T","pre_header":"P"}}"#,
                #"{"message_id":"1","variant_id":1}"#,
                #"{"push_inbox":[{"message_id":2,"variant_id":3,"state":"R","sent_date":5,"end_date":6,"customer_json":{}}]}"#,
                "not json",
            ].joined(separator: "\n") + "\n"
        let result = try CommandHarness.run(["classify", "--kind", "inbox", "-"], stdin: Data(lines.utf8))
        #expect(result.status == 1)
        let records = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n")
        #expect(records.count == 4)
        #expect(
            records[0].contains(
                #""line":1,"entry":null,"status":"ok","kind":"inbox","vendor":"exponea","message_id":"e1""#
            )
        )
        #expect(
            records[1].contains(
                #""line":2,"entry":null,"status":"error","kind":"inbox","error":{"code":"type_mismatch""#
            )
        )
        #expect(records[2].contains(#""line":3,"entry":"push_inbox[0]","status":"ok""#))
        #expect(
            records[3].contains(
                #""line":4,"entry":null,"status":"error","kind":"inbox","error":{"code":"invalid_json""#
            )
        )
        #expect(try JSONSchemaTests.validate(result.stdout, as: "inbox_record") == "")
    }

    @Test("lint reads pushes only: --kind inbox is a usage error there; classify's and inspect's help name it")
    func lintRefusesInbox() throws {
        let lint = try CommandHarness.run(["lint", "--kind", "inbox", Self.fixtures[0]])
        #expect(lint.status == 64)
        for command in ["classify", "inspect"] {
            let help = try CommandHarness.run([command, "--help"]).output.split(whereSeparator: \.isWhitespace)
            #expect(help.joined(separator: " ").contains("inbox: "), "\(command)")
        }
    }

    @Test("classify --kind inbox writes JSON Lines only")
    func formats() throws {
        let result = try CommandHarness.run(["classify", "--kind", "inbox", "--format", "csv", Self.fixtures[0]])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--kind inbox writes JSON Lines only"))
    }

    /// Options that read pushes are refused, never silently ignored (issue 37); `--max-depth` applies.
    @Test(
        "classify --kind inbox refuses the options for pushes",
        arguments: [
            ["--payload", "/p"], ["--keep", "/k"], ["--platform", "ios"], ["--summary"],
            ["--max-payload-bytes", "100"], ["--max-record-bytes", "100000"],
        ]
    )
    func refusesPushOptions(_ option: [String]) throws {
        let result = try CommandHarness.run(["classify", "--kind", "inbox"] + option + [Self.fixtures[0]])
        #expect(result.status == 64, "\(option)")
        #expect(result.stderr.contains("\(option[0]) reads pushes, not inbox pages"), "\(result.stderr)")
    }

    @Test("classify --kind inbox honours --max-depth")
    func honoursMaxDepth() throws {
        let entry =
            #"{"message_id":1,"variant_id":1,"state":"U","sent_date":1,"end_date":2,"customer_json":{},"x":[[[1]]]}"#
        let shallow = try CommandHarness.run(
            ["classify", "--kind", "inbox", "--max-depth", "3"],
            stdin: Data(entry.utf8)
        )
        #expect(shallow.status == 1)
        #expect(shallow.output.contains("too_deep"), "\(shallow.output)")
        let deep = try CommandHarness.run(["classify", "--kind", "inbox", "--max-depth", "4"], stdin: Data(entry.utf8))
        #expect(deep.status == 0, "\(deep.output)")
    }

    @Test("classify's and inspect's inbox output validate against the schema")
    func schema() throws {
        var records = Data()
        for path in Self.fixtures {
            records += try CommandHarness.run(["classify", "--kind", "inbox", path]).stdout
            let inspection = try CommandHarness.run(["inspect", "--kind", "inbox", path])
            #expect(inspection.status == 0)
            #expect(try JSONSchemaTests.validate(inspection.stdout, as: "inbox_page") == "", "\(path)")
        }
        #expect(try JSONSchemaTests.validate(records, as: "inbox_record") == "")
        // Exponea's own App Inbox test message, among the vendor fixtures.
        let path = TestPaths.vendorFixtures.appendingPathComponent("exponea/ios-appinbox-message-push-type.json").path
        let inspection = try CommandHarness.run(["inspect", "--kind", "inbox", path])
        #expect(inspection.status == 0)
        #expect(try JSONSchemaTests.validate(inspection.stdout, as: "inbox_page") == "")
        #expect(String(decoding: inspection.stdout, as: UTF8.self).contains(#""vendor": "exponea""#))
    }

    @Test("inspect --kind inbox: a line of JSON Lines; an entry that is an error exits 1; a missing line exits 1")
    func inspectLines() throws {
        let lines = Data(
            (#"{"_id":"c","url":"u","urlExpireAt":"2024-01-01T00:00:00.000Z","read":true,"sentAt":"2024-01-01T00:00:00.000Z"}"#
                + "\n" + #"{"_id":"c"}"# + "\n").utf8
        )
        let first = try CommandHarness.run(["inspect", "--kind", "inbox", "--line", "1", "-"], stdin: lines)
        #expect(first.status == 0)
        #expect(String(decoding: first.stdout, as: UTF8.self).contains(#""message_id": "c""#))
        let second = try CommandHarness.run(["inspect", "--kind", "inbox", "--line", "2", "-"], stdin: lines)
        #expect(second.status == 1)
        #expect(String(decoding: second.stdout, as: UTF8.self).contains(#""code": "missing_field""#))
        let missing = try CommandHarness.run(["inspect", "--kind", "inbox", "--line", "9", "-"], stdin: lines)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("has no input on line 9"))
    }
}
