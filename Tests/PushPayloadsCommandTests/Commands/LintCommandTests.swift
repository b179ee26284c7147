import Foundation
import Testing

/// `push-payloads lint`, tested as a binary.
@Suite("push-payloads lint")
struct LintCommandTests {
    static let clean = #"{"headers":{"apns-push-type":"alert"},"payload":{"aps":{"alert":"Hi"},"mcID":"m"}}"#
    static let warning = #"{"aps":{"alert":"Hi"},"mcID":"m","_p":"12"}"#
    static let error = #"{"headers":{"apns-push-type":"alert","apns-priority":"7"},"payload":{"aps":{"alert":"Hi"}}}"#

    @Test("no finding, or only warnings: exit 0; an error-level finding: exit 1")
    func exitStatus() throws {
        let clean = try CommandHarness.run(["lint"], stdin: Data(Self.clean.utf8))
        #expect(clean.status == 0 && clean.output.isEmpty)
        let warning = try CommandHarness.run(["lint"], stdin: Data(Self.warning.utf8))
        #expect(warning.status == 0)
        #expect(try warning.records().map { $0["rule"] as? String } == ["vendor.ambiguous"])
        let error = try CommandHarness.run(["lint"], stdin: Data(Self.error.utf8))
        #expect(error.status == 1)
        let record = try #require(try error.records().first)
        #expect(record["rule"] as? String == "apns.header.priority")
        #expect(record["severity"] as? String == "error")
        #expect(record["header"] as? String == "apns-priority")
        #expect(record["kind"] as? String == "apns_request")
        #expect(record["line"] as? Int == 1 && record["source"] as? String == "-")
    }

    @Test("--severity hides lower findings but not the exit status they give")
    func severityFilter() throws {
        let input = Data([Self.warning, Self.error].joined(separator: "\n").utf8)
        let all = try CommandHarness.run(["lint"], stdin: input)
        let errors = try CommandHarness.run(["lint", "--severity", "error"], stdin: input)
        #expect(try all.records().count == 2)
        #expect(try errors.records().map { $0["severity"] as? String } == ["error"])
        #expect(errors.status == 1)
        let onlyWarnings = try CommandHarness.run(["lint", "--severity", "error"], stdin: Data(Self.warning.utf8))
        #expect(onlyWarnings.status == 0 && onlyWarnings.output.isEmpty)
    }

    @Test("invalid JSON is an error record and exit 1; a missing file exits 74; a bad option 64")
    func failures() throws {
        let invalid = try CommandHarness.run(["lint"], stdin: Data(#"{"aps":"#.utf8))
        #expect(invalid.status == 1)
        #expect(try invalid.records().first?["status"] as? String == "error")
        let missing = try CommandHarness.run(["lint", "no-such-file.jsonl"])
        #expect(missing.status == 74)
        #expect(missing.stderr.contains("no-such-file.jsonl"))
        let usage = try CommandHarness.run(["lint", "--severity", "loud"])
        #expect(usage.status == 64)
    }

    @Test("--kind reads every input as the kind given")
    func kindOption() throws {
        // Detected, this is a device payload; as an APNs request its `aps` is missing.
        let input = Data(#"{"payload":{"aps":{"alert":"x"}},"headers":{},"aps":{"alert":"y"}}"#.utf8)
        let detected = try CommandHarness.run(["lint"], stdin: input)
        #expect(try detected.records().allSatisfy { $0["kind"] as? String == "device_payload" })
        let forced = try CommandHarness.run(["lint", "--kind", "apns"], stdin: input)
        #expect(try forced.records().contains { $0["kind"] as? String == "apns_request" })
    }

    @Test("--format table and --summary: findings in columns, counts per rule on stderr")
    func tableAndSummary() throws {
        let result = try CommandHarness.run(
            ["lint", "--format", "table", "--summary", "Corpus/captures/send-requests.jsonl"]
        )
        #expect(result.status == 1)
        #expect(result.output.hasPrefix("SOURCE"))
        #expect(result.output.contains("fcm.legacy.api"))
        #expect(result.stderr.contains("9 payloads and requests: "))
        #expect(result.stderr.contains("fcm.legacy.api"))
    }

    @Test("classify and inspect take send requests: one record per platform, one delivery per platform")
    func requestsInClassifyAndInspect() throws {
        let records = try CommandHarness.run(["classify", "Corpus/captures/send-requests.jsonl"]).records()
        let first = records.filter { $0["line"] as? Int == 1 }
        #expect(first.map { $0["platform"] as? String } == ["ios", "android"])
        #expect(first.allSatisfy { $0["kind"] as? String == "fcm_v1" && $0["vendor"] as? String == "exponea" })
        let device = try #require(records.last)
        #expect(device["kind"] == nil && device["platform"] == nil, "a device payload's record is as before")

        let inspection = try CommandHarness.run(["inspect", "Corpus/captures/send-requests.jsonl", "--line", "8"])
        let object = try #require(try JSONSerialization.jsonObject(with: inspection.stdout) as? [String: Any])
        let deliveries = try #require(object["deliveries"] as? [[String: Any]])
        #expect(deliveries.map { $0["platform"] as? String } == ["ios", "android"])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.contains { $0["rule"] as? String == "platform.divergence" })
    }
}
