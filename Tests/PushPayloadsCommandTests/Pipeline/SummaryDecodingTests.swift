import Foundation
import PushPayloads
@_spi(Writers) import PushPayloadsJSON
import PushRequests
import PushPayloadsTestSupport
import Testing

@testable import PushPayloadsCommand

/// `classify` decodes with ``PushDecodingDetail/summary``; its records are right only if the summary
/// fields equal a full decode's, which is checked here on every payload the project has and on
/// thousands of variants of them.
@Suite("Summary decoding")
struct SummaryDecodingTests {
    /// Every payload of the corpus, the captures and (when present) the vendors' fixtures.
    static let payloads: [[UInt8]] = {
        var payloads: [[UInt8]] = []
        let folder = TestPaths.corpus
        for file in TestPaths.files(below: folder, extensions: ["json", "jsonl"]) {
            guard let data = try? Data(contentsOf: folder.appendingPathComponent(file)) else { continue }
            if file.hasSuffix(".jsonl") {
                payloads += data.split(separator: UInt8(ascii: "\n")).map { Array($0) }
            } else {
                payloads.append(Array(data))
            }
        }
        return payloads
    }()

    static let replacements = [#""""#, "0", "1", "true", "null", #""{}""#, #""[1]""#, "{}", #""x""#]

    /// The payload with each top-level member dropped, and with each member's value replaced by each of
    /// ``replacements``: type mismatches and empty values, where summary and full code paths could part.
    static func variants(of bytes: [UInt8]) -> [[UInt8]] {
        guard let document = try? JSONDocument(jsonBytes: bytes) else { return [] }
        let members = document.rootObject.map { member -> (key: [UInt8], value: [UInt8]) in
            let key = OutputBuffer()
            key.appendJSONString(member.key)
            return (key.bytes, member.value.jsonBytes)
        }
        func object(_ members: [(key: [UInt8], value: [UInt8])]) -> [UInt8] {
            var bytes: [UInt8] = [UInt8(ascii: "{")]
            for (index, member) in members.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes += member.key + [UInt8(ascii: ":")] + member.value
            }
            return bytes + [UInt8(ascii: "}")]
        }
        var variants: [[UInt8]] = []
        for index in members.indices {
            var dropped = members
            dropped.remove(at: index)
            variants.append(object(dropped))
            for replacement in replacements {
                var replaced = members
                replaced[index].value = Array(replacement.utf8)
                variants.append(object(replaced))
            }
        }
        return variants
    }

    static func expectSameSummary(_ bytes: [UInt8]) {
        guard let payload = try? PushPayload(jsonBytes: bytes) else { return }
        let full = PushDecoderRegistry.standard.decode(payload, detail: .full)
        let summary = PushDecoderRegistry.standard.decode(payload, detail: .summary)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(summary.classification == full.classification, "\(text)")
        #expect(summary.messageID == full.messageID, "\(text)")
        #expect(summary.title == full.title, "\(text)")
        #expect(summary.subtitle == full.subtitle, "\(text)")
        #expect(summary.body == full.body, "\(text)")
        #expect(summary.defaultAction == full.defaultAction, "\(text)")
    }

    @Test("the corpus has payloads of every vendor to check")
    func corpusIsThere() throws {
        #expect(Self.payloads.count > 250)
        let vendors = Set(
            Self.payloads.compactMap { try? PushDecoderRegistry.standard.classify(PushPayload(jsonBytes: $0)).vendor }
        )
        #expect(vendors == [.cordial, .exponea, .swrve, .atomic])
    }

    @Test("summary fields equal the full decode's on every payload")
    func everyPayload() {
        for payload in Self.payloads { Self.expectSameSummary(payload) }
    }

    @Test("summary fields equal the full decode's on variants of every payload")
    func variants() {
        var checked = 0
        for payload in Self.payloads {
            for variant in Self.variants(of: payload) {
                Self.expectSameSummary(variant)
                checked += 1
            }
        }
        #expect(checked > 5_000)
    }

    @Test("a summary leaves the other fields empty")
    func summaryIsSmall() throws {
        let payload = try PushPayload(
            jsonString: #"{"aps":{"alert":{"title":"T"},"badge":2,"sound":"s"},"source":"xnpe_platform","#
                + #""image":"i","actions":[{"title":"b","action":"app"}]}"#
        )
        let summary = PushDecoderRegistry.standard.decode(payload, detail: .summary)
        #expect(summary.vendor == .exponea && summary.title == "T")
        #expect(summary.badge == nil && summary.sound == nil && summary.buttons.isEmpty && summary.images.isEmpty)
        #expect(summary.exponea == nil)
        let full = PushDecoderRegistry.standard.decode(payload)
        #expect(full.badge == 2 && full.buttons.count == 1 && full.images.count == 1 && full.exponea != nil)
    }

    @Test("classify --full-decode writes the same records as the summary decode")
    func commandFullDecode() throws {
        for name in ClassifyCommandTests.captureNames {
            let summary = try CommandHarness.run(["classify", "Corpus/captures/\(name).jsonl"])
            let full = try CommandHarness.run(["classify", "--full-decode", "Corpus/captures/\(name).jsonl"])
            #expect(summary.stdout == full.stdout)
        }
    }
}
