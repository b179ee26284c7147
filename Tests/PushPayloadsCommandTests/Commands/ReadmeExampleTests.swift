import Foundation
import Testing

/// The README's command examples marked `<!-- README example, run by ReadmeExampleTests -->`: each `$`
/// line runs in a shell, in a scratch directory, with the built `push-payloads` first on the `PATH`, and
/// writes exactly the lines that follow it.
@Suite("README examples")
struct ReadmeExampleTests {
    static let marker = "<!-- README example, run by ReadmeExampleTests -->"

    /// Each marked block's commands, each with the output it shows.
    static func examples() throws -> [[(command: String, output: [String])]] {
        let readme = try String(
            contentsOf: CommandHarness.packageRoot.appendingPathComponent("README.md"),
            encoding: .utf8
        )
        var blocks: [[(command: String, output: [String])]] = []
        for part in readme.components(separatedBy: marker).dropFirst() {
            let lines = part.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard let open = lines.firstIndex(where: { $0.hasPrefix("```") }),
                let close = lines[(open + 1)...].firstIndex(where: { $0.hasPrefix("```") })
            else { continue }
            var commands: [(command: String, output: [String])] = []
            for line in lines[(open + 1)..<close] {
                if line.hasPrefix("$ ") {
                    commands.append((String(line.dropFirst(2)), []))
                } else if !commands.isEmpty {
                    commands[commands.count - 1].output.append(line)
                }
            }
            blocks.append(commands)
        }
        return blocks
    }

    @Test("the README has the marked examples: certainty with --platform, and fit")
    func found() throws {
        let commands = try Self.examples().flatMap { $0.map(\.command) }
        #expect(commands.contains { $0.contains("--platform ios") })
        #expect(commands.contains { $0.contains("push-payloads fit") })
    }

    @Test("each example writes what the README shows")
    func run() throws {
        let binary = try #require(CommandHarness.binary)
        for block in try Self.examples() {
            let scratch = try TemporaryDirectory()
            for (command, expected) in block {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/bin/sh")
                process.arguments = ["-c", command]
                process.currentDirectoryURL = scratch.url
                var environment = ProcessInfo.processInfo.environment
                environment["PATH"] =
                    binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
                process.environment = environment
                let output = scratch.url.appendingPathComponent("stdout")
                _ = FileManager.default.createFile(atPath: output.path, contents: nil)
                process.standardOutput = try FileHandle(forWritingTo: output)
                try process.run()
                process.waitUntilExit()
                let text = String(decoding: try Data(contentsOf: output), as: UTF8.self)
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
                #expect(lines == expected, "\(command)")
            }
        }
    }
}
