import Foundation
import PushPayloads
import PushPayloadsTestSupport
import PushRequests
import Testing

/// The vendors' own payloads (`Corpus/vendor-fixtures`) lint with no error, except those `MANIFEST.md`
/// marks INVALID, which must produce exactly the error that says why their SDK won't claim them.
@Suite("Vendor fixtures, checked")
struct VendorFixtureCheckTests {
    /// The fixtures with an error-level finding: the rule, and why (from `MANIFEST.md`).
    static let expectedErrors: [String: (rule: String, why: String)] = [
        "atomic/synth-atomic-array.json": ("vendor.atomic.envelope", "`atomic` is an array, not an object"),
        "atomic/synth-atomic-not-object.json": (
            "vendor.atomic.envelope", "`atomic` is the string \"source=io.atomic\", not a JSON object"
        ),
        "atomic/synth-card-instance-id-number.json": ("vendor.atomic.envelope", "`cardInstanceId` is a number"),
        "atomic/synth-container-id-bool.json": ("vendor.atomic.envelope", "`streamContainerId` is a Boolean"),
        "atomic/synth-missing-container-id.json": ("vendor.atomic.envelope", "no `streamContainerId`"),
        "atomic/synth-missing-source.json": ("vendor.atomic.envelope", "no `source` \"io.atomic\""),
        "atomic/synth-wrong-source.json": ("vendor.atomic.envelope", "`source` is \"com.example\""),
        "cordial/synth-mcid-number.json": ("vendor.cordial.mcid", "`mcID` is a number, not a string"),
        "swrve/ios-push-id-is-dictionary.json": ("vendor.swrve.push-id", "`_p` is a dictionary"),
    ]

    static let files: [String] = TestPaths.files(below: TestPaths.vendorFixtures, extensions: ["json"])

    static let manifest: [Substring] = {
        let manifest = TestPaths.vendorFixtures.appendingPathComponent("MANIFEST.md")
        guard let text = try? String(contentsOf: manifest, encoding: .utf8) else { return [] }
        return text.split(separator: "\n")
    }()

    static let expected: [String: ExpectedResult] = {
        let table = TestPaths.vendorFixtures.appendingPathComponent("EXPECTED.tsv")
        guard let rows = try? ExpectedResult.load(table) else { return [:] }
        return Dictionary(uniqueKeysWithValues: rows.map { ($0.file, $0) })
    }()

    @Test("each fixture has no error, or exactly the error its malformation explains", arguments: files)
    func errors(_ file: String) throws {
        let bytes = try [UInt8](Data(contentsOf: TestPaths.vendorFixtures.appendingPathComponent(file)))
        let request = try PushSendRequest(jsonBytes: bytes)
        #expect(request.kind == .devicePayload)
        let errors = PushChecker().check(request).filter { $0.severity == .error }
        let expected = Self.expectedErrors[file]
        #expect(
            errors.map(\.rule.id) == expected.map { [$0.rule] } ?? [],
            "\(expected?.why ?? "well formed"): \(errors)"
        )
        for error in errors {
            #expect(error.platform != nil && error.path != nil, "\(error)")
        }
    }

    @Test(
        "every expected error is a fixture MANIFEST.md marks INVALID and EXPECTED.tsv gives to no vendor",
        arguments: expectedErrors.keys.sorted()
    )
    func expectedErrorsAreMalformed(_ file: String) throws {
        #expect(Self.files.contains(file))
        let row = try #require(Self.manifest.first { $0.contains("`\(file)`") })
        #expect(row.contains("INVALID"), "\(row)")
        #expect(Self.expected[file]?.vendor == "unknown")
    }
}
