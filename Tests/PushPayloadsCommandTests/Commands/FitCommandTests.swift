import Foundation
import PushPayloads
import PushRequests
import Testing

/// `push-payloads fit`, tested as a binary.
@Suite("push-payloads fit")
struct FitCommandTests {
    /// A payload over APNs' limit by its body: a family, a flag, a waving hand with a skin tone, an accent
    /// written as an escape, and CJK, over and over.
    static let overLimit =
        #"{"aps":{"alert":{"title":"Sale","body":"\#(String(repeating: #"👨‍👩‍👧 🇫🇷 👋🏽 caf\u00e9 漢字 "#, count: 200))"}},"id":"1"}"#
    static let fits = #"{"aps":{"alert":"Hi"},"mcID":"m"}"#
    static let notText = #"{"aps":{"alert":"Hi"},"blob":"\#(String(repeating: "x", count: 5_000))"}"#
    static let request =
        #"{"message":{"token":"t","notification":{"title":"Sale","body":"\#(String(repeating: #"e\u0301\""#, count: 1_200))"}}}"#

    @Test("one line per input in input order: cut, equal, or the error record; exit 1 for a refusal")
    func lines() throws {
        let input = [Self.overLimit, "  " + Self.fits + " ", Self.notText, Self.request, #"{"aps":"#]
            .joined(separator: "\n")
        let result = try CommandHarness.run(["fit"], stdin: Data(input.utf8))
        #expect(result.status == 1)
        let lines = result.lines
        try #require(lines.count == 5, "\(result.output)")

        // Cut: the bytes written are at most 4,096, and less by under one cluster and the ellipsis.
        let cut = Data(lines[0].utf8)
        #expect(cut.count <= 4_096 && cut.count > 4_096 - 25 - 3, "\(cut.count) bytes")
        let body = try #require(
            try JSONDocument(jsonBytes: Array(cut)).rootObject["aps"]?["alert"]?["body"]?.stringValue
        )
        #expect(body.hasSuffix("…"))
        let original = try #require(
            try JSONDocument(jsonString: Self.overLimit).rootObject["aps"]?["alert"]?["body"]?.stringValue
        )
        #expect(Array(body.dropLast()) == Array(original.prefix(body.count - 1)))
        #expect(lines[0].contains(#"caf\u00e9"#), "escapes kept as written")

        // Equal: the same document, compact.
        #expect(lines[1] == Self.fits)

        // Refused: the error record, as classify and lint write it.
        let records = try result.records()
        #expect(records[2]["status"] as? String == "error" && records[2]["line"] as? Int == 3)
        let error = try #require(records[2]["error"] as? [String: Any])
        #expect(error["code"] as? String == "cannot_fit")
        #expect((error["message"] as? String)?.contains("not alert text") == true)

        // An FCM v1 body: FCM's count and the iOS payload's both under 4,096; lint finds no size error.
        let fcm = try PushSendRequest(jsonString: lines[3])
        let ios = try #require(fcm.deliveries.first { $0.platform == .ios })
        #expect(ios.payload.document.jsonBytes.count <= 4_096)
        #expect(!PushChecker().check(fcm).contains { $0.rule.id.hasSuffix(".size") })

        #expect(records[4]["status"] as? String == "error")
        #expect((records[4]["error"] as? [String: Any])?["code"] as? String == "invalid_json")
    }

    @Test("fit's error lines validate against the schema as lint's error records")
    func errorRecordsValidate() throws {
        let input = [Self.notText, #"{"aps":"#, Self.notText].joined(separator: "\n")
        let result = try CommandHarness.run(["fit"], stdin: Data(input.utf8))
        #expect(result.lines.count == 3)
        #expect(try JSONSchemaTests.validate(result.stdout, as: "lint_record") == "")
    }

    @Test("inputs that all fit: exit 0, each line the compact input")
    func allFit() throws {
        let result = try CommandHarness.run(["fit"], stdin: Data((Self.fits + "\n" + Self.fits).utf8))
        #expect(result.status == 0)
        #expect(result.lines == [Self.fits, Self.fits])
    }

    @Test("--max-bytes replaces the platforms' limits; a bad value is a usage error")
    func maximumBytes() throws {
        let input = #"{"aps":{"alert":"\#(String(repeating: "🇯🇵", count: 60))"}}"#
        let result = try CommandHarness.run(["fit", "--max-bytes", "200"], stdin: Data(input.utf8))
        #expect(result.status == 0)
        let line = try #require(result.lines.first)
        #expect(line.utf8.count <= 200 && line.utf8.count > 200 - 8 - 3)
        #expect(try CommandHarness.run(["fit", "--max-bytes", "0"], stdin: Data(input.utf8)).status == 64)
    }

    @Test("files and directories in order, a missing file exits 74, --kind reads every input as that kind")
    func inputs() throws {
        let directory = try TemporaryDirectory()
        let first = try directory.write("a.jsonl", Self.fits + "\n" + Self.overLimit + "\n")
        let second = try directory.write("b.json", Self.fits)
        let result = try CommandHarness.run(["fit", first.path, second.path])
        #expect(result.status == 0)
        #expect(result.lines.count == 3 && result.lines[0] == Self.fits && result.lines[2] == Self.fits)
        let missing = try CommandHarness.run(["fit", "no-such-file.jsonl"])
        #expect(missing.status == 74 && missing.stderr.contains("no-such-file.jsonl"))
        let forced = try CommandHarness.run(["fit", "--kind", "fcm-v1"], stdin: Data(Self.fits.utf8))
        #expect(forced.status == 0 && forced.lines == [Self.fits])
    }

    @Test("lint says whether fit can bring an oversized input under the limit")
    func lintSaysWhetherFitCan() throws {
        let input = Data((Self.overLimit + "\n" + Self.notText).utf8)
        let records = try CommandHarness.run(["lint", "--severity", "error"], stdin: input).records()
        let messages = records.filter { $0["rule"] as? String == "apns.size" }.compactMap { $0["message"] as? String }
        try #require(messages.count == 2)
        #expect(messages[0].contains("cutting the alert text (push-payloads fit) brings it under the limit"))
        #expect(messages[1].contains("cutting the alert text cannot bring it under the limit"))
    }
}

/// `--platform` in `lint`, `classify` and `inspect`.
@Suite("push-payloads --platform")
struct PlatformOptionTests {
    static let dataMessage = #"{"message":{"token":"t","data":{"k":"v"},"android":{"priority":"high"}}}"#

    @Test("lint: a data message to an unnamed token is no error; --platform ios makes it one, android drops it")
    func lint() throws {
        let unnamed = try CommandHarness.run(["lint"], stdin: Data(Self.dataMessage.utf8))
        #expect(unnamed.status == 0)
        let priority = try #require(
            try unnamed.records().first { $0["rule"] as? String == "fcm.apns.data-only-priority" }
        )
        #expect(priority["severity"] as? String == "warning" && priority["certain"] as? Bool == false)
        #expect((priority["message"] as? String)?.contains("only if Apple devices receive the request") == true)

        let ios = try CommandHarness.run(["lint", "--platform", "ios"], stdin: Data(Self.dataMessage.utf8))
        #expect(ios.status == 1)
        #expect(try ios.records().contains { $0["severity"] as? String == "error" && $0["certain"] as? Bool == true })

        let android = try CommandHarness.run(["lint", "--platform", "android"], stdin: Data(Self.dataMessage.utf8))
        #expect(android.status == 0)
        #expect(try android.records().allSatisfy { $0["platform"] as? String != "ios" })

        let both = try CommandHarness.run(
            ["lint", "--platform", "ios", "--platform", "android"],
            stdin: Data(Self.dataMessage.utf8)
        )
        #expect(both.status == 1)
        #expect(try CommandHarness.run(["lint", "--platform", "windows"]).status == 64)

        // With an apns block, the request says it goes to Apple devices: the error stands.
        let apns = #"{"message":{"token":"t","data":{"k":"v"},"apns":{"headers":{"apns-priority":"10"}}}}"#
        #expect(try CommandHarness.run(["lint"], stdin: Data(apns.utf8)).status == 1)
    }

    @Test("lint --summary counts a rule's certain errors and uncertain warnings apart")
    func summary() throws {
        let apns = #"{"message":{"token":"t","data":{"k":"v"},"apns":{"headers":{"apns-priority":"10"}}}}"#
        let input = Data((Self.dataMessage + "\n" + apns).utf8)
        let result = try CommandHarness.run(["lint", "--summary"], stdin: input)
        #expect(result.status == 1)
        let rows = result.stderr.split(separator: "\n").filter { $0.contains("fcm.apns.data-only-priority") }
        #expect(rows.count == 2, "\(result.stderr)")
        #expect(rows.contains { $0.contains("error") && $0.hasSuffix(" 1") })
        #expect(rows.contains { $0.contains("warning") && $0.hasSuffix(" 1") })
    }

    @Test("classify and inspect: --platform keeps the deliveries to the platforms named")
    func classifyAndInspect() throws {
        let records = try CommandHarness.run(["classify", "--platform", "android"], stdin: Data(Self.dataMessage.utf8))
            .records()
        #expect(records.map { $0["platform"] as? String } == ["android"])
        let all = try CommandHarness.run(["classify"], stdin: Data(Self.dataMessage.utf8)).records()
        #expect(all.map { $0["platform"] as? String } == ["ios", "android"])
        // A device payload is for its platform whatever is said.
        let payload = try CommandHarness.run(
            ["classify", "--platform", "android"],
            stdin: Data(#"{"aps":{"alert":"Hi"}}"#.utf8)
        )
        #expect(try payload.records().count == 1)

        let inspection = try CommandHarness.run(
            ["inspect", "--platform", "ios", "-"],
            stdin: Data(Self.dataMessage.utf8)
        )
        let object = try #require(try JSONSerialization.jsonObject(with: inspection.stdout) as? [String: Any])
        let deliveries = try #require(object["deliveries"] as? [[String: Any]])
        #expect(deliveries.map { $0["platform"] as? String } == ["ios"])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(
            findings.contains {
                $0["rule"] as? String == "fcm.apns.data-only-priority" && $0["severity"] as? String == "error"
            }
        )
    }
}
