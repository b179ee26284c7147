import Foundation
import PushPayloads
import PushPayloadsTestSupport
import Testing

/// The vendors' own test payloads (`Corpus/vendor-fixtures`) must classify as their `EXPECTED.tsv` says.
@Suite("Vendor fixtures")
struct VendorFixtureTests {
    static let rows: [ExpectedResult] = {
        (try? ExpectedResult.load(TestPaths.vendorFixtures.appendingPathComponent("EXPECTED.tsv"))) ?? []
    }()

    @Test("every fixture has exactly one expected row, and every row a file")
    func tableIsComplete() throws {
        let files = TestPaths.files(below: TestPaths.vendorFixtures, extensions: ["json"])
        #expect(files.count > 100, "Corpus/vendor-fixtures is missing or cut")
        #expect(Self.rows.count == files.count)
        #expect(Set(Self.rows.map(\.file)) == Set(files))
    }

    @Test("every fixture classifies as EXPECTED.tsv says", arguments: rows)
    func classification(_ row: ExpectedResult) throws {
        let bytes = try [UInt8](Data(contentsOf: TestPaths.vendorFixtures.appendingPathComponent(row.file)))
        let payload: PushPayload
        do {
            payload = try PushPayload(jsonBytes: bytes)
        } catch {
            #expect(row.error != nil, "\(row.file): \(error)")
            return
        }
        #expect(row.error == nil)
        let classification = PushDecoderRegistry.standard.classify(payload)
        #expect(classification.vendor?.name ?? "unknown" == row.vendor)
        #expect(classification.isSilent == row.silent)
        #expect(classification.alsoMatching.map(\.name) == row.ambiguous)

        // The full model agrees with the fast path.
        let notification = PushDecoderRegistry.standard.decode(payload)
        #expect(notification.classification == classification)
    }
}
