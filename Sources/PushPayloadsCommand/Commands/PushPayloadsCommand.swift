import ArgumentParser
import PushPayloads

/// `push-payloads`: classify captured push payloads, or inspect one, as the vendors' SDKs read them.
@main
struct PushPayloadsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push-payloads",
        abstract: "Recognise Cordial, Exponea, Swrve and Atomic push payloads exactly as each vendor's SDK does.",
        discussion: ExitStatus.discussion,
        version: pushPayloadsVersion,
        subcommands: [ClassifyCommand.self, InspectCommand.self, LintCommand.self, FitCommand.self]
    )

    /// Notes what standard input is before anything can take descriptor 0
    /// (``StandardStreams/inputAtLaunch``), then parses the arguments and runs.
    static func main() {
        PipelineTrace.noteLaunch()
        _ = StandardStreams.inputAtLaunch
        main(nil)
    }
}

/// The exit statuses of `push-payloads`, from sysexits.h where one fits.
enum ExitStatus {
    /// Every payload was read (payloads of no known vendor are not errors).
    static let success: Int32 = 0
    /// At least one payload could not be read (`classify`), or the payload is invalid (`inspect`).
    static let payloadErrors: Int32 = 1
    /// EX_IOERR: an input could not be opened or read, or the output could not be written.
    static let inputFailure: Int32 = 74

    /// The exit-status section of `--help`.
    static let discussion = """
        EXIT STATUS
          0   Every payload was parsed (payloads of no known vendor are "unknown",
              not errors).
          1   classify: at least one payload is an error record (invalid JSON,
              too large, ...). inspect: the payload is invalid. lint: a finding
              at error level, or an input that is not valid JSON. fit: an
              input it cannot cut under the limit (cannot_fit) or read.
          64  Usage error: an unknown option, a bad value, or --engine jansson in
              a build without the Jansson trait.
          74  An input could not be opened or read, or stopped part way (truncated
              or corrupt compressed data: an io_error record follows its last
              records), or the output could not be written. stderr names the
              input; classify goes on with the other inputs and exits 74, which
              wins over 1.
        """
}
