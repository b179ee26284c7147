public import Foundation

/// Where the test data lives, found from this file's path so tests run from any working directory.
public enum TestPaths {
    /// The package root.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The project's own corpus.
    public static let corpus: URL = packageRoot.appendingPathComponent("Corpus")

    /// The vendors' own test payloads, with their own `EXPECTED.tsv` and their origins and licences in
    /// `MANIFEST.md`. They live inside the corpus, so every walk of `corpus` reads them too.
    public static let vendorFixtures: URL = corpus.appendingPathComponent("vendor-fixtures")

    /// Every regular file below `directory`, as paths relative to it, sorted.
    public static func files(below directory: URL, extensions: Set<String>? = nil) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        var result: [String] = []
        while let path = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let full = directory.appendingPathComponent(path).path
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue else {
                continue
            }
            if let extensions, !extensions.contains((path as NSString).pathExtension) { continue }
            result.append(path)
        }
        return result.sorted()
    }
}

/// One row of an `EXPECTED.tsv` file: the expected classification of one payload file.
public struct ExpectedResult: Sendable, CustomStringConvertible {
    /// The file, relative to the table's folder.
    public var file: String
    /// `ok` or `error` (tables without a status column are all `ok` unless `error` is set).
    public var status: String
    /// The vendor name, or `unknown`.
    public var vendor: String
    /// Whether the push is silent.
    public var silent: Bool
    /// The other matching vendors, in precedence order.
    public var ambiguous: [String]
    /// `apns` or `fcm`, when the table says.
    public var shape: String?
    /// The expected error code name, for `error` rows.
    public var error: String?
    /// The extended registry's winner (`PushDecoderRegistry.extended`), or `unknown`; `nil` when the table
    /// has no `sender` column.
    public var sender: String?
    /// Whether the push is silent by the extended registry's winner, when the table says.
    public var senderSilent: Bool?
    /// The other senders whose markers match under the extended registry, in its precedence order, when
    /// the table says.
    public var senderAmbiguous: [String]?

    /// The file name.
    public var description: String { file }

    /// Reads a tab-separated table with a header row naming the columns.
    public static func load(_ table: URL) throws -> [ExpectedResult] {
        let text = try String(contentsOf: table, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
        guard !lines.isEmpty else { return [] }
        let header = lines.removeFirst()
        func column(_ name: String, _ row: [String]) -> String? {
            guard let index = header.firstIndex(of: name), index < row.count else { return nil }
            let value = row[index].trimmingCharacters(in: .whitespaces)
            return value.isEmpty ? nil : value
        }
        func list(_ text: String?) -> [String] {
            text?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } ?? []
        }
        let hasSenders = header.contains("sender")
        return lines.map { row in
            let error = column("error", row)
            let isOK = error == nil && column("status", row) != "error"
            let hasSender = hasSenders && isOK
            return ExpectedResult(
                file: column("file", row) ?? "",
                status: column("status", row) ?? (error == nil ? "ok" : "error"),
                vendor: column("vendor", row) ?? "unknown",
                silent: column("silent", row) == "true",
                ambiguous: column("ambiguous", row)?.split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces)
                } ?? [],
                shape: column("shape", row),
                error: error,
                sender: hasSender ? column("sender", row) ?? "unknown" : nil,
                senderSilent: hasSender ? column("sender_silent", row) == "true" : nil,
                senderAmbiguous: hasSender ? list(column("sender_ambiguous", row)) : nil
            )
        }
    }
}
