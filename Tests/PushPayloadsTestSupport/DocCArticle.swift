import Foundation

/// A DocC article read for its code blocks, so a test can hold them equal to code it compiles.
public struct DocCArticle: Sendable {
    /// The article's text.
    public let text: String

    /// Reads the article at `path`, relative to the package root.
    public init(_ path: String) throws {
        text = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// The article's code blocks fenced as `language`, in order.
    public func codeBlocks(_ language: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```\(language)" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// Code compared as lines: without indentation, trailing `//` comments, imports and blank lines.
    public static func normalized(_ code: some StringProtocol) -> String {
        code.split(separator: "\n")
            .map { line in
                let code = line.range(of: " //").map { line[..<$0.lowerBound] } ?? line[...]
                return code.trimmingCharacters(in: .whitespaces)
            }
            .filter { !$0.isEmpty && !$0.hasPrefix("import ") }
            .joined(separator: "\n")
    }
}
