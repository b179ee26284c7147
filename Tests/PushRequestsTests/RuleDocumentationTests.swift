import Foundation
import PushPayloadsTestSupport
import PushRequests
import Testing

/// `docs/checks.md` lists every rule, once, with its severity.
@Suite("The rule list in docs/checks.md")
struct RuleDocumentationTests {
    static let document: String? = try? String(
        contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/checks.md"),
        encoding: .utf8
    )

    /// The rows of the rule tables: `| `id` | severity | holds | … | … |`, as (id, severity, holds).
    static var rows: [(id: String, severity: String, holds: String)] {
        (document ?? "").split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 6, cells[1].hasPrefix("`"), cells[1].hasSuffix("`"), cells[1].count > 2 else {
                return nil
            }
            return (String(cells[1].dropFirst().dropLast()), cells[2], cells[3])
        }
    }

    @Test("every rule id appears in docs/checks.md")
    func everyIDAppears() throws {
        let document = try #require(Self.document)
        for rule in PushCheckRule.all {
            #expect(document.contains("`\(rule.id)`"), "\(rule.id)")
        }
    }

    @Test("the tables have one row per rule, with the rule's severity and scope, and say how many there are")
    func tables() throws {
        let document = try #require(Self.document)
        let rows = Self.rows
        #expect(rows.map(\.id).sorted() == PushCheckRule.all.map(\.id).sorted())
        let severities = Dictionary(uniqueKeysWithValues: PushCheckRule.all.map { ($0.id, $0.severity.rawValue) })
        let scopes = Dictionary(uniqueKeysWithValues: PushCheckRule.all.map { ($0.id, $0.scope) })
        for row in rows {
            #expect(severities[row.id] == row.severity, "\(row.id)")
            let holds: PushCheckRule.Scope? =
                row.holds == "always" ? .request : row.holds == "on the platform" ? .device : nil
            #expect(scopes[row.id] == holds, "\(row.id): \(row.holds)")
        }
        #expect(document.contains("`PushCheckRule.all` lists \(PushCheckRule.all.count) rules"))
    }
}
