import Foundation
import PushPayloadsTestSupport
import Testing

/// A vendor is a plug-in, whole: everything the package knows about one of the four standard vendors is in a
/// `Vendors/<Vendor>/` folder of the module whose vocabulary it uses, and code elsewhere asks the registry.
@Suite("Vendor folders")
struct VendorFolderRuleTests {
    /// A vendor's case (`.cordial`, `notification.swrve`) or one of its types (`ExponeaDecoder`, `AtomicPushNotification`).
    // Unsafe only in name: a regex literal is never mutated.
    nonisolated(unsafe) static let vendorName =
        #/\.(cordial|exponea|swrve|atomic)\b|\b(Cordial|Exponea|Swrve|Atomic)[A-Z][A-Za-z]*/#

    /// The lines allowed to name a vendor outside its folder, each with its reason.
    static let allowed: [String: String] = [
        // The registry's list of standard decoders: the one place that names them all.
        "Sources/PushPayloads/Decoding/PushDecoderRegistry.swift":
            "ExponeaDecoder(), AtomicDecoder(), SwrveDecoder(), CordialDecoder(),"
    ]

    /// Every code line below `Sources/` outside a `Vendors/` folder that names a vendor: comments and the text of
    /// string literals (messages, rule sources) are not code that switches on a vendor.
    static func namingLines() throws -> [String] {
        let sources = TestPaths.packageRoot.appendingPathComponent("Sources")
        var found: [String] = []
        for path in TestPaths.files(below: sources, extensions: ["swift"]) where !path.contains("Vendors/") {
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//") else { continue }
                let withoutStrings = code.replacing(#/"(?:[^"\\]|\\.)*"/#, with: "\"\"")
                guard withoutStrings.contains(vendorName) else { continue }
                found.append("Sources/\(path): \(code)")
            }
        }
        return found
    }

    @Test("no code line outside a Vendors/ folder names one of the four vendors' cases or types")
    func noVendorNamedOutsideItsFolder() throws {
        let lines = try Self.namingLines().filter { line in
            !Self.allowed.contains { file, code in line == "\(file): \(code)" }
        }
        #expect(lines == [], "ask the registry, or move the code into the vendor's Vendors/<Vendor>/ folder")
    }

    @Test("each allowed line is still there, so the list says what is true")
    func allowedLinesExist() throws {
        let lines = Set(try Self.namingLines())
        for (file, code) in Self.allowed { #expect(lines.contains("\(file): \(code)"), "\(file)") }
    }
}
