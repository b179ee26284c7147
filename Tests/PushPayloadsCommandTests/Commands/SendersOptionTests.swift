import Foundation
import PushPayloadsTestSupport
import Testing

/// `--senders standard|all`: the built binary names every sender with `all`, and is unchanged by default.
@Suite("push-payloads --senders")
struct SendersOptionTests {
    static let rows: [ExpectedResult] = {
        let table = TestPaths.corpus.appendingPathComponent("EXPECTED.tsv")
        return ((try? ExpectedResult.load(table)) ?? []).filter { $0.file.hasPrefix("other-senders/") }
    }()

    static let otherSenders = [
        "customerio", "iterable", "braze", "onesignal", "batch", "adobe", "airship", "leanplum", "pushwoosh",
        "klaviyo", "expo", "clevertap", "firebase",
    ]

    /// Classifies every file of `Corpus/other-senders/` and returns the records by file.
    static func records(_ options: [String]) throws -> [String: [String: Any]] {
        let result = try CommandHarness.run(["classify", "--jobs", "2"] + options + ["Corpus/other-senders"])
        #expect(result.status == 0, "\(result.stderr)")
        var records: [String: [String: Any]] = [:]
        for record in try result.records() {
            let source = try #require(record["source"] as? String)
            records[String(source.dropFirst("Corpus/".count))] = record
        }
        return records
    }

    @Test("with all, each record's vendor, silent and ambiguous are EXPECTED.tsv's sender columns")
    func all() throws {
        #expect(Self.rows.count > 100)
        let records = try Self.records(["--senders", "all"])
        #expect(records.count == Self.rows.count)
        for row in Self.rows {
            let record = try #require(records[row.file], "\(row.file)")
            #expect(record["vendor"] as? String == row.sender, "\(row.file)")
            #expect(record["silent"] as? Bool == row.senderSilent, "\(row.file)")
            #expect(record["ambiguous"] as? [String] == row.senderAmbiguous, "\(row.file)")
        }
        let named = Set(records.values.compactMap { $0["vendor"] as? String })
        #expect(named.isSuperset(of: Self.otherSenders))
    }

    @Test("standard is the default, and its records are EXPECTED.tsv's vendor columns")
    func standard() throws {
        let records = try Self.records(["--senders", "standard"])
        for row in Self.rows {
            let record = try #require(records[row.file], "\(row.file)")
            #expect(record["vendor"] as? String == row.vendor, "\(row.file)")
            #expect(record["silent"] as? Bool == row.silent, "\(row.file)")
            #expect(record["ambiguous"] as? [String] == row.ambiguous, "\(row.file)")
        }
        let plain = try CommandHarness.run(["classify", "Corpus/captures/sample.jsonl"])
        let explicit = try CommandHarness.run(["classify", "--senders", "standard", "Corpus/captures/sample.jsonl"])
        #expect(plain.output == explicit.output)
    }

    @Test("with all, a record the four vendors claim is the same as with standard")
    func fourVendorsUnchanged() throws {
        let standard = try CommandHarness.run(["classify", "Corpus/captures/sample.jsonl"]).records()
        let all = try CommandHarness.run(["classify", "--senders", "all", "Corpus/captures/sample.jsonl"]).records()
        #expect(standard.count == all.count)
        var changed = 0
        for (before, after) in zip(standard, all) {
            guard before["status"] as? String == "ok", before["vendor"] as? String != "unknown" else {
                if (before as NSDictionary) != (after as NSDictionary) { changed += 1 }
                continue
            }
            #expect((before as NSDictionary) == (after as NSDictionary), "\(before)")
        }
        #expect(changed > 0, "the sample has other senders' pushes, which all names")
    }

    @Test("the summary with all counts every sender, and unknown after them")
    func summary() throws {
        let result = try CommandHarness.run(["classify", "--senders", "all", "--summary", "Corpus/other-senders"])
        let vendorRows = result.stderr.split(separator: "\n").compactMap { line -> String? in
            let cells = line.split(separator: " ")
            return cells.count == 4 && Int(cells[1]) != nil ? String(cells[0]) : nil
        }
        #expect(vendorRows == ["exponea", "atomic", "swrve", "cordial"] + Self.otherSenders + ["unknown"])
        #expect(result.stderr.contains("  braze  "))
    }

    @Test("the table's vendor column fits the longest sender's name and the ambiguity mark")
    func table() throws {
        let result = try CommandHarness.run([
            "classify", "--senders", "all", "--format", "table",
            "Corpus/other-senders/collision-customerio-with-console-keys.json",
        ])
        #expect(result.lines.first?.contains("VENDOR       SILENT") == true)
        #expect(result.lines.last?.contains(" customerio+  no ") == true, "\(result.output)")
        let standard = try CommandHarness.run(["classify", "--format", "table", "Corpus/captures/sample.jsonl"])
        #expect(standard.lines.first?.contains("VENDOR    SILENT") == true, "standard keeps its width")
    }

    /// The model of the one delivery of a device payload, in `inspect`'s output.
    static func model(_ output: Data) throws -> [String: Any] {
        let inspection = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
        let deliveries = try #require(inspection["deliveries"] as? [[String: Any]])
        return try #require(deliveries.first?["notification"] as? [String: Any])
    }

    @Test("inspect --senders all shows the sender and its model")
    func inspect() throws {
        let file = "Corpus/other-senders/onesignal-fcm-custom-json.json"
        let result = try CommandHarness.run(["inspect", "--senders", "all", file])
        #expect(result.status == 0, "\(result.stderr)")
        let model = try Self.model(result.stdout)
        let classification = try #require(model["classification"] as? [String: Any])
        #expect(classification["vendor"] as? String == "onesignal")
        #expect(classification["marker"] as? String == "onesignal.custom_json")
        #expect(classification["entry_point_rule"] as? Bool == true)
        #expect(model["message_id"] as? String == "9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d")
        #expect(model["body"] as? String == "Earbuds are back in stock.")
        let standard = try CommandHarness.run(["inspect", file])
        let plain = try Self.model(standard.stdout)
        #expect((plain["classification"] as? [String: Any])?["vendor"] is NSNull)
        #expect((plain["classification"] as? [String: Any])?["marker"] is NSNull)
    }

    @Test("inspect shows a documented format's marker as no entry point's rule (Expo)")
    func convention() throws {
        let file = "Corpus/other-senders/expo-fcm-envelope.json"
        let result = try CommandHarness.run(["inspect", "--senders", "all", file])
        let model = try Self.model(result.stdout)
        let classification = try #require(model["classification"] as? [String: Any])
        #expect(classification["vendor"] as? String == "expo")
        #expect(classification["marker"] as? String == "expo.scope_keys")
        #expect(classification["entry_point_rule"] as? Bool == false)
        #expect(model["body"] as? String == "Enjoy your meal!")
    }

    @Test(
        "an unknown set is a usage error (exit 64)",
        arguments: [["classify"], ["inspect", "Corpus/other-senders/braze-ab.json"]]
    )
    func usage(_ command: [String]) throws {
        let result = try CommandHarness.run(command + ["--senders", "some"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--senders"))
    }
}
