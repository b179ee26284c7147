import Foundation
import PushPayloadsTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The command against an attacker's inputs and an impatient user (issue 22): signals, `--jobs`,
/// `--keep`, file names, endless inputs, zstd skippable frames and CSV formulas.
@Suite struct HostileInputTests {
    /// SIGINT or SIGTERM in the middle of a run: every line written is a whole record, the summary is
    /// printed, and the status is 128 + the signal. The input is a pipe fed until the command stops
    /// (at most 64 MB), so the signal arrives mid-run. `classify`, `lint` and `fit` share the run
    /// (`BatchRun`), so each is held to it.
    @Test(
        arguments: [SIGINT, SIGTERM],
        [["classify", "--summary", "--batch-bytes", "4096"], ["lint", "--summary"], ["fit"]]
    )
    func signalStopsAfterTheLastWholeRecord(_ number: Int32, _ arguments: [String]) throws {
        signal(SIGPIPE, SIG_IGN)
        let command = try StartedCommand(arguments)
        let (process, input) = (command.process, command.input)

        let line = Data(#"{"aps":{"alert":{"title":"T","body":"B"}},"mcID":"m1","deepLink":"app://x"}"#.utf8 + [0x0A])
        let chunk = Data([Data](repeating: line, count: 1_000).joined())
        let writer = input.fileHandleForWriting.fileDescriptor
        let start = Date()
        var signalled = false
        var written = 0
        while written < 64 << 20 && process.isRunning {
            let result = chunk.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
            if result < 0 { break }
            written += result
            if !signalled && Date().timeIntervalSince(start) > 0.5 {
                kill(process.processIdentifier, number)
                signalled = true
            }
        }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(signalled, "the input ran out before the signal")
        #expect(process.terminationStatus == 128 + number)
        let text = String(decoding: try command.stdout, as: UTF8.self)
        #expect(text.isEmpty || text.hasSuffix("\n"), "the output ends inside a record")
        for record in text.split(separator: "\n") {
            #expect(try JSONSerialization.jsonObject(with: Data(record.utf8)) is [String: Any], "\(record)")
        }
        let summary = try command.stderr
        if arguments.contains("--summary") {
            #expect(summary.contains("payloads"), "\(summary)")
        }
    }

    @Test func jobsAboveTheProcessorsAreCappedWithANote() throws {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let over = try CommandHarness.run(["classify", "--jobs", "\(cores + 7)"], stdin: Data(#"{"mcID":"a"}"#.utf8))
        #expect(over.status == 0)
        #expect(over.stderr.contains("--jobs \(cores + 7) is more than the \(cores) processors; using \(cores)"))
        #expect(over.lines.count == 1)
        let within = try CommandHarness.run(["classify", "--jobs", "\(cores)"], stdin: Data(#"{"mcID":"a"}"#.utf8))
        #expect(within.stderr.isEmpty, "\(within.stderr)")
    }

    @Test(arguments: [["--keep", "/k,/k"], ["--keep", "/k", "--keep", "/a,/k"]])
    func keepRefusesARepeatedPointer(_ keep: [String]) throws {
        let run = try CommandHarness.run(["classify", "--payload", "/p"] + keep, stdin: Data(#"{"p":{"a":1}}"#.utf8))
        #expect(run.status == 64)
        #expect(run.stderr.contains(#"--keep names "/k" more than once"#), "\(run.stderr)")
    }

    /// A file name's control characters (an escape sequence, a line break) reach stderr as spaces.
    @Test func messagesCleanControlCharactersFromFileNames() throws {
        let name = "evil\u{1B}[2J\nforged.jsonl"
        let run = try CommandHarness.run(["classify", name])
        #expect(run.status == 74)
        #expect(!run.stderr.contains("\u{1B}"))
        #expect(run.stderr.contains("cannot read evil [2J forged.jsonl"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    /// An endless input given as one document stops at the limit, not at its end.
    @Test(.timeLimit(.minutes(1)))
    func inspectOfAnEndlessInputStopsAtTheLimit() throws {
        let run = try CommandHarness.run(["inspect", "/dev/zero"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("too_large"), "\(run.stderr)")
        #expect(run.stderr.contains("more than 65536 bytes"), "\(run.stderr)")
    }

    @Test func aJSONFileOverTheLimitIsOneTooLargeRecord() throws {
        let folder = try TemporaryDirectory()
        try folder.write("big.json", Data(repeating: 0x20, count: 300_000) + Data(#"{"mcID":"a"}"#.utf8))
        let run = try CommandHarness.run(["classify", "big.json"], in: folder.url)
        let records = try run.records()
        #expect(records.count == 1)
        #expect((records.first?["error"] as? [String: Any])?["code"] as? String == "too_large")
    }

    /// A zstd stream may begin with a skippable frame (RFC 8878 §3.1.2); it is zstd, not text.
    #if Zstd
    @Test(.enabled(if: CompressedInputTests.hasZstd, "needs the zstd command"))
    func aZstdSkippableFrameIsSkipped() throws {
        // Magic 0x184D2A53, then a frame of 4 bytes that would be a JSON text if read as one.
        let skippable: [UInt8] = [0x53, 0x2A, 0x4D, 0x18, 0x04, 0x00, 0x00, 0x00, 0x7B, 0x7D, 0x0A, 0x0A]
        let payload = try CommandHarness.compress(Data(#"{"mcID":"a"}"#.utf8 + [0x0A]), with: ["zstd", "-q", "-c"])
        let run = try CommandHarness.run(["classify"], stdin: Data(skippable) + payload)
        let records = try run.records()
        #expect(records.count == 1, "\(run.output)")
        #expect(records.first?["vendor"] as? String == "cordial")
    }
    #endif

    /// OWASP's CSV injection advice: a cell that starts with `=`, `+`, `-`, `@`, a tab or CR gets a
    /// leading `'` inside quotes; plain numbers and a lone `-` are left alone.
    @Test(arguments: [
        ("=HYPERLINK(\\\"http://x\\\")", #""'=HYPERLINK(""http://x"")""#),
        ("+1+cmd", #""'+1+cmd""#),
        ("-2+3", #""'-2+3""#),
        ("@SUM(A1)", #""'@SUM(A1)""#),
        ("\\tx", "\"'\tx\""),
        ("-12.5", "-12.5"),
        ("plain", "plain"),
    ])
    func csvCellsCannotBeFormulas(_ title: String, _ cell: String) throws {
        let payload = #"{"aps":{"alert":{"title":""# + title + #""}},"mcID":"m"}"#
        let run = try CommandHarness.run(["classify", "--format", "csv"], stdin: Data(payload.utf8))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.output.contains("," + cell + ","), "\(run.output)")
    }

    @Test func helpSaysHowCSVCellsAreNeutralised() throws {
        let run = try CommandHarness.run(["classify", "--help"])
        #expect(run.output.replacingOccurrences(of: "\n", with: " ").contains("OWASP"))
    }
}

/// Issue 37: the limits that bound what one request costs hold for the inbox and the standard input's label too.
@Suite struct HostileInputLimitTests {
    /// An endless input read as an inbox page stops at the inbox input limit, as a push's does at its own.
    @Test(.timeLimit(.minutes(1)), arguments: [[String](), ["--line", "1"]])
    func inspectOfAnEndlessInboxStopsAtTheLimit(_ line: [String]) throws {
        let run = try CommandHarness.run(["inspect", "--kind", "inbox", "/dev/zero"] + line)
        #expect(run.status == 1)
        #expect(run.stderr.contains("too_large: more than 4194304 bytes; the limit is 4194304"), "\(run.stderr)")
    }

    @Test(.timeLimit(.minutes(1)))
    func inspectOfAnEndlessLineStopsAtTheLimit() throws {
        let run = try CommandHarness.run(["inspect", "--line", "1", "/dev/zero"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("more than 65536 bytes"), "\(run.stderr)")
    }

    /// A `.json` inbox file over the limit says "more than" the limit, not `Int.max` bytes.
    @Test func anInboxFileOverTheLimitSaysSo() throws {
        let folder = try TemporaryDirectory()
        try folder.write("big.json", Data(repeating: 0x20, count: 4_194_305) + Data("[]".utf8))
        let run = try CommandHarness.run(["classify", "--kind", "inbox", "big.json"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.output.contains("more than 4194304 bytes; the limit is 4194304"), "\(run.output)")
        #expect(!run.output.contains("9223372036854775807"))
    }

    /// Every record repeats the label, so it is bounded: 1,024 bytes.
    @Test func aSourceLabelOverTheLimitIsRefused() throws {
        let long = try CommandHarness.run(
            ["classify", "--source-label", String(repeating: "é", count: 513)],
            stdin: Data("{}\n".utf8)
        )
        #expect(long.status == 64)
        #expect(long.stderr.contains("--source-label is 1026 bytes; the limit is 1024"), "\(long.stderr)")
        let within = try CommandHarness.run(
            ["classify", "--source-label", String(repeating: "a", count: 1_024)],
            stdin: Data("{}\n".utf8)
        )
        #expect(within.status == 0)
        #expect(within.output.hasPrefix(#"{"source":"\#(String(repeating: "a", count: 1_024))""#))
    }
}
