import Foundation
import PushPayloadsTestSupport
import Testing

/// What the command shows a person at a terminal: progress on stderr, and the summary when stdout is a
/// terminal. `script` gives the binary a real pseudo-terminal, which no pipe or file can imitate.
@Suite("Terminal output", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
struct TerminalOutputTests {
    /// Runs `command` (a shell command line) with a pseudo-terminal as stdin, stdout and stderr, and
    /// returns what appeared on the terminal.
    func onTerminal(_ command: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        process.currentDirectoryURL = CommandHarness.packageRoot
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// A capture big enough that the run outlasts the first progress update (a quarter second).
    func largeCapture(in directory: TemporaryDirectory) throws -> URL {
        let sample = try Data(contentsOf: CommandHarness.captures.appendingPathComponent("sample.jsonl"))
        let url = directory.url.appendingPathComponent("large.jsonl")
        var data = Data()
        for _ in 0..<400 { data.append(sample) }
        try data.write(to: url)
        return url
    }

    @Test("progress goes to a terminal stderr with payloads, MB, rate and ETA; --quiet silences it")
    func progress() throws {
        let binary = try #require(CommandHarness.binary).path
        let directory = try TemporaryDirectory()
        let capture = try largeCapture(in: directory).path
        let shown = try onTerminal("'\(binary)' classify --jobs 1 '\(capture)' > /dev/null")
        #expect(shown.contains(" payloads, "))
        #expect(shown.contains(" MB of "))
        #expect(shown.contains("MB/s"))
        #expect(shown.contains("ETA"))
        let quiet = try onTerminal("'\(binary)' classify --quiet --jobs 1 '\(capture)' > /dev/null")
        #expect(quiet.isEmpty, "--quiet printed: \(quiet)")
    }

    @Test("the summary is shown without --summary when stdout is a terminal")
    func summaryOnTerminal() throws {
        let binary = try #require(CommandHarness.binary).path
        let shown = try onTerminal("'\(binary)' classify Corpus/captures/mixed-errors.jsonl")
        #expect(shown.contains("10 payloads: 5 ok, 5 errors"))
    }
}
