import Foundation
import PushPayloads
import PushPayloadsTestSupport
import Testing

/// The vendors' own test payloads (`../shared/vendor-fixtures`) must classify as `EXPECTED.tsv` says.
@Suite("Vendor fixtures")
struct VendorFixtureTests {
    static let rows: [ExpectedResult] = {
        guard let folder = TestPaths.vendorFixtures else { return [] }
        return (try? ExpectedResult.load(folder.appendingPathComponent("EXPECTED.tsv"))) ?? []
    }()

    @Test("the fixtures are present when ../shared is", .enabled(if: TestPaths.vendorFixtures != nil))
    func tableIsComplete() throws {
        let folder = try #require(TestPaths.vendorFixtures)
        let files = TestPaths.files(below: folder, extensions: ["json"])
        #expect(Self.rows.count == files.count)
        #expect(Set(Self.rows.map(\.file)) == Set(files))
    }

    @Test("every fixture classifies as EXPECTED.tsv says", arguments: rows)
    func classification(_ row: ExpectedResult) throws {
        let folder = try #require(TestPaths.vendorFixtures)
        let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(row.file)))
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
