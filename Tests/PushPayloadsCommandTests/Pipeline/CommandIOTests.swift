import Dispatch
import Foundation
import PushPayloads
import Testing

@testable import PushPayloadsCommand

extension CommandHarness {
    /// Runs `script` with `/bin/sh` in `directory`, with the binary's path in `$PUSH_PAYLOADS`: for what
    /// `Process` cannot set up, such as arguments that are not UTF-8, a closed stdin or a low `ulimit`.
    static func shell(_ script: String, in directory: URL) throws -> CommandResult {
        let binary = try #require(binary, "push-payloads was not found next to the test bundle")
        let scratch = try TemporaryDirectory()
        let output = scratch.url.appendingPathComponent("stdout")
        let errors = scratch.url.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.environment = ProcessInfo.processInfo.environment.merging(["PUSH_PAYLOADS": binary.path]) { $1 }
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle.nullDevice
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

extension TemporaryDirectory {
    /// Writes `contents` to a file whose name is `bytes` (which need not be UTF-8) inside `folder`.
    func writeRaw(folder: String, name bytes: [UInt8], _ contents: String) throws {
        let directory = url.appendingPathComponent(folder)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = Array(directory.path.utf8) + [UInt8(ascii: "/")] + bytes + [0]
        let descriptor = path.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        }
        try #require(descriptor >= 0, "cannot create the file")
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        try handle.write(contentsOf: Data(contents.utf8))
    }
}

/// The command's file handling: names that are not UTF-8, symbolic links, deep trees with few
/// descriptors, a closed stdin and an output that cannot be written.
@Suite("push-payloads I/O")
struct CommandIOTests {
    static let latin1Name: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".jsonl".utf8)
    static let hasDevFull = FileManager.default.fileExists(atPath: "/dev/full")

    @Test("a file whose name is not UTF-8 is read from a directory, shown with U+FFFD, in byte order")
    func nonUTF8NameInDirectory() throws {
        let folder = try TemporaryDirectory()
        try folder.writeRaw(folder: "tree", name: Self.latin1Name, #"{"mcID":"e9"}"# + "\n")
        // The same name with another invalid byte: a distinct file, shown the same, sorted by its bytes.
        try folder.writeRaw(folder: "tree", name: Array("caf".utf8) + [0xE8] + Array(".jsonl".utf8), #"{"mcID":"e8"}"#)
        try folder.write("tree/b.jsonl", #"{"_p":"7"}"# + "\n")
        let result = try CommandHarness.run(["classify", "tree"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        let records = try result.records()
        #expect(
            records.map { $0["source"] as? String } == [
                "tree/b.jsonl", "tree/caf\u{FFFD}.jsonl", "tree/caf\u{FFFD}.jsonl",
            ]
        )
        #expect(records.map { $0["message_id"] as? String } == ["7", "e8", "e9"])
        // CSV and the table show the same name.
        let csv = try CommandHarness.run(["classify", "--format", "csv", "tree"], in: folder.url)
        #expect(csv.status == 0)
        #expect(try CSV.parse(csv.output).dropFirst().map { $0[0] }.last == "tree/caf\u{FFFD}.jsonl")
    }

    @Test("a file whose name is not UTF-8 is read when given as an argument, by classify and inspect")
    func nonUTF8NameAsArgument() throws {
        let folder = try TemporaryDirectory()
        try folder.writeRaw(folder: "tree", name: Self.latin1Name, #"{"mcID":"e9"}"# + "\n")
        let classified = try CommandHarness.shell(
            #"exec "$PUSH_PAYLOADS" classify "$(printf 'tree/caf\351.jsonl')""#,
            in: folder.url
        )
        #expect(classified.status == 0, "\(classified.stderr)")
        let records = try classified.records()
        #expect(records.map { $0["source"] as? String } == ["tree/caf\u{FFFD}.jsonl"])
        #expect(records.first?["message_id"] as? String == "e9")

        let inspected = try CommandHarness.shell(
            #"exec "$PUSH_PAYLOADS" inspect "$(printf 'tree/caf\351.jsonl')""#,
            in: folder.url
        )
        #expect(inspected.status == 0, "\(inspected.stderr)")
        #expect(inspected.output.contains(#""message_id": "e9""#))

        // A missing file with such a name is reported by its shown name.
        let missing = try CommandHarness.shell(
            #"exec "$PUSH_PAYLOADS" classify "$(printf 'tree/caf\350.jsonl')""#,
            in: folder.url
        )
        #expect(missing.status == 74)
        #expect(missing.stderr.contains("cannot read tree/caf\u{FFFD}.jsonl: No such file or directory"))
    }

    @Test("an output that cannot be written is exit 74 with a message", .enabled(if: hasDevFull))
    func outputToDevFull() throws {
        let folder = try TemporaryDirectory()
        try folder.write("one.json", #"{"mcID":"x"}"#)
        for command in ["inspect one.json", "classify one.json", "classify --format csv one.json"] {
            let result = try CommandHarness.shell(#"exec "$PUSH_PAYLOADS" \#(command) >/dev/full"#, in: folder.url)
            #expect(result.status == 74, "\(command)")
            #expect(result.stderr.contains("cannot write the output: No space left on device"), "\(command)")
        }
    }

    @Test("with stdin closed, - is an input that cannot be read and the files are still classified")
    func closedStandardInput() throws {
        let folder = try TemporaryDirectory()
        try folder.write("a.jsonl", #"{"mcID":"1"}"# + "\n" + #"{"mcID":"2"}"# + "\n")
        for arguments in ["a.jsonl -", "- a.jsonl"] {
            let result = try CommandHarness.shell(#"exec "$PUSH_PAYLOADS" classify \#(arguments) <&-"#, in: folder.url)
            #expect(result.status == 74, "\(arguments)")
            #expect(result.stderr == "push-payloads: cannot read -: standard input is closed\n", "\(arguments)")
            let records = try result.records()
            #expect(records.map { $0["source"] as? String } == ["a.jsonl", "a.jsonl"], "\(arguments)")
        }
        // A file that gets descriptor 0 is an ordinary file, read once and closed.
        let files = try CommandHarness.shell(#"exec "$PUSH_PAYLOADS" classify a.jsonl a.jsonl <&-"#, in: folder.url)
        #expect(files.status == 0, "\(files.stderr)")
        #expect(files.lines.count == 4)

        let inspected = try CommandHarness.shell(#"exec "$PUSH_PAYLOADS" inspect - <&-"#, in: folder.url)
        #expect(inspected.status == 74)
        #expect(inspected.stderr.contains("cannot read -: standard input is closed"))
    }

    @Test("dangling and looping .jsonl links in a directory are reported in order, counted, and exit 74")
    func brokenSymbolicLinks() throws {
        let folder = try TemporaryDirectory()
        try folder.write("tree/good.jsonl", #"{"mcID":"g"}"# + "\n")
        try folder.write("tree/sub/x.txt", "not a payload")
        let manager = FileManager.default
        let tree = folder.url.appendingPathComponent("tree")
        try manager.createSymbolicLink(
            atPath: tree.appendingPathComponent("a-dangling.jsonl").path,
            withDestinationPath: "gone.jsonl"
        )
        try manager.createSymbolicLink(
            atPath: tree.appendingPathComponent("loop.jsonl").path,
            withDestinationPath: "loop.jsonl"
        )
        try manager.createSymbolicLink(
            atPath: tree.appendingPathComponent("link.jsonl").path,
            withDestinationPath: "good.jsonl"
        )
        try manager.createSymbolicLink(
            atPath: tree.appendingPathComponent("dir.jsonl").path,
            withDestinationPath: "sub"
        )
        try manager.createSymbolicLink(
            atPath: tree.appendingPathComponent("gone.txt").path,
            withDestinationPath: "nowhere"
        )

        let expectedMessages = [
            "push-payloads: cannot read tree/a-dangling.jsonl: broken symbolic link: No such file or directory",
            "push-payloads: cannot read tree/loop.jsonl: broken symbolic link: Too many levels of symbolic links",
        ]
        for format in ["jsonl", "csv", "table"] {
            let result = try CommandHarness.run(["classify", "--summary", "--format", format, "tree"], in: folder.url)
            #expect(result.status == 74, "\(format)")
            let messages = result.stderr.split(separator: "\n").filter { $0.hasPrefix("push-payloads:") }
            #expect(messages.map(String.init) == expectedMessages, "\(format)")
            #expect(
                result.stderr.contains("2 payloads: 2 ok, 0 errors (4 inputs, 2 unreadable, "),
                "\(format): the broken links count as inputs, and the summary says they could not be read"
            )
            // The link to a directory and the link that is no payload file are skipped, as links always were.
            switch format {
            case "jsonl":
                #expect(try result.records().map { $0["source"] as? String } == ["tree/good.jsonl", "tree/link.jsonl"])
            case "csv":
                #expect(
                    try CSV.parse(result.output).dropFirst().map(\.first) == ["tree/good.jsonl", "tree/link.jsonl"]
                )
            default:
                #expect(
                    result.lines.dropFirst().map { $0.prefix { $0 != " " } } == ["tree/good.jsonl", "tree/link.jsonl"]
                )
            }
        }
        let readable = try CommandHarness.run(["classify", "--summary", "tree/good.jsonl"], in: folder.url)
        #expect(
            readable.stderr.hasPrefix("1 payloads: 1 ok, 0 errors (1 input, 13 B in "),
            "no unreadable count when none"
        )

        let lint = try CommandHarness.run(["lint", "--summary", "tree"], in: folder.url)
        #expect(lint.status == 74)
        let lintMessages = lint.stderr.split(separator: "\n").filter { $0.hasPrefix("push-payloads:") }
        #expect(lintMessages.map(String.init) == expectedMessages)
        #expect(
            lint.stderr.contains("2 payloads and requests: 0 findings, 0 unreadable (4 inputs, 2 of them unreadable, ")
        )
    }

    @Test("a directory tree 300 levels deep is read with 32 descriptors", arguments: [1, 2])
    func deepTreeFewDescriptors(jobs: Int) throws {
        let folder = try TemporaryDirectory()
        let levels = String(repeating: "d/", count: 300)
        try folder.write("deep/\(levels)leaf.jsonl", #"{"mcID":"leaf"}"# + "\n")
        try folder.write("deep/top.jsonl", #"{"mcID":"top"}"# + "\n")
        let result = try CommandHarness.shell(
            #"ulimit -n 32 && exec "$PUSH_PAYLOADS" classify --jobs \#(jobs) deep"#,
            in: folder.url
        )
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try result.records().map { $0["source"] as? String } == ["deep/\(levels)leaf.jsonl", "deep/top.jsonl"])
    }

    @Test("paths keep their slashes as given; a slash after a file's name is still an error")
    func slashes() throws {
        let folder = try TemporaryDirectory()
        try folder.write("tree/a.jsonl", "{}\n")
        let doubled = try CommandHarness.run(["classify", "tree//", "./tree/a.jsonl"], in: folder.url)
        #expect(doubled.status == 0)
        #expect(try doubled.records().map { $0["source"] as? String } == ["tree//a.jsonl", "./tree/a.jsonl"])
        let trailing = try CommandHarness.run(["classify", "tree/a.jsonl/"], in: folder.url)
        #expect(trailing.status == 74)
        #expect(trailing.stderr.contains("cannot read tree/a.jsonl/: Not a directory"))
    }

    @Test("a closed queue wakes every waiting pop, after its remaining elements")
    func blockingQueueClose() {
        let queue = BlockingQueue<Int>([1, 2])
        let popped = SharedValue<[Int]>([])
        let waiters = DispatchGroup()
        for index in 0..<4 {
            DispatchQueue(label: "waiter-\(index)").async(group: waiters) {
                while let element = queue.pop() { popped.withLock { $0.append(element) } }
            }
        }
        queue.push(3)
        queue.close()
        #expect(waiters.wait(timeout: .now() + 60) == .success)
        #expect(popped.current.sorted() == [1, 2, 3])
    }
}
