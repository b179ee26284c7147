import Foundation
import PushPayloads
import PushPayloadsTestSupport
import Testing

/// Replays the whole project corpus on every `swift test`: each file must parse or fail exactly as
/// `Corpus/EXPECTED.tsv` says, and classify as it says, with the standard registry (`vendor`, `silent`,
/// `ambiguous`) and with the extended one (`sender`, `sender_silent`, `sender_ambiguous`).
@Suite("Corpus replay")
struct CorpusReplayTests {
    static let table = TestPaths.corpus.appendingPathComponent("EXPECTED.tsv")
    static let rows: [ExpectedResult] = (try? ExpectedResult.load(table)) ?? []

    /// Payload files: everything but documentation, the captures, which the command's tests replay, and
    /// the vendor fixtures, which have a table of their own (`VendorFixtureTests`).
    static let payloadFiles: [String] = TestPaths.files(below: TestPaths.corpus).filter {
        !$0.hasSuffix(".md") && !$0.hasSuffix(".tsv") && !$0.hasPrefix("captures/") && !$0.hasPrefix("vendor-fixtures/")
    }

    @Test("every payload file has exactly one expected row, and every row a file")
    func tableIsComplete() throws {
        #expect(!Self.rows.isEmpty, "Corpus/EXPECTED.tsv is missing or empty")
        let listed = Self.rows.map(\.file)
        #expect(Set(listed).count == listed.count, "a file is listed twice")
        #expect(Set(listed) == Set(Self.payloadFiles))
    }

    @Test("the corpus covers every vendor, both shapes, other senders and every invalid kind")
    func coverage() {
        let ok = Self.rows.filter { $0.status == "ok" }
        #expect(Set(ok.map(\.vendor)).isSuperset(of: ["cordial", "exponea", "swrve", "atomic", "unknown"]))
        for vendor in ["cordial", "exponea", "swrve", "atomic"] {
            let shapes = Set(ok.filter { $0.vendor == vendor }.compactMap(\.shape))
            #expect(shapes == ["apns", "fcm"], "\(vendor) lacks a wire shape: \(shapes)")
        }
        #expect(ok.contains { !$0.ambiguous.isEmpty })
        #expect(ok.contains { $0.file.hasPrefix("other-senders/") })
        #expect(ok.contains { $0.file.hasPrefix("keys/") }, "keys with U+0000 are valid and must stay covered")
        // Every other sender, on each shape its rule covers, and near-misses the extended registry rejects.
        #expect(ok.allSatisfy { $0.sender != nil }, "every ok row has a sender")
        for vendor in PushVendor.otherSenders {
            let shapes = Set(ok.filter { $0.sender == vendor.name }.compactMap(\.shape))
            #expect(shapes == ["apns", "fcm"], "\(vendor) lacks a wire shape: \(shapes)")
        }
        #expect(ok.contains { $0.file.hasPrefix("other-senders/") && $0.file.hasSuffix("-unknown.json") })
        #expect(ok.contains { $0.vendor == "unknown" && $0.sender != "unknown" && !($0.senderAmbiguous ?? []).isEmpty })
        let codes = Set(Self.rows.compactMap(\.error))
        #expect(
            codes.isSuperset(of: [
                "invalid_json", "invalid_utf8", "duplicate_key", "number_out_of_range", "too_deep",
                "too_large", "not_an_object",
            ])
        )
        let invalidKinds = Set(
            Self.rows.filter { $0.file.hasPrefix("invalid/") }.map { $0.file.split(separator: "/")[1] }
        )
        #expect(
            invalidKinds.isSuperset(of: [
                "truncation", "utf8", "escapes", "surrogates", "duplicates", "depth", "size", "numbers", "syntax",
                "not-an-object",
            ])
        )
    }

    @Test("each file parses and classifies as expected", arguments: rows)
    func replay(_ row: ExpectedResult) throws {
        let bytes = try [UInt8](Data(contentsOf: TestPaths.corpus.appendingPathComponent(row.file)))
        var classifier = PushClassifier()
        do {
            let classification = try classifier.classify(bytes)
            #expect(row.status == "ok", "\(row.file) was accepted, expected \(row.error ?? "an error")")
            #expect(classification.vendor?.name ?? "unknown" == row.vendor)
            #expect(classification.isSilent == row.silent)
            #expect(classification.alsoMatching.map(\.name) == row.ambiguous)
            if let shape = row.shape { #expect(classification.shape.rawValue == shape) }
            // The model never disagrees with the fast path, and never loses the document.
            let notification = PushDecoderRegistry.standard.decode(try PushPayload(jsonBytes: bytes))
            #expect(notification.classification == classification)
            #expect(try JSONDocument(jsonBytes: notification.document.jsonBytes) == notification.document)

            var extended = PushClassifier(registry: .extended)
            let senders = try extended.classify(bytes)
            #expect(senders.vendor?.name ?? "unknown" == row.sender)
            #expect(senders.isSilent == row.senderSilent)
            #expect(senders.alsoMatching.map(\.name) == row.senderAmbiguous)
            #expect(senders.shape == classification.shape)
            #expect(PushDecoderRegistry.extended.decode(try PushPayload(jsonBytes: bytes)).classification == senders)
        } catch {
            #expect(row.status == "error", "\(row.file): \(error)")
            #expect(error.code.name == row.error, "\(row.file): \(error)")
        }
    }
}
