public import Foundation

/// A DocC article whose code a test compiles: its code blocks, and code compared line by line.
public struct DocCArticle: Sendable {
    /// The article's file.
    public var url: URL

    /// The article at `path`, relative to the package root.
    public init(path: String) {
        url = TestPaths.packageRoot.appendingPathComponent(path)
    }

    /// The article's code blocks of `language`, in order.
    public func codeBlocks(_ language: String) throws -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in try String(contentsOf: url, encoding: .utf8).split(
            separator: "\n",
            omittingEmptySubsequences: false
        ) {
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

    /// Lines without their indentation, without imports and blank lines: what must match between an
    /// article's snippet and the test file that compiles it.
    public static func normalized(_ code: some StringProtocol) -> String {
        code.split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("import ") }
            .joined(separator: "\n")
    }
}
