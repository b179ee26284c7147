import ArgumentParser

/// `push-payloads`: classify captured push payloads, or inspect one, as the vendors' SDKs read them.
@main
struct PushPayloadsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push-payloads",
        abstract: "Recognise Cordial, Exponea, Swrve and Atomic push payloads exactly as each vendor's SDK does.",
        discussion: ExitStatus.discussion,
        subcommands: [ClassifyCommand.self, InspectCommand.self, LintCommand.self, FitCommand.self]
    )

    /// Notes what standard input is before anything can take descriptor 0
    /// (``StandardStreams/inputAtLaunch``), then parses the arguments and runs.
    static func main() {
        _ = StandardStreams.inputAtLaunch
        main(nil)
    }
}
