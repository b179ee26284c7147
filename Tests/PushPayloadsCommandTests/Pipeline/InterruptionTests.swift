import Foundation
import PushPayloadsTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT and SIGTERM on a paused stream (issue 37): `tail -f log | push-payloads classify`, then Ctrl-C. The
/// writer keeps standard input open and sends nothing more, so a command that waits for its next read never
/// ends. Every command and kind stops at once, writes the records of every whole line it read (the same as a run
/// over those lines alone), prints its summary, and exits 128 + the signal.
@Suite struct InterruptionTests {
    static let push = #"{"aps":{"alert":{"title":"T","body":"B"}},"mcID":"m1","deepLink":"app://x"}"#
    /// A line `lint` has a finding for, so its output is not empty.
    static let finding = #"{"aps":{"alert":"x","badge":"1"}}"#
    static let inbox = #"{"message_id":1,"variant_id":1,"state":"U","sent_date":1,"end_date":2,"customer_json":{}}"#

    static let commands: [(arguments: [String], line: String)] = [
        (["classify", "--summary"], push),
        (["classify", "--summary", "--jobs", "2"], push),
        (["lint", "--summary"], finding),
        (["fit"], push),
        (["classify", "--kind", "inbox"], inbox),
    ]

    @Test(.timeLimit(.minutes(1)), arguments: [SIGINT, SIGTERM], commands.indices)
    func aSignalOnAPausedStreamWritesEveryWholeLine(_ number: Int32, _ index: Int) throws {
        let (arguments, line) = Self.commands[index]
        signal(SIGPIPE, SIG_IGN)
        let lines = 1_000
        let whole = Data([Data](repeating: Data((line + "\n").utf8), count: lines).joined())
        // The records of the whole lines alone, as a run that reaches the end of its input writes them.
        let expected = try CommandHarness.run(arguments.filter { $0 != "--summary" }, stdin: whole)

        let command = try StartedCommand(arguments)
        let (process, input) = (command.process, command.input)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        // The whole lines and half of the next, then nothing: the pipe stays open.
        input.fileHandleForWriting.write(whole + Data(line.utf8.prefix(20)))
        // Until the command has written what it can (or a second at most), then the signal.
        let deadline = Date().addingTimeInterval(3)
        while try Date() < deadline && command.stdout.count < expected.stdout.count { usleep(20_000) }
        usleep(200_000)
        let signalled = Date()
        kill(process.processIdentifier, number)
        while process.isRunning && Date().timeIntervalSince(signalled) < 10 { usleep(20_000) }
        let waited = Date().timeIntervalSince(signalled)
        #expect(!process.isRunning, "\(arguments) still running 10 s after the signal, with its input open")
        guard !process.isRunning else { return }
        #expect(waited < 5, "\(arguments) took \(waited) s to stop")
        #expect(process.terminationStatus == 128 + number)
        let written = try command.stdout
        #expect(written == expected.stdout, "\(arguments): \(written.count) bytes, expected \(expected.stdout.count)")
        let summary = try command.stderr
        if arguments.contains("--summary") {
            #expect(summary.contains("payloads"), "\(summary)")
        }
        try input.fileHandleForWriting.close()
    }
}
