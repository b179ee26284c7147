import Foundation
import PushPayloads
import PushPayloadsTestSupport
import Testing

/// One version, in one place: the changelog's newest entry, the library's constant and the binary's
/// `--version` are the same string.
@Suite("push-payloads --version")
struct VersionTests {
    @Test("--version prints the library's version and exits 0")
    func printsVersion() throws {
        let result = try CommandHarness.run(["--version"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.output == pushPayloadsVersion + "\n")
    }

    @Test("the changelog's newest entry is that version")
    func changelogAgrees() throws {
        let changelog = try String(
            contentsOf: TestPaths.packageRoot.appendingPathComponent("CHANGELOG.md"),
            encoding: .utf8
        )
        let newest = try #require(changelog.split(separator: "\n").first { $0.hasPrefix("## ") })
        #expect(newest.dropFirst(3).split(separator: " ").first.map(String.init) == pushPayloadsVersion)
    }
}
