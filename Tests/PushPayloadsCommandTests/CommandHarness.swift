import Foundation
import PushPayloadsTestSupport
import Testing

/// What one run of the built `push-payloads` binary produced.
struct CommandResult {
    var status: Int32
    var stdout: Data
    var stderr: String

    var output: String { String(decoding: stdout, as: UTF8.self) }

    /// The stdout lines, without their line breaks.
    var lines: [String] { output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }

    /// Each stdout line parsed as a JSON object.
    func records() throws -> [[String: Any]] {
        try lines.map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed])
            return try #require(object as? [String: Any], "not an object: \(line)")
        }
    }
}

/// Runs the `push-payloads` binary that `swift build` put next to the test bundle.
enum CommandHarness {
    static let packageRoot = TestPaths.packageRoot
    static let captures = TestPaths.corpus.appendingPathComponent("captures")

    /// The binary: `PUSH_PAYLOADS_BINARY` if set, else `push-payloads` in the products directory, which
    /// holds the test bundle (`….xctest`, a directory on macOS and an executable on Linux).
    static let binary: URL? = {
        let fileManager = FileManager.default
        if let path = ProcessInfo.processInfo.environment["PUSH_PAYLOADS_BINARY"] {
            return URL(fileURLWithPath: path)
        }
        var directories: [URL] = []
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            directories.append(bundle.bundleURL.deletingLastPathComponent())
        }
        directories.append(Bundle.main.bundleURL)
        directories.append(Bundle.main.bundleURL.deletingLastPathComponent())
        directories.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        if let executable = try? fileManager.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            directories.append(URL(fileURLWithPath: executable).deletingLastPathComponent())
        }
        for directory in directories {
            let candidate = directory.appendingPathComponent("push-payloads")
            if fileManager.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    /// Runs the binary in `directory` (the package root by default) with `stdin` as standard input.
    static func run(
        _ arguments: [String],
        stdin: Data = Data(),
        in directory: URL = packageRoot,
        environment: [String: String] = [:]
    ) throws -> CommandResult {
        let binary = try #require(
            binary,
            "push-payloads was not found next to the test bundle; set PUSH_PAYLOADS_BINARY"
        )
        let scratch = try TemporaryDirectory()
        // Files rather than pipes: no deadlock when the command writes more than a pipe buffer holds.
        let input = scratch.url.appendingPathComponent("stdin")
        let output = scratch.url.appendingPathComponent("stdout")
        let errors = scratch.url.appendingPathComponent("stderr")
        try stdin.write(to: input)
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)

        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.standardInput = try FileHandle(forReadingFrom: input)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        process.waitUntilExit()
        return CommandResult(
            status: process.terminationStatus,
            stdout: try Data(contentsOf: output),
            stderr: String(decoding: try Data(contentsOf: errors), as: UTF8.self)
        )
    }
}

/// The binary started with a pipe as standard input, for tests that feed it while it runs (and signal it); its
/// output goes to files, so a command that writes more than a pipe holds never blocks.
struct StartedCommand {
    let process: Process
    let input: Pipe
    let output: URL
    let errors: URL
    /// Keeps the files until the test is done with them.
    let scratch: TemporaryDirectory

    init(_ arguments: [String]) throws {
        let binary = try #require(
            CommandHarness.binary,
            "push-payloads was not found next to the test bundle; set PUSH_PAYLOADS_BINARY"
        )
        scratch = try TemporaryDirectory()
        output = scratch.url.appendingPathComponent("stdout")
        errors = scratch.url.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        input = Pipe()
        process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
    }

    var stdout: Data { get throws { try Data(contentsOf: output) } }
    var stderr: String { get throws { String(decoding: try Data(contentsOf: errors), as: UTF8.self) } }
}

/// A directory removed when the value is released.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("push-payloads-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `contents` to `name` (folders created as needed) and returns its URL.
    @discardableResult
    func write(_ name: String, _ contents: String) throws -> URL {
        try write(name, Data(contents.utf8))
    }

    @discardableResult
    func write(_ name: String, _ contents: Data) throws -> URL {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: file)
        return file
    }
}
